/** Durable workflow runs (src/workflows): a key sees the runs it started; an admin key sees every run. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type TSchema } from 'typebox'
import { validate as isUuid } from 'uuid'
import { fail } from '../errors.js'
import { presentRun, presentRunSummary } from '../workflows/record.js'
import { MAX_RESUMES } from '../workflows/runner.js'
import { errorResponses } from './openapi-schemas.js'

const STATUSES = ['running', 'paused', 'succeeded', 'failed', 'rejected', 'expired', 'interrupted']
const PAGE = 50
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])

const runFields = {
  id: Type.String({ format: 'uuid' }),
  workflow: Type.String({ description: "The workflow's name" }),
  path: Type.String({ description: 'The workflow file, relative to the workspace' }),
  status: Type.String({ enum: STATUSES }),
  caller: Type.Object({ id: Type.String(), name: Type.String() }),
  execution_id: Type.String({ description: 'The workflow_run call that started it' }),
  approval_id: Nullable(Type.String({ description: 'The held call a paused run waits on' })),
  waiting_step: Nullable(Type.String()),
  resumes: Type.Integer({
    description: `Starts that resumed it after the server stopped while it ran, since the last shutdown asked for by a signal; past ${MAX_RESUMES} it is stopped as interrupted instead`,
  }),
  error_code: Nullable(Type.String()),
  error: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  finished_at: Nullable(Type.String()),
}
const Step = Type.Object({
  key: Type.String({ description: 'The step’s place in the run: `id`, or `loop[2].id` inside a for_each' }),
  id: Type.String(),
  kind: Type.String({ description: 'tool, agent or for_each' }),
  tool: Nullable(Type.String()),
  status: Type.String(),
  execution_id: Nullable(Type.String()),
  approval_id: Nullable(Type.String()),
  output: Type.Unknown({ description: 'What the step answered (redacted)' }),
  error_code: Nullable(Type.String()),
  error: Nullable(Type.String()),
  started_at: Type.String(),
  finished_at: Nullable(Type.String()),
})
const WorkflowRun = Type.Object(
  {
    ...runFields,
    params: Type.Unknown({ description: 'The parameters it ran with (redacted)' }),
    outputs: Type.Unknown({ description: "The workflow's outputs once it finished" }),
    steps: Type.Array(Step),
  },
  { $id: 'WorkflowRun', description: 'A durable workflow run' },
)
const RunList = Type.Object({ runs: Type.Array(Type.Object(runFields)) }, { description: 'Runs, newest first, without their steps' })

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
        operationId: 'listWorkflowRuns',
        summary: 'Workflow runs, newest first (without their steps)',
        description: "A key sees the runs it started, an admin key everyone's.",
        tags: ['workflows'],
        security: [{ bearerAuth: [] }],
        querystring: Type.Object({
          status: Type.Optional(Type.Enum(STATUSES)),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: PAGE })),
        }),
        response: { 200: RunList, ...errorResponses(400, 401, 500, 503) },
      },
    },
    async (request) => {
      const caller = await viewer(request)
      const query = { ...request.query, limit: request.query.limit ?? PAGE }
      const rows = await app.workflows.store.list({ ...query, callerId: caller.scopes.includes('admin') ? undefined : caller.id })
      return { runs: rows.map(presentRunSummary) }
    },
  )

  app.get(
    '/v1/workflow-runs/:id',
    {
      schema: {
        operationId: 'getWorkflowRun',
        summary: 'One workflow run: its status, each step (status, output, execution), its outputs',
        description:
          'Statuses: running, paused (waiting for `approval_id`), succeeded, failed, rejected, expired, interrupted. ' +
          'Parameters and outputs are shown redacted, as history shows them.',
        tags: ['workflows'],
        security: [{ bearerAuth: [] }],
        params: Type.Object({ id: Type.String({ maxLength: 64, description: 'The run id' }) }),
        response: { 200: Type.Object({ run: WorkflowRun }, { description: 'The run' }), ...errorResponses(400, 401, 404, 500, 503) },
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
