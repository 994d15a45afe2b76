/**
 * One redactor for every log line, history row and approval record, so a secret that an agent
 * pastes into a tool call cannot reach disk by a path someone forgot to guard.
 *
 * Two independent nets: a property whose *name* says "secret" loses its value whatever it holds,
 * and every string anywhere is scanned for values that *look* like secrets (patterns.ts).
 */
import { SECRET_PATTERNS, type SecretPattern } from './patterns.js'

export interface RedactorOptions {
  /** Site-specific secret shapes; `name` becomes the marker kind. Named groups `pre`/`secret` work as in patterns.ts. */
  extraPatterns?: { name: string; regex: RegExp }[]
  /** More property names to treat as sensitive; normalised like the built-in ones. */
  extraFields?: string[]
  /** The server's own secrets (admin key, sealing key, passwords in URLs), removed wherever they appear, whatever their shape. */
  knownSecrets?: string[]
}

export interface Redactor {
  /** A redacted deep copy; the input is never mutated. */
  redact<T>(value: T): T
  redactString(s: string): string
  containsSecret(s: string): boolean
  /**
   * False only when redacting would change nothing in `text`: strings, or JSON as JSON.stringify
   * writes it, with no escape in it (no backslash), no keyword of a secret pattern, no word of a
   * sensitive field name (even split by separators, as in `p-w-d`) and no deeper nesting than a
   * redacted copy keeps. A cheap look for the common case; true means "run the redactor".
   */
  mayRedact(text: string): boolean
}

export const REDACTED = '[REDACTED]'
const MAX_DEPTH = 20
// Nothing this short is a credential worth the scan, and log lines are full of tiny strings.
const MIN_SCAN_LENGTH = 8

const SENSITIVE_FIELDS = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'client_secret',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'api_key',
  'apikey',
  'x_api_key',
  'authorization',
  'proxy_authorization',
  'cookie',
  'set_cookie',
  'private_key',
  'credentials',
  'session_token',
  'auth',
]

// `<prefix>_key` / `<prefix>_token` names that identify or count things rather than unlock them:
// idempotency and cache keys, public keys, pagination cursors, tokenizer vocabulary.
const HARMLESS_PREFIXES = new Set([
  'idempotency',
  'cache',
  'sort',
  'partition',
  'primary',
  'foreign',
  'public',
  'lookup',
  'dedupe',
  'dedup',
  'group',
  'glossary',
  'translation',
  'i18n',
  'hash',
  'range',
  'row',
  'object',
  'map',
  'routing',
  'shard',
  'index',
  'unique',
  'message',
  'event',
  'entry',
  'file',
  's3',
  'order',
  'tool',
  'max',
  'next',
  'page',
  'continuation',
  'pagination',
  'cursor',
  'sync',
  'start',
  'stop',
  'end',
  'eos',
  'bos',
  'pad',
  'unk',
  'sep',
  'mask',
  'special',
  'input',
  'output',
  'prompt',
  'completion',
  'total',
  'first',
  'last',
])

/** `apiKey`, `API_KEY`, `api-key`, `X-API-Key` → `api_key` / `x_api_key`. */
export function normaliseFieldName(name: string): string {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      // One capital looked at per step: `([A-Z]+)([A-Z][a-z])` backtracked quadratically on a long run of capitals.
      .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1_')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toLowerCase()
  )
}

// Comparing with separators removed too lets `APIKey`, `apikey` and `api_key` meet in one place.
const compact = (snake: string) => snake.replace(/_/g, '')

const SENSITIVE_SUFFIXES = ['token', 'secret', 'password', 'passwd', 'key', 'apikey']
const SENSITIVE_SUFFIX = new RegExp(`(?:^|_)([a-z0-9]+)_(${SENSITIVE_SUFFIXES.join('|')})$`)

/** The sensitive field names as `compact(normaliseFieldName(name))` leaves them: lowercase letters and digits. */
const sensitiveNames = (extraFields: readonly string[]) => new Set([...SENSITIVE_FIELDS, ...extraFields].map((f) => compact(normaliseFieldName(f))))

