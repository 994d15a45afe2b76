/**
 * PostgreSQL's COPY text format, for writing many rows at the cost Postgres pays least for:
 * one line per row, fields separated by tabs, `\N` for NULL, and backslash escapes for the
 * four characters that would break a line or a field. Postgres text and jsonb cannot hold NUL,
 * so a NUL anywhere becomes U+FFFD rather than poisoning the whole batch.
 */

export const NULL_FIELD = '\\N'

const SPECIAL = /[\\\n\r\t\u0000]/
const SPECIAL_ALL = /[\\\n\r\t\u0000]/g
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u0000': '\uFFFD' }

/** A text field. */
export function copyText(s: string | null | undefined): string {
  if (s === null || s === undefined) return NULL_FIELD
  return SPECIAL.test(s) ? s.replace(SPECIAL_ALL, (c) => ESCAPES[c]) : s
}

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const storableText = (s: string) => s.replace(UNSTORABLE, '\uFFFD')

/** A copy jsonb can hold: no NUL and no half of a surrogate pair, in strings or in keys. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value)
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(storable)
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    const key = storableText(k)
    if (key === '__proto__') Object.defineProperty(out, key, { value: storable(v), enumerable: true, writable: true, configurable: true })
    else out[key] = storable(v)
  }
  return out
}

/** A json or jsonb field, from JSON data (as JSON.parse gives it); `undefined` and `null` are SQL NULL. */
export function copyJson(value: unknown): string {
  if (value === null || value === undefined) return NULL_FIELD
  const json = JSON.stringify(value)
  return json === undefined ? NULL_FIELD : copyJsonText(json)
}

/** A json or jsonb field from JSON text (as JSON.stringify writes it); JSON `null` is SQL NULL, as in `copyJson`. */
export function copyJsonText(json: string): string {
  if (json === 'null') return NULL_FIELD
  // jsonb refuses the escapes JSON.stringify writes for NUL (\u0000) and for a lone surrogate (\ud800).
  if (json.includes('\\u0000') || json.includes('\\ud')) json = JSON.stringify(storable(JSON.parse(json)))
  return copyText(json)
}

const UNESCAPES: Record<string, string> = { '\\': '\\', n: '\n', r: '\r', t: '\t' }

/** A field of COPY text back to its text; null for NULL. The inverse of `copyText` (but for NUL). */
export function fromCopyText(field: string): string | null {
  if (field === NULL_FIELD) return null
  return field.includes('\\') ? field.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c) : field
}

/** An integer field. */
export const copyInt = (n: number | null | undefined): string => (typeof n === 'number' && Number.isFinite(n) ? String(Math.trunc(n)) : NULL_FIELD)

// Calls end many times a second: the date and time up to the second is formatted once per second.
let cachedSecond = NaN
let cachedPrefix = ''
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999

/** A timestamptz field from epoch milliseconds, in ISO 8601 UTC. */
export function copyTime(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || Number.isNaN(ms)) return NULL_FIELD
  if (!(ms >= 0 && ms <= LAST_FOUR_DIGIT_YEAR_MS)) return new Date(ms).toISOString()
  const second = Math.floor(ms / 1000)
  if (second !== cachedSecond) {
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 20) // 2026-11-23T20:00:00.
    cachedSecond = second
  }
  const fraction = ms - second * 1000
  return `${cachedPrefix}${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}Z`
}
