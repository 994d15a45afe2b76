/**
 * An execution (history) row in the two forms it travels in. The thread that answered the call
 * only encodes it: a JSON array of its fields, one cheap `JSON.stringify`. The history writer (a
 * worker thread on Postgres) turns that into a line of COPY text, redacting on the way.
 */
import type { Redactor } from '../redaction/index.js'
import { copyInt, copyJson, copyText, copyTime } from '../db/copy-text.js'
import type { executions } from '../db/schema/index.js'

/** A call as history keeps it; `instance` is added by the writer. */
export type ExecutionRecord = Omit<typeof executions.$inferInsert, 'instance'>

/** The columns of a COPY line, in order. */
export const EXECUTION_COLUMNS = [
  'id', 'tool', 'toolset', 'transport', 'params', 'caller_id', 'caller_name', 'session_id', 'agent_id', 'request_id',
  'status', 'http_status', 'error_code', 'error', 'result', 'messages', 'dry_run', 'usage', 'duration_ms',
  'started_at', 'completed_at', 'instance',
] as const

type Encoded = [
  id: string, tool: string, toolset: string, transport: string, params: unknown, callerId: string, callerName: string,
  sessionId: string | null, agentId: string | null, requestId: string | null, status: string, httpStatus: number,
  errorCode: string | null, error: string | null, result: unknown, messages: unknown, dryRun: number, usage: unknown,
  durationMs: number | null, startedAt: number, completedAt: number | null,
]

const bigintAsText = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)

// JSON.stringify costs about 50 ns an element here (Node 20), and history encodes every call:
// the known fields are written by hand, and only free-form values go through it.
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/
const str = (s: string | null | undefined) => (s == null ? 'null' : NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`)
const num = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? `${n}` : 'null')
/** JSON text of a value; `null` for what JSON has no text for (undefined, a function). */
const json = (v: unknown) => (v == null ? 'null' : Array.isArray(v) && v.length === 0 ? '[]' : (JSON.stringify(v) ?? 'null'))

/**
 * The record as one JSON array (`Encoded`). Times are epoch milliseconds. `resultJson`, when given,
 * is `r.result` already serialized.
 */
export function encodeRow(r: ExecutionRecord, redactor: Redactor, resultJson?: string): string {
  let values: string
  try {
    values = `${json(r.params)},"${r.callerId}",${str(r.callerName)},${str(r.sessionId)},${str(r.agentId)},${str(r.requestId)},` +
      `"${r.status}",${num(r.httpStatus)},${str(r.errorCode)},${str(r.error)},${resultJson ?? json(r.result)},${json(r.messages)},` +
      `${num(r.dryRun ?? 0)},${json(r.usage)},${num(r.durationMs)},${num(r.startedAt.getTime())},${num(r.completedAt?.getTime())}]`
  } catch {
    // Not plain JSON (a cycle, a BigInt): the redactor's copy breaks cycles and flattens the odd types.
    const safe = (v: unknown) => JSON.stringify(redactor.redact(v ?? null), bigintAsText) ?? 'null'
    values = `${safe(r.params)},"${r.callerId}",${str(r.callerName)},${str(r.sessionId)},${str(r.agentId)},${str(r.requestId)},` +
      `"${r.status}",${num(r.httpStatus)},${str(r.errorCode)},${str(r.error)},${safe(r.result)},${safe(r.messages)},` +
      `${num(r.dryRun ?? 0)},${safe(r.usage)},${num(r.durationMs)},${num(r.startedAt.getTime())},${num(r.completedAt?.getTime())}]`
  }
  // id, tool, toolset, transport, caller id and status are ours, and plain: a UUID, registered
  // names (letters, digits, "_", "-", "."), fixed words, `key_<hex>`.
  return `["${r.id}","${r.tool}","${r.toolset}","${r.transport}",${values}`
}

/** The id of an encoded row, for log lines about it. */
export const encodedRowId = (row: string): string => (JSON.parse(row) as Encoded)[0]

/**
 * An encoded row as a line of COPY text. `instance` must already be COPY text. Free text from
 * callers is redacted: context headers, like arguments, may carry a pasted token.
 */
export function copyLine(row: string, instance: string, redactor: Redactor): string {
  const r = JSON.parse(row) as Encoded
  const { redact, redactString } = redactor
  const text = (s: string | null) => copyText(s === null ? s : redactString(s))
  return `${copyText(r[0])}\t${copyText(r[1])}\t${copyText(r[2])}\t${copyText(r[3])}\t${copyJson(redact(r[4]))}\t` +
    `${copyText(r[5])}\t${copyText(r[6])}\t${text(r[7])}\t${text(r[8])}\t${text(r[9])}\t${copyText(r[10])}\t` +
    `${copyInt(r[11])}\t${copyText(r[12])}\t${text(r[13])}\t${copyJson(redact(r[14]))}\t${copyJson(redact(r[15]))}\t` +
    `${copyInt(r[16])}\t${copyJson(r[17])}\t${copyInt(r[18])}\t${copyTime(r[19])}\t${copyTime(r[20])}\t${instance}\n`
}
