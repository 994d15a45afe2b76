/** API keys (admin): create (the key is shown this once), list, revoke. */
import type { FastifyInstance } from 'fastify'
import { SCOPES, type Scope } from '../tools/define.js'

export default async function keyRoutes(app: FastifyInstance) {
  const security = [{ bearerAuth: [] }]
  // Authenticate before the body is parsed and validated: an anonymous caller learns nothing.
  app.addHook('onRequest', async (request) => {
    await app.keys.requireScope(request, 'admin')
  })
  app.get('/v1/keys', { schema: { summary: 'List API keys (never the keys themselves)', tags: ['keys'], security } }, async (request) => {
    return { keys: await app.keys.list() }
  })

  app.post('/v1/keys', {
    schema: {
      summary: 'Create an API key; the answer is the only time the key is shown',
      tags: ['keys'],
      security,
      body: {
        type: 'object',
        required: ['name', 'scopes'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100 },
          scopes: { type: 'array', items: { type: 'string', enum: [...SCOPES] }, uniqueItems: true },
          workspace: { type: 'string', maxLength: 500, description: "Folder inside the server workspace this key's tools are confined to" },
        },
      },
    },
  }, async (request, reply) => {
    const body = request.body as { name: string; scopes: Scope[]; workspace?: string }
    const created = await app.keys.create(body)
    return reply.code(201).send(created)
  })

  app.delete('/v1/keys/:id', { schema: { summary: 'Revoke an API key', tags: ['keys'], security } }, async (request) => {
    const { id } = request.params as { id: string }
    return { key: await app.keys.revoke(id) }
  })
}