function fieldMatcher(exact: ReadonlySet<string>): (name: string) => boolean {
  // Logs repeat the same few hundred keys; remember the verdicts, but never without bound.
  const cache = new Map<string, boolean>()
  const decide = (name: string): boolean => {
    const snake = normaliseFieldName(name)
    if (exact.has(compact(snake))) return true
    const m = SENSITIVE_SUFFIX.exec(snake)
    if (!m) return false
    return !((m[2] === 'key' || m[2] === 'token') && HARMLESS_PREFIXES.has(m[1]))
  }
  return (name) => {
    let verdict = cache.get(name)
    if (verdict === undefined) {
      verdict = decide(name)
      if (cache.size >= 5000) cache.clear()
      cache.set(name, verdict)
    }
    return verdict
  }
}

function compileExtra(p: { name: string; regex: RegExp }): SecretPattern {
  const flags = p.regex.flags.includes('g') ? p.regex.flags : `${p.regex.flags}g`
  return { kind: p.name, regex: new RegExp(p.regex.source, flags), keywords: [] }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A configured secret as a pattern of its own, gated by its own text (so it keeps the scanner's fast gate). */
const knownSecret = (value: string): SecretPattern => ({
  kind: 'configured_secret',
  regex: new RegExp(escapeRegExp(value), 'gi'),
  keywords: [value.toLowerCase()],
})

/** Scans strings for secrets; `gate`, when there is one, finds every string a pattern could match in. */
function scanner(patterns: readonly SecretPattern[]): { scan: (s: string) => string; gate?: RegExp } {
  const replacers = patterns.map((p) => (match: string, ...rest: unknown[]): string => {
    const last = rest[rest.length - 1]
    const groups = typeof last === 'object' && last !== null ? (last as Record<string, string | undefined>) : undefined
    if (p.validate && !p.validate(groups?.secret ?? match)) return match
    return `${groups?.pre ?? ''}[REDACTED:${p.kind}]`
  })
  // Most strings hold no keyword at all: one pass of one regex clears them before any pattern
  // runs. It can only gate when every pattern has keywords; a pattern without one always runs.
  const keywords = patterns.flatMap((p) => p.keywords)
  const gate = patterns.every((p) => p.keywords.length > 0) ? new RegExp(keywords.map(escapeRegExp).join('|'), 'i') : undefined
  const scan = (s: string) => {
    if (s.length < MIN_SCAN_LENGTH || (gate && !gate.test(s))) return s
    const lower = s.toLowerCase()
    let out = s
    for (let i = 0; i < patterns.length; i++) {
      const p = patterns[i]
      if (p.keywords.length > 0 && !p.keywords.some((k) => lower.includes(k))) continue
      if (p.gate && !p.gate.test(out)) continue
      out = out.replace(p.regex, replacers[i])
    }
    return out
  }
  return { scan, gate }
}

const NOT_ALPHANUMERIC = /[^A-Za-z0-9]+/g

/** More `{` and `[` in `text` than `limit`: perhaps nested deeper than that. */
function mayNestDeeper(text: string, limit: number): boolean {
  let opened = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c === 0x7b || c === 0x5b) && ++opened > limit) return true
  }
  return false
}

export const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

// `out[key] = …` with key "__proto__" (JSON.parse makes such own keys) would swap the prototype.
export function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}

