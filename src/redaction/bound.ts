/**
 * Bounded copies of caller data for log lines, history rows and approval records: strings cut,
 * long containers shortened, so that redacting and storing them costs little however large the
 * call was. A log line has no use for 10 MiB of file content, and redacting it took the main
 * thread for half a second.
 *
 * Cutting happens before redaction, so a cut must never leave the head of a secret that the
 * patterns no longer recognise (`AKIA` + 8 of its 16 characters, `password=hun`): the run of
 * characters the cut falls in, up to a delimiter (RUN_END), is dropped whole, and only the dropped
 * part goes unscanned.
 */
import { isPlainObject, REDACTED, setOwn } from './redactor.js'

export interface Bounds {
  /** Characters kept of one string. */
  maxString: number
  /** Members kept of one object, items of one array. */
  maxEntries: number
  /** Characters of strings and names kept in all, each value or container counting one more. */
  maxChars: number
  /** Containers deeper than this become `[Truncated]`, as in the redactor. */
  maxDepth: number
}

/** A log line: enough to see what was called with what, a few KB at most. */
export const LOG_BOUNDS: Bounds = { maxString: 2048, maxEntries: 50, maxChars: 8192, maxDepth: 20 }
/** A history row or approval record: the gist of every parameter; the call itself gets them whole. */
export const RECORD_BOUNDS: Bounds = { maxString: 65_536, maxEntries: 1000, maxChars: 262_144, maxDepth: 20 }
/**
 * A history row's result: a preview, since the caller got it whole. Results are what grows, and
 * each stored KB costs the database's thread ~0.06 ms (PGlite): 32 KiB previews made a file read
 * 15% slower and a history that holds the files agents read. Strings get half, and plain values
 * are bounded before lists (`members`), so metadata fits.
 */
export const RESULT_BOUNDS: Bounds = { maxString: 2048, maxEntries: 200, maxChars: 4096, maxDepth: 20 }
/** A held call's result once approved: its caller reads it from history, not from an answer. */
export const HELD_RESULT_BOUNDS: Bounds = { maxString: 16_384, maxEntries: 200, maxChars: 32_768, maxDepth: 20 }
/** A name longer than this is no parameter's: it is cut, and its value hidden. */
export const NAME_MAX_KEPT = 256

/**
 * What ends a run of characters a secret could be made of: white space, quotes, angle brackets and
 * a backslash (the delimiters of JSON, shells and markup). Anything else, `!$#` included, can be
 * part of a password.
 */
const RUN_END = /[\s"'`<>\\]/
// ASCII by code (" ' < > \ `): a regex per character took twice as long to walk back over a long run.
const endsRun = (c: number) =>
  c < 0x80 ? c <= 0x20 || c === 0x22 || c === 0x27 || c === 0x3c || c === 0x3e || c === 0x5c || c === 0x60 : RUN_END.test(String.fromCharCode(c))

/** `s` cut to at most `max` characters and a marker; the run the cut falls in is dropped whole. */
export function cutString(s: string, max: number): string {
  if (s.length <= max) return s
  let end = Math.max(0, max)
  // Back to a delimiter: never half of a secret, nor of a surrogate pair.
  while (end > 0 && !endsRun(s.charCodeAt(end - 1))) end--
  return `${s.slice(0, end)}…[${s.length - end} characters cut]`
}

const isContainer = (v: unknown) => typeof v === 'object' && v !== null

/**
 * A copy of `value` within `bounds`. Strings, arrays and plain objects are bounded; anything else
 * (numbers, Errors, Dates, Buffers) is kept as it is, for the redactor and JSON.stringify to
 * handle as before. The input is never mutated.
 */
export function bound(value: unknown, bounds: Bounds): unknown {
  let left = bounds.maxChars
  const text = (s: string) => {
    const kept = s.length > Math.min(bounds.maxString, left) ? cutString(s, Math.min(bounds.maxString, Math.max(0, left))) : s
    left -= Math.min(s.length, bounds.maxString)
    return kept
  }
  // The path from the root, as in the redactor: a cycle is marked, not copied 20 levels deep.
  const ancestors: object[] = []
  const walk = (v: unknown, depth: number): unknown => {
    left--
    if (typeof v === 'string') return text(v)
    if (v === null || typeof v !== 'object' || !(Array.isArray(v) || isPlainObject(v))) return v
    if (ancestors.includes(v)) return '[Circular]'
    if (depth >= bounds.maxDepth || left <= 0) return '[Truncated]'
    ancestors.push(v)
    try {
      return Array.isArray(v) ? items(v, depth) : members(v as Record<string, unknown>, depth)
    } finally {
      ancestors.pop()
    }
  }
  const items = (v: unknown[], depth: number): unknown[] => {
    const n = Math.min(v.length, bounds.maxEntries)
    const out: unknown[] = new Array(n)
    for (let i = 0; i < n; i++) out[i] = left > 0 ? walk(v[i], depth + 1) : '[Truncated]'
    if (v.length > n) out.push(`[${v.length - n} more items]`)
    return out
  }
  const member = (key: string, item: unknown, depth: number): [string, unknown] => {
    if (key.length > NAME_MAX_KEPT) {
      left -= NAME_MAX_KEPT
      return [`${key.slice(0, NAME_MAX_KEPT)}…[${key.length - NAME_MAX_KEPT} characters cut]`, REDACTED]
    }
    left -= key.length
    return [key, left > 0 ? walk(item, depth + 1) : '[Truncated]']
  }
  const members = (v: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const keys = Object.keys(v)
    const n = Math.min(keys.length, bounds.maxEntries)
    const kept: [string, unknown][] = new Array(n)
    // Scalars and strings first, containers with what is left: a long list before them must not
    // leave a result's count or path `[Truncated]`. The members keep their order.
    for (let i = 0; i < n; i++) if (!isContainer(v[keys[i]])) kept[i] = member(keys[i], v[keys[i]], depth)
    for (let i = 0; i < n; i++) kept[i] ??= member(keys[i], v[keys[i]], depth)
    const out: Record<string, unknown> = {}
    for (const [key, item] of kept) setOwn(out, key, item)
    if (keys.length > n) out['…'] = `[${keys.length - n} more members]`
    return out
  }
  return walk(value, 0)
}
