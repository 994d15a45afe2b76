/** API keys (admin): create (the key is shown this once), list, revoke. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { SCOPES } from '../tools/define.js'

const KeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Type.Union(SCOPES.map((s) => Type.Literal(s))), { uniqueItems: true }),
    workspace: Type.Optional(Type.String({ maxLength: 500, description: "Folder inside the server workspace this key's tools are confined to" })),
  },
  { additionalProperties: false },
)

export default async function keyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const security = [{ bearerAuth: [] }]
  // Authenticate before the body is parsed and validated: an anonymous caller learns nothing.
  app.addHook('onRequest', async (request) => {
    await app.keys.requireScope(request, 'admin')
  })
  app.get('/v1/keys', { schema: { summary: 'List API keys (never the keys themselves)', tags: ['keys'], security } }, async () => {
    return { keys: await app.keys.list() }
  })

  app.post(
    '/v1/keys',
    {
      schema: {
        summary: 'Create an API key; the answer is the only time the key is shown',
        tags: ['keys'],
        security,
        body: KeyBody,
      },
    },
    async (request, reply) => {
      const created = await app.keys.create(request.body)
      return reply.code(201).send(created)
    },
  )

  app.delete(
    '/v1/keys/:id',
    { schema: { summary: 'Revoke an API key', tags: ['keys'], security, params: Type.Object({ id: Type.String() }) } },
    async (request) => {
      const { id } = request.params
      return { key: await app.keys.revoke(id) }
    },
  )
}