export function createRedactor(options: RedactorOptions = {}): Redactor {
  const names = sensitiveNames(options.extraFields ?? [])
  // Site-specific patterns first: they are the most specific thing we know about.
  const known = (options.knownSecrets ?? []).filter((v) => v.length >= MIN_SCAN_LENGTH).map(knownSecret)
  const { scan: redactString, gate: valueGate } = scanner([...known, ...(options.extraPatterns ?? []).map(compileExtra), ...SECRET_PATTERNS])
  // Every sensitive field name holds one of these words once its separators are gone: it is one
  // of the names, or ends in one of the suffixes.
  const fieldGate = new RegExp([...names, ...SENSITIVE_SUFFIXES].map(escapeRegExp).join('|'), 'i')
  const walker = new Walker(redactString, fieldMatcher(names))

  return {
    redact: <T>(value: T): T => walker.walk(value, 0, []) as T,
    redactString,
    containsSecret: (s) => redactString(s) !== s,
    mayRedact: (text) =>
      // Without a gate every string is scanned; with an escape, text and what it encodes differ.
      !valueGate || text.includes('\\') || valueGate.test(text) || fieldGate.test(text.replace(NOT_ALPHANUMERIC, '')) || mayNestDeeper(text, MAX_DEPTH),
  }
}

/** A redacted copy of any value: strings scanned, fields whose names say secret dropped, cycles and depth bounded. */
class Walker {
  constructor(
    private readonly redactString: (s: string) => string,
    private readonly isSensitive: (key: string) => boolean,
  ) {}

  // `ancestors` is the path from the root: only a true cycle is circular, and the same object
  // reached twice by different paths is copied twice.
  walk(value: unknown, depth: number, ancestors: object[]): unknown {
    if (typeof value === 'string') return this.redactString(value)
    if (value === null || typeof value !== 'object') return value
    if (ancestors.includes(value)) return '[Circular]'
    if (depth > MAX_DEPTH) return '[Truncated]'
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
    if (ArrayBuffer.isView(value)) return `[Buffer ${value.byteLength} bytes]`
    if (value instanceof URL) return this.redactString(value.href)
    ancestors.push(value)
    try {
      return this.container(value, depth, ancestors)
    } finally {
      ancestors.pop()
    }
  }

  private container(value: object, depth: number, ancestors: object[]): unknown {
    if (Array.isArray(value)) {
      const out = new Array(value.length)
      for (let i = 0; i < value.length; i++) out[i] = this.walk(value[i], depth + 1, ancestors)
      return out
    }
    if (value instanceof Set) return [...value].map((v) => this.walk(v, depth + 1, ancestors))
    if (value instanceof Map) {
      const out: Record<string, unknown> = {}
      for (const [k, v] of value) setOwn(out, this.redactString(String(k)), this.field(String(k), v, depth, ancestors))
      return out
    }
    if (value instanceof Error) return this.error(value, depth, ancestors)
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (!isPlainObject(value) && typeof toJSON === 'function') return this.walk(toJSON.call(value), depth, ancestors)
    return this.entries(value, {}, depth, ancestors)
  }

  /** name/message/stack are not own-enumerable, so a plain copy would lose exactly what matters. */
  private error(e: Error & { code?: unknown; cause?: unknown }, depth: number, ancestors: object[]): Record<string, unknown> {
    const out: Record<string, unknown> = { name: e.name, message: this.redactString(String(e.message)) }
    if (e.stack !== undefined) out.stack = this.redactString(String(e.stack))
    if (e.code !== undefined) out.code = this.walk(e.code, depth + 1, ancestors)
    if (e.cause !== undefined) out.cause = this.walk(e.cause, depth + 1, ancestors)
    return this.entries(e, out, depth, ancestors)
  }

  /** A property's value: gone when its name says secret, otherwise redacted like any value. */
  private field(key: string, v: unknown, depth: number, ancestors: object[]): unknown {
    return this.isSensitive(key) && v !== null && v !== undefined && v !== '' ? REDACTED : this.walk(v, depth + 1, ancestors)
  }

  private entries(source: object, out: Record<string, unknown>, depth: number, ancestors: object[]): Record<string, unknown> {
    for (const key of Object.keys(source)) {
      let v: unknown
      try {
        v = (source as Record<string, unknown>)[key]
      } catch {
        v = '[Unreadable]'
      }
      // A key can carry a secret as well as a value (`{"<api key>": 1}`): both are scanned.
      setOwn(out, this.redactString(key), this.field(key, v, depth, ancestors))
    }
    return out
  }
}
