/**
 * An execution (history) row as a line of COPY text. The thread that answered the call writes the
 * whole line, unredacted; the history writer (a worker thread on Postgres) redacts it on its way to
 * the database. The seven columns redaction can touch come first, so that the writer can tell at a
 * glance whether there is anything to redact: most lines hold nothing that could be a secret, and
 * go to the database as they came, with no parsing and no copy.
 */
import { bound, cutString, RECORD_BOUNDS, type Redactor } from '../redaction/index.js'
import { NULL_FIELD, copyInt, copyJson, copyJsonText, copyText, copyTime, fromCopyText } from '../db/copy-text.js'
import type { executions } from '../db/schema/index.js'

/** A call as history keeps it; `instance` is added when the line is written. */
export type ExecutionRecord = Omit<typeof executions.$inferInsert, 'instance'>

/** The columns of a COPY line, in order: the ones redaction can change first. */
export const EXECUTION_COLUMNS = [
  'params', 'result', 'messages', 'session_id', 'agent_id', 'request_id', 'error',
  'id', 'tool', 'toolset', 'transport', 'caller_id', 'caller_name', 'status', 'http_status', 'error_code',
  'dry_run', 'usage', 'duration_ms', 'started_at', 'completed_at', 'instance',
] as const

/** How many leading columns are redacted, and which of them are jsonb (the rest are text). */
const REDACTED_COLUMNS = 7
const JSON_COLUMNS = 3
const ID_COLUMN = 7

const bigintAsText = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)

/**
 * A jsonb field. What is not plain JSON (a cycle, a BigInt) goes through the redactor's copy, which
 * breaks cycles and flattens the odd types.
 */
function jsonField(v: unknown, redactor: Redactor): string {
  try {
    return copyJson(v)
  } catch {
    return copyJsonText(JSON.stringify(redactor.redact(v), bigintAsText) ?? 'null')
  }
}

/**
 * The record as a line of COPY text (without its newline). `instance` must already be COPY text;
 * `resultJson`, when given, is `r.result` already serialized.
 */
export function copyRow(r: ExecutionRecord, instance: string, redactor: Redactor, resultJson?: string): string {
  // A row holds a bounded copy of what the call carried (bound.ts): the answer was capped already,
  // and rows of 10 MiB would take the writer's thread (the main one on PGlite) for a second.
  const result = resultJson !== undefined && resultJson.length <= RECORD_BOUNDS.maxChars
    ? copyJsonText(resultJson)
    : jsonField(bound(r.result, RECORD_BOUNDS), redactor)
  return `${jsonField(bound(r.params, RECORD_BOUNDS), redactor)}\t${result}\t${jsonField(bound(r.messages, RECORD_BOUNDS), redactor)}\t` +
    `${copyText(r.sessionId)}\t${copyText(r.agentId)}\t${copyText(r.requestId)}\t${copyText(r.error && cutString(r.error, RECORD_BOUNDS.maxString))}\t` +
    // id, tool, toolset, transport and status are ours, and plain: a UUID, registered names
    // (letters, digits, "_", "-", "."), fixed words.
    `${r.id}\t${r.tool}\t${r.toolset}\t${r.transport}\t${copyText(r.callerId)}\t${copyText(r.callerName)}\t${r.status}\t` +
    `${copyInt(r.httpStatus)}\t${copyText(r.errorCode)}\t${copyInt(r.dryRun ?? 0)}\t${jsonField(r.usage, redactor)}\t${copyInt(r.durationMs)}\t` +
    `${copyTime(r.startedAt.getTime())}\t${copyTime(r.completedAt?.getTime())}\t${instance}`
}

/** Where the redacted columns of a line end (the tab after the last of them); -1 if it has too few. */
function redactedEnd(line: string): number {
  let at = -1
  for (let i = 0; i < REDACTED_COLUMNS; i++) {
    at = line.indexOf('\t', at + 1)
    if (at === -1) return -1
  }
  return at
}

/**
 * A line with its free text redacted: arguments, results and messages, and the context headers
 * and error text, which may carry a pasted token as well. A line in which the redactor could find
 * nothing to change is returned as it is. Throws on a line that is not an execution row.
 */
export function redactLine(line: string, redactor: Redactor): string {
  const end = redactedEnd(line)
  if (end === -1) throw new Error('Not an execution row: too few columns')
  const head = line.slice(0, end)
  // NULL fields are `\N`, which the redactor's fast check would take for an escape.
  if (!redactor.mayRedact(head.replaceAll(NULL_FIELD, ''))) return line
  const fields = head.split('\t')
  for (let i = 0; i < REDACTED_COLUMNS; i++) {
    const value = fromCopyText(fields[i])
    if (value === null) continue
    fields[i] = i < JSON_COLUMNS ? copyJson(redactor.redact(JSON.parse(value))) : copyText(redactor.redactString(value))
  }
  return `${fields.join('\t')}${line.slice(end)}`
}

/** The execution id of a line, for log lines about it; undefined if it has none. */
export function lineId(line: string): string | undefined {
  const end = redactedEnd(line)
  return end === -1 ? undefined : line.slice(end + 1).split('\t', ID_COLUMN - REDACTED_COLUMNS + 1)[ID_COLUMN - REDACTED_COLUMNS]
}

/**
 * What a log line may say about a line the writer has not redacted yet: its id and size, never its
 * text.
 */
export const unredactedLineForLog = (line: string) => ({ execution_id: lineId(line), bytes: line.length })
