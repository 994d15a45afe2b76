/** Durable workflow runs (src/workflows): a key sees the runs it started; an admin key sees every run. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { validate as isUuid } from 'uuid'
import { fail } from '../errors.js'
import { presentRun, presentRunSummary } from '../workflows/record.js'

const STATUSES = ['running', 'paused', 'succeeded', 'failed', 'rejected', 'expired', 'interrupted']

export default async function workflowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const viewer = async (request: FastifyRequest) => {
    const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
    if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'Workflow runs need an API key: send "Authorization: Bearer <api key>"')
    return caller
  }

  app.get(
    '/v1/workflow-runs',
    {
      schema: {
        summary: 'Workflow runs, newest first (without their steps)',
        tags: ['workflows'],
        security: [{ bearerAuth: [] }],
        querystring: Type.Object({
          status: Type.Optional(Type.Union(STATUSES.map((s) => Type.Literal(s)))),
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
        }),
      },
    },
    async (request) => {
      const caller = await viewer(request)
      const rows = await app.workflows.store.list({ ...request.query, callerId: caller.scopes.includes('admin') ? undefined : caller.id })
      return { runs: rows.map(presentRunSummary) }
    },
  )

  app.get(
    '/v1/workflow-runs/:id',
    {
      schema: {
        summary: 'One workflow run: its status, each step (status, output, execution), its outputs',
        description:
          'Statuses: running, paused (waiting for `approval_id`), succeeded, failed, rejected, expired, interrupted. ' +
          'Parameters and outputs are shown redacted, as history shows them.',
        tags: ['workflows'],
        security: [{ bearerAuth: [] }],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
      },
    },
    async (request) => {
      const caller = await viewer(request)
      const { id } = request.params
      // A paused run whose approval has expired ends `expired` (told through the approvals' listeners).
      await app.approvals.expireStale()
      const found = isUuid(id) ? await app.workflows.store.get(id) : undefined
      if (!found || (found.row.callerId !== caller.id && !caller.scopes.includes('admin'))) {
        fail('WORKFLOW_RUN_NOT_FOUND', `No workflow run with id ${id.slice(0, 64)} visible to this key`)
      }
      return { run: presentRun(found.row, found.steps) }
    },
  )
}
