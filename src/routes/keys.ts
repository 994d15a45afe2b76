/** API keys (admin): create (the key is shown this once), list, revoke. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { SCOPES } from '../tools/define.js'
import { ApiKey, CreatedApiKey, ref } from './components.js'
import { errorResponses } from './openapi-schemas.js'

const KeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Type.Enum([...SCOPES]), { uniqueItems: true }),
    workspace: Type.Optional(Type.String({ maxLength: 500, description: "Folder inside the server workspace this key's tools are confined to" })),
  },
  { additionalProperties: false },
)

const security = [{ bearerAuth: [] }]
const LIST_SCHEMA = {
  operationId: 'listKeys',
  summary: 'List API keys (never the keys themselves)',
  description: 'Every key, revoked ones included, newest first: name, scopes, workspace, prefix and last use. Needs the admin scope.',
  tags: ['keys'],
  security,
  response: { 200: Type.Object({ keys: Type.Array(ref(ApiKey)) }, { description: 'The keys' }), ...errorResponses(400, 401, 403, 500, 503) },
}

const CREATE_SCHEMA = {
  operationId: 'createKey',
  summary: 'Create an API key; the answer is the only time the key is shown',
  description: 'Scopes: read, write, exec, network (tools), approve (decide held calls), admin (keys, registry, metrics). Needs the admin scope.',
  tags: ['keys'],
  security,
  body: KeyBody,
  response: {
    201: { ...ref(CreatedApiKey), description: 'Created: the key is in `key`, shown this once' },
    ...errorResponses(400, 401, 403, 413, 415, 500, 503),
  },
}

const REVOKE_SCHEMA = {
  operationId: 'revokeKey',
  summary: 'Revoke an API key',
  description: 'The key stops working at once, on every instance. Needs the admin scope.',
  tags: ['keys'],
  security,
  params: Type.Object({ id: Type.String({ description: 'Key id' }) }),
  response: { 200: Type.Object({ key: ref(ApiKey) }, { description: 'The revoked key' }), ...errorResponses(400, 401, 403, 404, 500, 503) },
}

export default async function keyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // Authenticate before the body is parsed and validated: an anonymous caller learns nothing.
  app.addHook('onRequest', async (request) => {
    await app.keys.requireScope(request, 'admin')
  })
  app.get(
    '/v1/keys',
    {
      schema: LIST_SCHEMA,
    },
    async () => ({ keys: await app.keys.list() }),
  )

  app.post(
    '/v1/keys',
    {
      schema: CREATE_SCHEMA,
    },
    async (request, reply) => {
      const created = await app.keys.create(request.body)
      return reply.code(201).send(created)
    },
  )

  app.delete(
    '/v1/keys/:id',
    {
      schema: REVOKE_SCHEMA,
    },
    async (request) => {
      const { id } = request.params
      return { key: await app.keys.revoke(id) }
    },
  )
}
