/** Execution history (seed 002 §7): a key sees its own calls; an admin key sees everyone's. */
import type { FastifyInstance } from 'fastify'
import { fail } from '../errors.js'

export default async function executionRoutes(app: FastifyInstance) {
  app.get('/v1/executions', {
    schema: {
      summary: 'Execution history, newest first',
      tags: ['history'],
      security: [{ bearerAuth: [] }],
      querystring: {
        type: 'object',
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          cursor: { type: 'string', maxLength: 256 },
          tool: { type: 'string', maxLength: 256 },
          status: { type: 'string', enum: ['ok', 'error', 'timeout', 'pending', 'running', 'interrupted', 'rejected', 'expired'] },
        },
      },
    },
  }, async (request) => {
    const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
    if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'Execution history needs an API key: send "Authorization: Bearer <api key>"')
    const q = request.query as { limit: number; cursor?: string; tool?: string; status?: string }
    return app.history.list({ ...q, callerId: caller.scopes.includes('admin') ? undefined : caller.id })
  })

  app.get('/v1/executions/:id', {
    schema: { summary: "One execution, with its result once it ran (a held call's, after approval)", tags: ['history'], security: [{ bearerAuth: [] }] },
  }, async (request) => {
    const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
    if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'Execution history needs an API key: send "Authorization: Bearer <api key>"')
    const { id } = request.params as { id: string }
    await app.approvals.expireStale()
    const execution = await app.history.get(id, caller.scopes.includes('admin') ? undefined : caller.id)
    if (!execution) fail('EXECUTION_NOT_FOUND', `No execution with id ${id} visible to this key`)
    return { execution }
  })
}
