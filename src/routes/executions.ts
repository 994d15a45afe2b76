/** Execution history (seed 002 §7): a key sees its own calls; an admin key sees everyone's. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { fail } from '../errors.js'
import { Execution, ref } from './components.js'
import { errorResponses } from './openapi-schemas.js'

const PAGE = 50
const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: PAGE })),
  cursor: Type.Optional(Type.String({ maxLength: 256 })),
  tool: Type.Optional(Type.String({ maxLength: 256 })),
  parent: Type.Optional(Type.String({ format: 'uuid', description: 'Only the calls this execution made (a subagent or a workflow step)' })),
  status: Type.Optional(Type.Enum(['ok', 'error', 'timeout', 'pending', 'running', 'interrupted', 'rejected', 'expired'])),
})
const Page = Type.Object(
  {
    executions: Type.Array(ref(Execution)),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as ?cursor= for the next page; null on the last' }),
    total: Type.Integer({ description: 'Calls matching the filters' }),
  },
  { description: 'A page of history, newest first' },
)
const One = Type.Object({ execution: ref(Execution) }, { description: 'The execution' })

export default async function executionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/executions',
    {
      schema: {
        operationId: 'listExecutions',
        summary: 'Execution history, newest first',
        description: "A key sees its own calls, an admin key everyone's. Page with ?limit= and ?cursor=; filter by tool, status or parent call.",
        tags: ['history'],
        security: [{ bearerAuth: [] }],
        querystring: ListQuery,
        response: { 200: Page, ...errorResponses(400, 401, 500, 503) },
      },
    },
    async (request) => {
      const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
      if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'Execution history needs an API key: send "Authorization: Bearer <api key>"')
      return app.history.list({ ...request.query, limit: request.query.limit ?? PAGE, callerId: caller.scopes.includes('admin') ? undefined : caller.id })
    },
  )

  app.get(
    '/v1/executions/:id',
    {
      schema: {
        operationId: 'getExecution',
        summary: "One execution, with its result once it ran (a held call's, after approval)",
        description: 'Where a held call (202) leaves its result once approved. A key sees its own calls, an admin key any.',
        tags: ['history'],
        security: [{ bearerAuth: [] }],
        params: Type.Object({ id: Type.String({ description: 'Execution id' }) }),
        response: { 200: One, ...errorResponses(400, 401, 404, 500, 503) },
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
