/**
 * An execution (history) row as it goes to the database: a bounded copy of what the call carried
 * (bound.ts), redacted, and made storable. Built when the row is queued, so that nothing the
 * caller changes later, and no secret, reaches the batch.
 */
import { bound, cutString, HELD_RESULT_BOUNDS, RECORD_BOUNDS, RESULT_BOUNDS, type Bounds, type Redactor } from '../redaction/index.js'
import type { executions } from '../db/schema/index.js'
import { merged } from '../lib/merged.js'

/** A call as history keeps it; `instance` is added when the row is built. */
export type ExecutionRecord = Omit<typeof executions.$inferInsert, 'instance'>
export const JSON_COLUMNS = ['params', 'result', 'messages', 'usage'] as const
type JsonColumn = (typeof JSON_COLUMNS)[number]
/** A row ready to be written: jsonb columns as redacted copies (null for SQL NULL), text made storable. */
export type ExecutionRow = Omit<typeof executions.$inferInsert, JsonColumn> & { [K in JsonColumn]?: unknown }

// Postgres text and jsonb cannot hold NUL or half of a surrogate pair: they become U+FFFD
// rather than poisoning the whole batch.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const storableText = (s: string) => s.replace(UNSTORABLE, '\uFFFD')

/** A copy jsonb can hold, in strings and in keys alike. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value)
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(storable)
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    // defineProperty: JSON.parse makes "__proto__" an own key, which plain assignment would not keep.
    Object.defineProperty(out, storableText(k), { value: storable(v), enumerable: true, writable: true, configurable: true })
  }
  return out
}

const bigintAsText = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)

/**
 * The escapes JSON.stringify writes for NUL and a lone surrogate, which jsonb refuses: `\u0000` or
 * `\udXXX` after an even run of backslashes (an escaped backslash, as in `C:\\udata`, is not one).
 */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f])/

/**
 * JSON text Postgres can store: rows for the batch, or one jsonb value ('null' for what JSON
 * cannot say), each encoded once. The rare text holding an unstorable escape is encoded again
 * with those characters replaced.
 */
export function storableJson(value: unknown): string {
  const json = jsonText(value)
  return UNSTORABLE_ESCAPE.test(json) ? JSON.stringify(storable(JSON.parse(json))) : json
}

/**
 * JSON.stringify, with a BigInt written as its digits. The replacer runs only when plain JSON
 * refused the value: with one, every batch took 1.6 times as long (7.2 against 4.5 µs a `hello` row).
 */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null'
  } catch (err) {
    if (!(err instanceof TypeError)) throw err
    return JSON.stringify(value, bigintAsText) ?? 'null'
  }
}

/** A redacted, bounded copy of caller data (the redactor also breaks cycles and flattens odd types); null stays SQL NULL. */
const cleanJson = (v: unknown, redactor: Redactor, bounds: Bounds = RECORD_BOUNDS) => (v == null ? null : (redactor.redact(bound(v, bounds)) ?? null))
const cleanText = (s: string | null | undefined, redactor: Redactor) =>
  s == null ? null : storableText(redactor.redactString(cutString(s, RECORD_BOUNDS.maxString)))

/** How each column that can hold caller data is cleaned; every other column is stored as it is. */
const CLEAN = {
  params: (v: unknown, redactor: Redactor) => cleanJson(v, redactor) ?? {},
  result: (v: unknown, redactor: Redactor) => cleanJson(v, redactor, RESULT_BOUNDS),
  messages: (v: unknown, redactor: Redactor) => cleanJson(v, redactor),
  usage: (v: unknown, redactor: Redactor) => cleanJson(v, redactor),
  error: (v: string | null | undefined, redactor: Redactor) => cleanText(v, redactor),
  sessionId: (v: string | null | undefined, redactor: Redactor) => cleanText(v, redactor),
  agentId: (v: string | null | undefined, redactor: Redactor) => cleanText(v, redactor),
  requestId: (v: string | null | undefined, redactor: Redactor) => cleanText(v, redactor),
  callerName: (v: string) => storableText(v),
}
type Cleaned = keyof typeof CLEAN

/**
 * The columns a patch may carry, cleaned as a row's are; undefined fields are left out. A patch
 * completes a held call, whose caller reads the result here: more of it is kept.
 */
export function cleanPatch(r: Partial<ExecutionRecord>, redactor: Redactor): Partial<ExecutionRow> {
  const out = merged<Record<string, unknown>>(r)
  for (const key of Object.keys(CLEAN) as Cleaned[]) {
    const value = r[key]
    if (value === undefined) continue
    out[key] = key === 'result' ? cleanJson(value, redactor, HELD_RESULT_BOUNDS) : (CLEAN[key] as (v: unknown, redactor: Redactor) => unknown)(value, redactor)
  }
  return out as Partial<ExecutionRow>
}

/**
 * The whole row of a call, as written by `instance`: every column listed (a copy of a copy made
 * with Object.assign took 9 µs a call under load, more than the rest of the row).
 */
export function executionRow(r: ExecutionRecord, instance: string, redactor: Redactor): ExecutionRow {
  return {
    id: r.id,
    tool: r.tool,
    toolset: r.toolset,
    transport: r.transport,
    params: CLEAN.params(r.params, redactor),
    callerId: r.callerId,
    callerName: CLEAN.callerName(r.callerName),
    sessionId: CLEAN.sessionId(r.sessionId, redactor),
    agentId: CLEAN.agentId(r.agentId, redactor),
    requestId: CLEAN.requestId(r.requestId, redactor),
    status: r.status,
    httpStatus: r.httpStatus,
    errorCode: r.errorCode,
    error: CLEAN.error(r.error, redactor),
    result: CLEAN.result(r.result, redactor),
    messages: CLEAN.messages(r.messages, redactor),
    dryRun: r.dryRun,
    usage: CLEAN.usage(r.usage, redactor),
    durationMs: r.durationMs,
    startedAt: r.startedAt,
    completedAt: r.completedAt,
    instance,
    parentExecutionId: r.parentExecutionId,
  }
}
