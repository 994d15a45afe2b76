/**
 * The approval queue: list held calls, approve one (it runs now, exactly once) or reject it. Each
 * approver sees and decides only the calls of its workspace, and never its own (see the plugin).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { fail } from '../errors.js'
import { Approval, Nullable, ref } from './components.js'
import { errorResponses } from './openapi-schemas.js'
import type { Claimed } from '../approvals/queue.js'

const DecisionBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: 2000, description: 'Why, kept with the decision' })) },
  { additionalProperties: false },
)
const IdParams = Type.Object({ id: Type.String({ description: 'Approval id' }) })
const security = [{ bearerAuth: [] }]
const PAGE = 100
// The note is optional, so is the body: `curl -X POST …/approve` sends none, and that must not be a 400.
const emptyBodyIsNoNote = async (request: FastifyRequest) => {
  request.body ??= {}
}

const Decided = Type.Object({
  approval: ref(Approval),
  execution_id: Type.String({ format: 'uuid', description: 'The held call, in history' }),
})
const Approved = Type.Object(
  {
    ...Decided.properties,
    http_status: Type.Integer({ description: 'The status the call answered with' }),
    result: Type.Record(Type.String(), Type.Unknown(), { description: "The call's answer, as the tool's route would have given it" }),
  },
  { description: 'Approved: the call ran, once; its answer is here and in history' },
)

const SCHEMAS = {
  list: {
    operationId: 'listApprovals',
    summary: 'Calls held for approval',
    description: 'Newest first; pending ones by default. An approver confined to a folder sees the calls made in it.',
    tags: ['approvals'],
    security,
    querystring: Type.Object({
      status: Type.Optional(Type.Enum(['pending', 'approved', 'rejected', 'expired', 'all'], { default: 'pending' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: PAGE })),
      cursor: Type.Optional(Type.String({ maxLength: 100, description: 'The next_cursor of the page before' })),
    }),
    response: {
      200: Type.Object(
        {
          approvals: Type.Array(ref(Approval)),
          next_cursor: Nullable(Type.String(), 'Where the next page starts (a page stops at `limit` rows or about 1 MiB); null on the last'),
        },
        { description: 'The approvals' },
      ),
      ...errorResponses(400, 401, 403, 500, 503),
    },
  },
  get: {
    operationId: 'getApproval',
    summary: 'One approval',
    description: 'A held call, with its redacted arguments and, once decided, who decided and why.',
    tags: ['approvals'],
    security,
    params: IdParams,
    response: { 200: Type.Object({ approval: ref(Approval) }, { description: 'The approval' }), ...errorResponses(400, 401, 403, 404, 500, 503) },
  },
  approve: {
    operationId: 'approveCall',
    summary: 'Approve a held call: it runs now, once, and its result is returned and kept in history',
    description: 'Needs the approve scope, and a key other than the one that made the call (unless TOOLGATE_APPROVAL_SELF=allow).',
    tags: ['approvals'],
    security,
    params: IdParams,
    body: DecisionBody,
    response: { 200: Approved, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500, 503) },
  },
  reject: {
    operationId: 'rejectCall',
    summary: 'Reject a held call: it never runs',
    description: 'Needs the approve scope; the call is recorded as rejected (APPROVAL_REJECTED) in history.',
    tags: ['approvals'],
    security,
    params: IdParams,
    body: DecisionBody,
    response: {
      200: Type.Object(Decided.properties, { description: 'Rejected: the call will never run' }),
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500, 503),
    },
  },
}

/**
 * Runs an approved call; if it cannot run, its execution is closed as failed, never left pending.
 * Either way the decision is announced (a paused workflow run waits on it).
 */
async function runApproved(app: FastifyInstance, id: string, claimed: Claimed) {
  const announce = (outcome: { statusCode: number; body: Record<string, unknown> }) =>
    app.approvals.announce({ approvalId: id, executionId: claimed.executionId, decision: 'approved', outcome })
  try {
    const outcome = await app.pipeline.resume(claimed)
    announce(outcome)
    return outcome
  } catch (err) {
    // The approval is used up: record the failure so the execution does not stay pending forever.
    await app.history
      .complete(claimed.executionId, {
        status: 'error',
        httpStatus: 500,
        errorCode: 'INTERNAL_ERROR',
        error: 'The approved call failed to run',
        completedAt: new Date(),
      })
      .catch(() => {})
    announce({ statusCode: 500, body: { status: 'error', error_code: 'INTERNAL_ERROR', error_message: 'The approved call failed to run' } })
    throw err
  }
}

export default async function approvalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/v1/approvals', { schema: SCHEMAS.list }, async (request) => {
    const viewer = await app.keys.requireScope(request, 'approve')
    const { status = 'pending', limit = PAGE, cursor } = request.query
    return app.approvals.list({ status, limit, cursor }, viewer)
  })

  app.get('/v1/approvals/:id', { schema: SCHEMAS.get }, async (request) => {
    const viewer = await app.keys.requireScope(request, 'approve')
    const { id } = request.params
    const approval = await app.approvals.get(id, viewer)
    if (!approval) fail('APPROVAL_NOT_FOUND', `No approval with id ${id} visible to this key`)
    return { approval }
  })

  app.post('/v1/approvals/:id/approve', { schema: SCHEMAS.approve, preValidation: emptyBodyIsNoNote }, async (request) => {
    const approver = await app.keys.requireScope(request, 'approve')
    const claimed = await app.approvals.claim(request.params.id, 'approved', approver, request.body?.note)
    const outcome = await runApproved(app, request.params.id, claimed)
    return { approval: claimed.approval, execution_id: claimed.executionId, http_status: outcome.statusCode, result: outcome.body }
  })

  app.post('/v1/approvals/:id/reject', { schema: SCHEMAS.reject, preValidation: emptyBodyIsNoNote }, async (request) => {
    const approver = await app.keys.requireScope(request, 'approve')
    const note = request.body?.note
    const claimed = await app.approvals.claim(request.params.id, 'rejected', approver, note)
    await app.history.complete(claimed.executionId, {
      status: 'rejected',
      httpStatus: 403,
      errorCode: 'APPROVAL_REJECTED',
      error: `Rejected by ${approver.name}${note ? `: ${note}` : ''}`,
      completedAt: new Date(),
    })
    app.approvals.announce({ approvalId: request.params.id, executionId: claimed.executionId, decision: 'rejected' })
    return { approval: claimed.approval, execution_id: claimed.executionId }
  })
}
