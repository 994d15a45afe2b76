/**
 * One execution (history) row as a line of COPY text, redacted on the way. History is written on
 * every call, so the row is serialized once, when the call ends, into a flat string: the objects
 * behind it die young, and the batch that reaches Postgres is the cheapest form it can load.
 */
import type { Redactor } from '../redaction/index.js'
import { copyInt, copyJson, copyText, copyTime } from './copy-text.js'
import type { executions } from './schema/index.js'

/** A call as history keeps it; `instance` is added by the writer. */
export type ExecutionRecord = Omit<typeof executions.$inferInsert, 'instance'>

/** The columns of a line, in order. */
export const EXECUTION_COLUMNS = [
  'id', 'tool', 'toolset', 'transport', 'params', 'caller_id', 'caller_name', 'session_id', 'agent_id', 'request_id',
  'status', 'http_status', 'error_code', 'error', 'result', 'messages', 'dry_run', 'usage', 'duration_ms',
  'started_at', 'completed_at', 'instance',
] as const

/**
 * `instance` must already be COPY text (copyText). Free text from callers is redacted: context
 * headers, like arguments, may carry a pasted token.
 */
export function executionLine(r: ExecutionRecord, instance: string, redactor: Redactor): string {
  const { redact, redactString } = redactor
  return `${copyText(r.id)}\t${copyText(r.tool)}\t${copyText(r.toolset)}\t${copyText(r.transport)}\t${copyJson(redact(r.params))}\t` +
    `${copyText(r.callerId)}\t${copyText(r.callerName)}\t${redactedText(r.sessionId, redactString)}\t` +
    `${redactedText(r.agentId, redactString)}\t${redactedText(r.requestId, redactString)}\t${copyText(r.status)}\t` +
    `${copyInt(r.httpStatus)}\t${copyText(r.errorCode)}\t${redactedText(r.error, redactString)}\t${copyJson(redact(r.result))}\t` +
    `${copyJson(redact(r.messages))}\t${copyInt(r.dryRun ?? 0)}\t${copyJson(r.usage)}\t${copyInt(r.durationMs)}\t` +
    `${copyTime(r.startedAt)}\t${copyTime(r.completedAt)}\t${instance}\n`
}

const redactedText = (s: string | null | undefined, redactString: (s: string) => string) =>
  copyText(s == null ? s : redactString(s))
