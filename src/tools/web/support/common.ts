/** What http and WebFetch share: the allowlist from settings, response headers for metadata, cut text. */
import type { Headers } from 'undici'
import type { ToolSettings } from '../../settings.js'
import { parseAllowlist, type Allowlist } from '../../../net/allowlist.js'

const allowlists = new WeakMap<ToolSettings['netAllow'], Allowlist>()

/** TOOLGATE_NET_ALLOW, parsed once per app. */
export function allowlistOf(settings: ToolSettings): Allowlist {
  let list = allowlists.get(settings.netAllow)
  if (!list) {
    list = parseAllowlist(settings.netAllow)
    allowlists.set(settings.netAllow, list)
  }
  return list
}

const MAX_HEADERS = 50
const MAX_HEADER_BYTES = 8 * 1024
const MAX_VALUE = 1024

/**
 * Response headers for metadata: at most 50 entries and 8 KB, long values cut, and Set-Cookie
 * values replaced (a session cookie is a credential). `truncated` says whether anything was left out.
 */
export function summarizeHeaders(headers: Headers): { headers: Record<string, string>; truncated: boolean } {
  const out: Record<string, string> = {}
  let size = 0
  let count = 0
  let truncated = false
  const cookies = headers.getSetCookie().length
  for (const [name, raw] of headers) {
    if (name === 'set-cookie') continue
    const value = raw.length > MAX_VALUE ? `${raw.slice(0, MAX_VALUE)}…` : raw
    if (count >= MAX_HEADERS || size + name.length + value.length > MAX_HEADER_BYTES) {
      truncated = true
      continue
    }
    if (value !== raw) truncated = true
    out[name] = value
    size += name.length + value.length
    count++
  }
  if (cookies > 0) out['set-cookie'] = `[REDACTED: ${cookies} cookie${cookies === 1 ? '' : 's'}]`
  return { headers: out, truncated }
}

/**
 * Cuts text to `maxBytes` of UTF-8 with a visible marker; reports whether it cut. `more` is
 * 'unknown' when the text is already only the source's beginning: the marker gives what it cut as a lower bound.
 */
export function cutText(text: string, maxBytes: number, why: string, more: 'counted' | 'unknown' = 'counted'): { text: string; cut: boolean } {
  const size = Buffer.byteLength(text)
  if (size <= maxBytes && more === 'counted') return { text, cut: false }
  const kept =
    size <= maxBytes
      ? text
      : Buffer.from(text)
          .subarray(0, maxBytes)
          .toString('utf8')
          .replace(/\uFFFD+$/, '')
  const left = size - Buffer.byteLength(kept)
  const rest = more === 'counted' ? `${left} more bytes` : left > 0 ? `at least ${left} more bytes` : 'the rest of the page'
  return { text: `${kept}\n…[truncated: ${rest}; ${why}]`, cut: true }
}

/** Room for text in a result capped at the call's output size, leaving space for metadata. */
export function textBudget(maxOutputSize: number, maxBytes: number): number {
  return Math.max(512, Math.min(maxBytes, maxOutputSize - 4096))
}
