/**
 * Sizes of strings as they travel in a JSON answer: UTF-8 bytes after JSON escaping (a newline is
 * 2 bytes, a control character 6). Output caps measure with these, so a cut text really fits,
 * without serializing it again and again to find out.
 */

/** Bytes the UTF-16 code unit at `i` of `s` takes inside a JSON string, and how many units it spans. */
function unitCost(s: string, i: number): [bytes: number, units: number] {
  const c = s.charCodeAt(i)
  if (c < 0x20) return [c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6, 1]
  if (c === 0x22 || c === 0x5c) return [2, 1]
  if (c < 0x80) return [1, 1]
  if (c < 0x800) return [2, 1]
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = s.charCodeAt(i + 1)
    // A pair is one 4-byte character; a lone surrogate is escaped as \udXXX.
    return next >= 0xdc00 && next <= 0xdfff ? [4, 2] : [6, 1]
  }
  if (c >= 0xdc00 && c <= 0xdfff) return [6, 1]
  return [3, 1]
}

/** Bytes of `s` inside a JSON string, without the quotes (JSON.stringify escapes exactly as unitCost counts). */
export const jsonBytes = (s: string): number => Buffer.byteLength(JSON.stringify(s)) - 2

/** The longest start of `s` whose JSON bytes (without quotes) are at most `budget`; never splits a character. */
export function jsonPrefix(s: string, budget: number): string {
  let n = 0
  let i = 0
  while (i < s.length) {
    const [bytes, units] = unitCost(s, i)
    if (n + bytes > budget) break
    n += bytes
    i += units
  }
  return s.slice(0, i)
}

/**
 * An upper bound of the JSON size of `v` (a UTF-16 unit takes at most 6 bytes), found without
 * serializing it; Infinity once past `limit`, or for anything but plain data (then it is measured).
 * Plain data means what JSON.parse makes: getters are not expected (a tool's output is data).
 */
export function jsonSizeBound(v: unknown, limit: number, depth = 0): number {
  if (typeof v === 'string') return 6 * v.length + 2
  if (v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean') return 30
  // toJSON (own, inherited or hidden) decides what is written: only serializing can tell its size.
  if (typeof v !== 'object' || depth > 32 || 'toJSON' in v) return Number.POSITIVE_INFINITY
  const proto = Object.getPrototypeOf(v)
  let n = 2
  if (proto === Array.prototype) {
    const items = v as unknown[]
    for (let i = 0; i < items.length; i++) if ((n += jsonSizeBound(items[i], limit - n, depth + 1) + 1) > limit) return Number.POSITIVE_INFINITY
    return n
  }
  if (proto !== Object.prototype && proto !== null) return Number.POSITIVE_INFINITY
  for (const [k, item] of Object.entries(v)) {
    if ((n += 6 * k.length + 4 + jsonSizeBound(item, limit - n, depth + 1)) > limit) return Number.POSITIVE_INFINITY
  }
  return n
}

/** Deeper than this, jsonBytesWithin gives up (Infinity): JSON.parse makes values of any depth, recursion cannot follow. */
const MAX_DEPTH = 1000

/**
 * The bytes JSON.stringify would write for `v`, or Infinity once past `limit`: measured without
 * serializing, so a value far over the limit costs no more than the limit to refuse. Values that
 * decide their own JSON (toJSON) are serialized to be measured.
 */
export function jsonBytesWithin(v: unknown, limit: number, depth = 0): number {
  if (typeof v === 'string') return v.length + 2 > limit ? Number.POSITIVE_INFINITY : jsonBytes(v) + 2
  if (v === null || v === undefined) return 4
  if (typeof v === 'number' || typeof v === 'boolean') return String(Number.isFinite(v) || typeof v === 'boolean' ? v : null).length
  if (typeof v !== 'object' || depth > MAX_DEPTH) return Number.POSITIVE_INFINITY
  if ('toJSON' in v) return Buffer.byteLength(JSON.stringify(v) ?? 'null')
  let n = 1
  if (Array.isArray(v)) {
    for (const item of v) if ((n += jsonBytesWithin(item, limit - n, depth + 1) + 1) > limit) return Number.POSITIVE_INFINITY
    return Math.max(2, n)
  }
  for (const [k, item] of Object.entries(v)) {
    if (item === undefined || typeof item === 'function') continue
    if ((n += jsonBytesWithin(k, limit - n) + 1 + jsonBytesWithin(item, limit - n, depth + 1) + 1) > limit) return Number.POSITIVE_INFINITY
  }
  return Math.max(2, n)
}
