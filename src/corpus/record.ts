/**
 * One NDJSON line → one corpus post, or the reason it was refused. The rules are the import's
 * contract: every value that passes here is one Postgres accepts as is, so that a batch never
 * fails on data and one bad line can never cost its neighbours.
 */

export interface CorpusRecord {
  id: number
  thread_id: number
  /** UTC ISO string (`2014-02-16T01:24:30Z`); a time without an offset is read as UTC. */
  timestamp: string
  author: string
  body: string
  tags: string[]
}

/** A record, or the reason (a sentence for the client) it cannot be imported. */
export type Parsed = { ok: true; record: CorpusRecord } | { ok: false; error: string }

const refuse = (error: string): Parsed => ({ ok: false, error })

/** Names and tags are labels, not text: a megabyte of author made every answer that names it a megabyte. */
export const MAX_AUTHOR = 256
export const MAX_TAGS = 32
export const MAX_TAG = 64

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|([+-])(\d{2}):?(\d{2}))?$/
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/**
 * ISO 8601 / RFC 3339 date-time → a UTC string Postgres reads the same whatever its TimeZone
 * setting, or undefined. Calendar-checked (no February 30th) and kept within years 1–9999, which
 * both JavaScript and Postgres can hold. A time in UTC (`Z`, or no offset, which is read as UTC)
 * is rewritten as text, without a Date: this runs once per imported line.
 */
export function normalizeTimestamp(value: string): string | undefined {
  if (value.length === 20 && isPlainUtc(value)) return value
  const m = TIMESTAMP.exec(value)
  if (!m) return undefined
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number)
  const second = m[6] === undefined ? 0 : Number(m[6])
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined
  if (day > DAYS_IN_MONTH[month - 1] || (month === 2 && day === 29 && !isLeap(year))) return undefined
  if (hour > 23 || minute > 59 || second > 59) return undefined
  if (!m[9]) return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ?? ''}Z`

  const [oh, om] = [Number(m[10]), Number(m[11])]
  if (oh > 14 || om > 59) return undefined
  const offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om)
  const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const d = new Date(0)
  d.setUTCFullYear(year, month - 1, day)
  d.setUTCHours(hour, minute, second, ms)
  const utc = new Date(d.getTime() - offsetMinutes * 60_000)
  const y = utc.getUTCFullYear()
  if (y < 1 || y > 9999) return undefined
  return utc.toISOString()
}

/**
 * The common case, `2014-02-16T01:24:30Z` exactly, checked by character codes: no regular
 * expression, no allocation. Anything else takes the general path.
 */
function isPlainUtc(v: string): boolean {
  const n = (i: number) => {
    const c = v.charCodeAt(i) - 48
    return c >= 0 && c <= 9 ? c : NaN
  }
  if (
    v.charCodeAt(4) !== 45 ||
    v.charCodeAt(7) !== 45 ||
    v.charCodeAt(10) !== 84 ||
    v.charCodeAt(13) !== 58 ||
    v.charCodeAt(16) !== 58 ||
    v.charCodeAt(19) !== 90
  )
    return false
  const year = n(0) * 1000 + n(1) * 100 + n(2) * 10 + n(3)
  const month = n(5) * 10 + n(6)
  const day = n(8) * 10 + n(9)
  const hour = n(11) * 10 + n(12)
  const minute = n(14) * 10 + n(15)
  const second = n(17) * 10 + n(18)
  // NaN (a non-digit) fails every comparison below.
  if (!(year >= 1 && month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59)) return false
  return day <= DAYS_IN_MONTH[month - 1] && !(month === 2 && day === 29 && !isLeap(year))
}

function positiveId(value: unknown, field: string): number | string {
  if (value === undefined || value === null) return `${field} is required`
  if (typeof value !== 'number') return `${field} must be a positive integer, got ${describe(value)}`
  if (!Number.isInteger(value) || value < 1 || value > Number.MAX_SAFE_INTEGER) {
    return `${field} must be a positive integer of at most ${Number.MAX_SAFE_INTEGER}, got ${value}`
  }
  return value
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  return `a ${typeof value}`
}

// String.prototype.isWellFormed is in Node 20 but not in the ES2022 library types.
type WellFormedCheck = string & { isWellFormed(): boolean }

/** Text Postgres cannot store (NUL) or JSON cannot carry faithfully (lone surrogates). */
function unstorable(value: string, field: string): string | undefined {
  if (value.includes('\u0000')) return `${field} contains a NUL character, which Postgres text cannot store`
  if (!(value as WellFormedCheck).isWellFormed()) return `${field} contains an unpaired UTF-16 surrogate (an invalid \\u escape)`
  return undefined
}

/** Validates one decoded, non-blank line. Fields other than the six are ignored. */
export function parseLine(text: string): Parsed {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return refuse(`invalid JSON: ${(e as Error).message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse(`expected a JSON object (one post per line), got ${describe(value)}`)
  }
  const v = value as Record<string, unknown>

  const id = positiveId(v.id, 'id')
  if (typeof id === 'string') return refuse(id)
  const threadId = positiveId(v.thread_id, 'thread_id')
  if (typeof threadId === 'string') return refuse(threadId)

  if (typeof v.timestamp !== 'string') {
    return refuse(v.timestamp === undefined ? 'timestamp is required' : `timestamp must be an ISO 8601 date-time string, got ${describe(v.timestamp)}`)
  }
  const timestamp = normalizeTimestamp(v.timestamp)
  if (!timestamp) {
    return refuse(`timestamp must be an ISO 8601 date-time such as 2014-02-16T01:24:30Z, got ${describe(v.timestamp)}`)
  }

  if (typeof v.author !== 'string' || v.author.trim() === '') {
    return refuse(v.author === undefined ? 'author is required' : `author must be a non-empty string, got ${describe(v.author)}`)
  }
  if (v.author.length > MAX_AUTHOR) return refuse(`author must be at most ${MAX_AUTHOR} characters, got ${v.author.length}`)
  if (typeof v.body !== 'string') {
    return refuse(v.body === undefined ? 'body is required' : `body must be a string, got ${describe(v.body)}`)
  }

  let tags: string[] = []
  if (v.tags !== undefined && v.tags !== null) {
    if (!Array.isArray(v.tags)) return refuse(`tags must be an array of strings, got ${describe(v.tags)}`)
    if (v.tags.length > MAX_TAGS) return refuse(`tags must hold at most ${MAX_TAGS} tags, got ${v.tags.length}`)
    for (const [i, tag] of v.tags.entries()) {
      if (typeof tag !== 'string' || tag === '') return refuse(`tags[${i}] must be a non-empty string, got ${describe(tag)}`)
      if (tag.length > MAX_TAG) return refuse(`tags[${i}] must be at most ${MAX_TAG} characters, got ${tag.length}`)
      // The XML answers list tags comma-separated (tags="qm_post,story_post"): a comma would split one.
      if (tag.includes(',')) return refuse(`tags[${i}] must not contain a comma, got ${describe(tag)}`)
      const bad = unstorable(tag, `tags[${i}]`)
      if (bad) return refuse(bad)
    }
    tags = v.tags as string[]
  }

  const bad = unstorable(v.author, 'author') ?? unstorable(v.body, 'body')
  if (bad) return refuse(bad)
  return { ok: true, record: { id, thread_id: threadId, timestamp, author: v.author, body: v.body, tags } }
}
