/** Step 6: calls that need someone's approval are held (202) instead of run. */
import crypto from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type { ApprovalDecision } from '../../tools/define.js'
import { round } from '../answer.js'
import type { AdmittedCall, CallOutcome, PipelineDeps } from '../call.js'

export function approvalNeeded(deps: PipelineDeps, call: AdmittedCall): ApprovalDecision {
  // A dry run of a tool that honours it changes nothing, so it needs nobody's approval.
  if (call.context.dryRun && call.tool.supportsDryRun) return { required: false }
  return deps.approvals.decide(call.tool, call.args)
}

export async function hold(deps: PipelineDeps, call: AdmittedCall, reason: string | undefined): Promise<CallOutcome> {
  const { tool, record } = call
  const executionId = record.id
  const approvalId = crypto.randomUUID()
  const duration = round(performance.now() - call.t0)
  const approver = deps.config.approvalSelf === 'allow' ? 'a key' : 'another key than this one'
  const message = `${tool.name} needs approval${reason ? ` (${reason})` : ''}: POST /v1/approvals/${approvalId}/approve with ${approver} holding the "approve" scope; the result will be at GET /v1/executions/${executionId}`
  // The execution row first: an approval must never exist without the row its result goes to.
  await deps.history.insertNow({ ...record, status: 'pending', httpStatus: 202, durationMs: Math.round(duration), messages: [message] })
  let held: { id: string; expiresAt: Date }
  try {
    held = await deps.approvals.hold({ id: approvalId, tool, args: call.args, context: call.context, caller: call.caller, executionId, reason })
  } catch (err) {
    await deps.history
      .complete(executionId, {
        status: 'error',
        httpStatus: 500,
        errorCode: 'INTERNAL_ERROR',
        error: 'The call could not be queued for approval',
        completedAt: new Date(),
      })
      .catch(() => {})
    throw err
  }
  deps.metrics.observe(tool.name, 'pending', undefined, duration)
  deps.log.info({ tool: tool.name, args: call.args, approval_id: held.id, execution_id: executionId }, `Tool ${tool.name} held for approval`)
  call.headers.location = `/v1/executions/${executionId}`
  return {
    statusCode: 202,
    body: {
      status: 'pending',
      approval_id: held.id,
      execution_id: executionId,
      expires_at: held.expiresAt.toISOString(),
      duration_ms: duration,
      messages: [message],
    },
    headers: call.headers,
  }
}
