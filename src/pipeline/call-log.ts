/**
 * What a tool call writes to the log, in seed 002 §10's words: INFO "Executing tool: X", DEBUG
 * "Parameters: …", "Context: …" and "Result: …", then INFO "Tool X succeeded" or WARN "Tool X
 * failed: …", each carrying the execution id, tool and caller (and the duration at the end) so
 * that both formats say what happened. Parameters are redacted before they are put in a message.
 */
import { merged } from '../lib/merged.js'
import { bound, LOG_BOUNDS } from '../redaction/index.js'
import type { AdmittedCall, Execution, PipelineDeps } from './call.js'
import { seconds } from './context.js'

/** DEBUG lines cost a serialization each: made only when they will be written. */
const debugOn = (deps: PipelineDeps) => deps.log.level === 'debug' || deps.log.level === 'trace'

/** The fields every line of one call carries. */
const fieldsOf = (call: AdmittedCall) => ({ execution_id: call.record.id, tool: call.tool.name, caller: call.caller.id })

/** The call's arguments as the log may show them: bounded, then redacted (field names and patterns). */
function shownArgs(deps: PipelineDeps, args: unknown): string {
  return JSON.stringify(deps.redactor.redact(bound(args, LOG_BOUNDS))) ?? 'null'
}

/** INFO "Executing tool: X"; at DEBUG, the parameters and the context it runs with. */
export function logStart(deps: PipelineDeps, call: AdmittedCall, execution: Execution): void {
  const fields = fieldsOf(call)
  deps.log.info(fields, `Executing tool: ${call.tool.name}`)
  if (!debugOn(deps)) return
  deps.log.debug(fields, `Parameters: ${shownArgs(deps, call.args)}`)
  const c = call.context
  const context = [
    `working_dir=${call.caller.workspace}`,
    `timeout=${seconds(execution.timeoutMs)}`,
    `max_output_size=${execution.maxOutputSize}`,
    `dry_run=${c.dryRun}`,
    `session_id=${c.sessionId ?? '-'}`,
    `agent_id=${c.agentId ?? '-'}`,
    `request_id=${c.requestId}`,
  ]
  deps.log.debug(fields, `Context: ${context.join(', ')}`)
}

export interface Ended {
  success: boolean
  durationMs: number
  /** The tool's output when it answered (its size goes in the DEBUG Result line). */
  output?: unknown
  error?: { code: string | null; message: string }
}

/** DEBUG "Result: …", then INFO "Tool X succeeded" or WARN "Tool X failed: …". */
export function logEnd(deps: PipelineDeps, call: AdmittedCall, ended: Ended): void {
  // Listed, not spread from fieldsOf: see src/lib/merged.ts.
  const fields = { execution_id: call.record.id, tool: call.tool.name, caller: call.caller.id, success: ended.success, duration_ms: ended.durationMs }
  if (debugOn(deps)) {
    const size = ended.output === undefined ? 0 : Buffer.byteLength(JSON.stringify(ended.output) ?? '')
    deps.log.debug(fields, `Result: success=${ended.success}, output_size=${size}, duration_ms=${ended.durationMs}`)
  }
  if (ended.error) deps.log.warn(merged(fields, { args: call.args, error_code: ended.error.code }), `Tool ${call.tool.name} failed: ${ended.error.message}`)
  else deps.log.info(merged(fields, { args: call.args }), `Tool ${call.tool.name} succeeded`)
}

/** ERROR "Tool X raised exception: Error: …", with the stack (the pretty format prints it below). */
export function logException(deps: PipelineDeps, tool: string | undefined, err: unknown, executionId?: string): void {
  const e = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  deps.log.error({ err, execution_id: executionId, tool }, `Tool ${tool ?? '(unknown)'} raised exception: ${e}`)
}
