/**
 * The approval queue: list held calls, approve one (it runs now, exactly once) or reject it. Each
 * approver sees and decides only the calls of its workspace, and never its own (see the plugin).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fail } from '../errors.js'

const decisionBody = { type: 'object', properties: { note: { type: 'string', maxLength: 2000 } } }
// The note is optional, so is the body: `curl -X POST …/approve` sends none, and that must not be a 400.
const emptyBodyIsNoNote = async (request: FastifyRequest) => {
  request.body ??= {}
}

export default async function approvalRoutes(app: FastifyInstance) {
  app.get(
    '/v1/approvals',
    {
      schema: {
        summary: 'Calls held for approval',
        tags: ['approvals'],
        security: [{ bearerAuth: [] }],
        querystring: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['pending', 'approved', 'rejected', 'expired', 'all'], default: 'pending' },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
          },
        },
      },
    },
    async (request) => {
      const viewer = await app.keys.requireScope(request, 'approve')
      const q = request.query as { status: string; limit: number }
      return { approvals: await app.approvals.list(q, viewer) }
    },
  )

  app.get('/v1/approvals/:id', { schema: { summary: 'One approval', tags: ['approvals'], security: [{ bearerAuth: [] }] } }, async (request) => {
    const viewer = await app.keys.requireScope(request, 'approve')
    const { id } = request.params as { id: string }
    const approval = await app.approvals.get(id, viewer)
    if (!approval) fail('APPROVAL_NOT_FOUND', `No approval with id ${id} visible to this key`)
    return { approval }
  })

  app.post(
    '/v1/approvals/:id/approve',
    {
      schema: {
        summary: 'Approve a held call: it runs now, once, and its result is returned and kept in history',
        tags: ['approvals'],
        security: [{ bearerAuth: [] }],
        body: decisionBody,
      },
      preValidation: emptyBodyIsNoNote,
    },
    async (request, reply) => {
      const approver = await app.keys.requireScope(request, 'approve')
      const { id } = request.params as { id: string }
      const claimed = await app.approvals.claim(id, 'approved', approver, (request.body as { note?: string } | undefined)?.note)
      let outcome
      try {
        outcome = await app.pipeline.resume(claimed)
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
        const body = { status: 'error', error_code: 'INTERNAL_ERROR', error_message: 'The approved call failed to run' }
        app.approvals.announce({ approvalId: id, executionId: claimed.executionId, decision: 'approved', outcome: { statusCode: 500, body } })
        throw err
      }
      app.approvals.announce({ approvalId: id, executionId: claimed.executionId, decision: 'approved', outcome })
      return reply.code(200).send({ approval: claimed.approval, execution_id: claimed.executionId, http_status: outcome.statusCode, result: outcome.body })
    },
  )

  app.post(
    '/v1/approvals/:id/reject',
    {
      schema: { summary: 'Reject a held call: it never runs', tags: ['approvals'], security: [{ bearerAuth: [] }], body: decisionBody },
      preValidation: emptyBodyIsNoNote,
    },
    async (request) => {
      const approver = await app.keys.requireScope(request, 'approve')
      const { id } = request.params as { id: string }
      const note = (request.body as { note?: string } | undefined)?.note
      const claimed = await app.approvals.claim(id, 'rejected', approver, note)
      await app.history.complete(claimed.executionId, {
        status: 'rejected',
        httpStatus: 403,
        errorCode: 'APPROVAL_REJECTED',
        error: `Rejected by ${approver.name}${note ? `: ${note}` : ''}`,
        completedAt: new Date(),
      })
      app.approvals.announce({ approvalId: id, executionId: claimed.executionId, decision: 'rejected' })
      return { approval: claimed.approval, execution_id: claimed.executionId }
    },
  )
}
