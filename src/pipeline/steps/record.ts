/** Step 8: the answer, its history row, its metrics and its one log line. */
import { performance } from 'node:perf_hooks'
import { errorBody, normalize, okBody, round } from '../answer.js'
import type { AdmittedCall, Call, CallOutcome, Execution, PipelineDeps, Settled } from '../call.js'
import { logEnd } from '../call-log.js'
import { admit } from './context.js'
import { merged } from '../../lib/merged.js'
import type { AnswerStatus, AnyTool } from '../../tools/define.js'

/**
 * A call refused before it has an execution (unknown tool, key, scope, rate limit, headers). A client's
 * refusal leaves no row (a key without a scope could fill history with them); an inner call's does,
 * under its parent, whose own limits bound how many it makes.
 */
export function refused(deps: PipelineDeps, call: Call, err: unknown): CallOutcome {
  const name = call.request.tool
  const e = normalize(deps, err, undefined, name.slice(0, 128))
  const duration = round(performance.now() - call.t0)
  const executionId = recordInnerRefusal(deps, call, e, duration)
  // Unknown names get one fixed label: client-chosen labels would grow the registry without bound.
  deps.metrics.observe(e.code === 'TOOL_NOT_FOUND' ? '_unknown' : name, 'error', e.code, duration)
  const logged = { tool: name.slice(0, 128), error_code: e.code, duration_ms: duration, ...(executionId && { execution_id: executionId }) }
  deps.log.warn(logged, `Tool ${name.slice(0, 128)} refused: ${e.message}`)
  const meta = executionId ? { execution_id: executionId, duration_ms: duration } : { duration_ms: duration }
  return { statusCode: e.statusCode, body: errorBody(e, meta), headers: merged(call.headers, e.headers) }
}

/** The row of a refused inner call of a registered tool, as its caller made it; its id, or undefined when none is written. */
function recordInnerRefusal(deps: PipelineDeps, call: Call, e: ReturnType<typeof normalize>, duration: number): string | undefined {
  const registered = deps.registry.get(call.request.tool)
  const caller = call.request.caller
  if (!call.request.parentExecutionId || !caller || !registered) return undefined
  let record: AdmittedCall['record']
  try {
    record = admit(call, registered, caller).record
  } catch {
    return undefined // its context headers were refused: nothing sound to record
  }
  recordNotRun(deps, record, e, duration)
  return record.id
}

/** The row of a call that ended before its tool ran: its error, as answered. */
function recordNotRun(deps: PipelineDeps, record: AdmittedCall['record'], e: ReturnType<typeof normalize>, duration: number): void {
  deps.history.record({
    ...record,
    status: 'error',
    httpStatus: e.statusCode,
    errorCode: e.code,
    error: e.message,
    durationMs: Math.round(duration),
    completedAt: new Date(),
  })
}

/** A call whose arguments failed validation: recorded, never run. */
export function invalid(deps: PipelineDeps, call: AdmittedCall, err: unknown): CallOutcome {
  const { tool, record } = call
  const e = normalize(deps, err, record.id, tool.name)
  const duration = round(performance.now() - call.t0)
  recordNotRun(deps, record, e, duration)
  deps.metrics.observe(tool.name, 'error', e.code, duration)
  deps.log.warn(
    { tool: tool.name, args: call.request.args, success: false, duration_ms: duration, execution_id: record.id, caller: call.caller.id },
    `Tool ${tool.name} failed: ${e.message}`,
  )
  return { statusCode: e.statusCode, body: errorBody(e, { execution_id: record.id, duration_ms: duration }, tool), headers: call.headers }
}

/** The code history and metrics give a call whose tool ran and answered `success: false` (its answer is still 200). */
export const TOOL_FAILED = 'TOOL_FAILED'

/** A tool's own failure: seed 002/003 tools answer `success: false` (a command that exited non-zero). */
function reportedFailure(settled: Settled): string | undefined {
  if (!settled.ok || typeof settled.output !== 'object' || settled.output === null) return undefined
  const { success, error } = settled.output as { success?: unknown; error?: unknown }
  if (success !== false) return undefined
  return typeof error === 'string' && error !== '' ? error : 'The tool reported a failure'
}

/** The history status, code and message of a settled call; a tool's own failure is an error too (seed 002 §7 "Failed"). */
function statusOf(settled: Settled): { status: string; code: string | null; message: string | null } {
  if (!settled.ok) return { status: settled.error.code === 'TIMEOUT' ? 'timeout' : 'error', code: settled.error.code, message: settled.error.message }
  const failed = reportedFailure(settled)
  return failed === undefined ? { status: 'ok', code: null, message: null } : { status: 'error', code: TOOL_FAILED, message: failed }
}

/**
 * A successful answer, with the status its tool says (`ToolDefinition.status`): 202 is "pending",
 * with the approval it waits on, as a held call's answer is. A status function that throws or
 * answers nonsense leaves the answer a 200 (logged): the output itself is sound.
 */
function answered(deps: PipelineDeps, tool: AnyTool, output: unknown, body: Record<string, unknown>, headers: Record<string, string>): CallOutcome {
  if (!tool.status) return { statusCode: 200, body, headers }
  let status: AnswerStatus | undefined
  try {
    status = tool.status(output)
  } catch (err) {
    deps.log.error({ err, tool: tool.name }, `The status function of ${tool.name} failed; answering 200`)
  }
  if (status?.code === 202) return { statusCode: 202, body: { ...body, status: 'pending', approval_id: status.approvalId }, headers }
  return { statusCode: status?.code === 201 ? 201 : 200, body, headers }
}

/**
 * A call that ran (or could not start): answered, its row queued (`resumed`: a held call's row,
 * updated at once), counted and logged.
 */
export async function finish(deps: PipelineDeps, call: AdmittedCall, execution: Execution, settled: Settled, resumed: boolean): Promise<CallOutcome> {
  const { tool, record, headers } = call
  const { messages } = execution
  const duration = round(performance.now() - call.t0)
  const envelope = { executionId: record.id, duration, messages, dryRun: call.context.dryRun }
  let outcome: CallOutcome
  if (settled.ok) {
    outcome = answered(deps, tool, settled.output, okBody(settled.output, envelope), headers)
  } else {
    const e = settled.error
    const extra = { execution_id: record.id, duration_ms: duration, messages, ...(call.context.dryRun && { dry_run: true }) }
    outcome = { statusCode: e.statusCode, body: errorBody(e, extra, tool), headers: merged(headers, e.headers) }
  }
  const { status, code, message } = statusOf(settled)
  const done = {
    status,
    httpStatus: outcome.statusCode,
    errorCode: code,
    error: message,
    result: settled.ok ? (settled.output ?? null) : (settled.error.details ?? null),
    messages,
    usage: execution.usage ?? null,
    durationMs: Math.round(duration),
    completedAt: new Date(),
  }
  if (resumed) await deps.history.complete(record.id, { params: record.params, ...done })
  else deps.history.record(merged(record, done))
  deps.metrics.observe(tool.name, status, code ?? undefined, duration)
  logEnd(deps, call, {
    success: status === 'ok',
    durationMs: duration,
    output: settled.ok ? settled.output : undefined,
    error: message === null ? undefined : { code, message },
  })
  return outcome
}
