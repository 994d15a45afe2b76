/** Execution history (seed 002 §7): a key sees its own calls; an admin key sees everyone's. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { fail } from '../errors.js'

const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  cursor: Type.Optional(Type.String({ maxLength: 256 })),
  tool: Type.Optional(Type.String({ maxLength: 256 })),
  parent: Type.Optional(Type.String({ format: 'uuid', description: 'Only the calls this execution made (a subagent or a workflow step)' })),
  status: Type.Optional(Type.Union(['ok', 'error', 'timeout', 'pending', 'running', 'interrupted', 'rejected', 'expired'].map((s) => Type.Literal(s)))),
})

export default async function executionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/executions',
    {
      schema: {
        summary: 'Execution history, newest first',
        tags: ['history'],
        security: [{ bearerAuth: [] }],
        querystring: ListQuery,
      },
    },
    async (request) => {
      const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
      if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'Execution history needs an API key: send "Authorization: Bearer <api key>"')
      return app.history.list({ ...request.query, callerId: caller.scopes.includes('admin') ? undefined : caller.id })
    },
  )

  app.get(
    '/v1/executions/:id',
    {
      schema: {
        summary: "One execution, with its result once it ran (a held call's, after approval)",
        tags: ['history'],
        security: [{ bearerAuth: [] }],
        params: Type.Object({ id: Type.String() }),
      },
    },
    async (request) => {
      const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
      if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'Execution history needs an API key: send "Authorization: Bearer <api key>"')
      const { id } = request.params
      await app.approvals.expireStale()
      const execution = await app.history.get(id, caller.scopes.includes('admin') ? undefined : caller.id)
      if (!execution) fail('EXECUTION_NOT_FOUND', `No execution with id ${id} visible to this key`)
      return { execution }
    },
  )
}
