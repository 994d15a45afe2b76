/**
 * The one way the fetch tools reach the network. Every hop: parse with the WHATWG URL parser (so
 * `http://2130706433/`, `http://0x7f.1/` and `http://[::ffff:127.0.0.1]/` are seen as the
 * addresses they are), allow http and https only, resolve the host once, check every address,
 * then connect to those checked addresses and nothing else. Redirects are followed here, by hand,
 * with the same check at each hop; the body is read with a byte cap; one timeout covers it all.
 */
import { performance } from 'node:perf_hooks'
import { Agent, fetch, type Headers } from 'undici'
import { codedError, fail, isCodedError } from '../errors.js'
import { parseAllowlist, type Allowlist } from './allowlist.js'
import { readCapped } from './body.js'
import { checkedAddresses, pinnedLookup, systemResolver, type Resolver } from './resolve.js'

export interface GuardedFetchOptions {
  method?: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** Covers every hop and the body. */
  timeoutMs: number
  maxBytes: number
  maxRedirects?: number
  signal?: AbortSignal
  /** TOOLGATE_NET_ALLOW entries, or a parsed list. */
  allow?: Allowlist | readonly string[]
  /** Tests inject a resolver; by default dns.lookup with `all: true`. */
  resolver?: Resolver
}

export interface GuardedResponse {
  status: number
  statusText: string
  headers: Headers
  /** The URL that answered, after redirects. */
  url: string
  redirects: number
  /** The checked addresses of the last hop: the connection went to one of these. */
  addresses: string[]
  body: Buffer
  bytes: number
  truncated: boolean
  elapsedMs: number
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
// Credentials meant for one origin never travel to another on a redirect.
const ORIGIN_BOUND = ['authorization', 'cookie', 'proxy-authorization']
const USER_AGENT = 'toolgate/0.1 (+https://github.com/toolgate)'

/** Parses and checks the scheme and credentials: 400 for what no hop may carry. */
export function parseFetchUrl(raw: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    fail('VALIDATION_ERROR', `Invalid URL: ${raw}`, { details: { url: raw } })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail('VALIDATION_ERROR', `Unsupported URL scheme "${url.protocol}" in ${raw}: only http and https are fetched`, { details: { url: raw } })
  }
  if (url.username || url.password) {
    fail('VALIDATION_ERROR', 'URLs with credentials (user:password@host) are not fetched: send them in an Authorization header instead')
  }
  return url
}

/**
 * Where a redirect leads. Another scheme (file:, gopher:…) is a destination the guard refuses,
 * answered like a refused address (403 SSRF_BLOCKED); a location that is no usable URL is the
 * upstream's fault (502).
 */
function redirectTarget(location: string, from: URL): URL {
  let next: URL
  try {
    next = new URL(location, from)
  } catch {
    throw codedError('UPSTREAM_ERROR', `${from.href} redirected to an unusable location "${location}": not a URL`, { details: { url: from.href, location } })
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    fail('SSRF_BLOCKED', `Refused to follow the redirect from ${from.origin} to a "${next.protocol}" URL: the fetch tools reach only http and https`, {
      details: { url: from.href, location, scheme: next.protocol },
    })
  }
  try {
    return parseFetchUrl(next.href)
  } catch (err) {
    throw codedError('UPSTREAM_ERROR', `${from.href} redirected to an unusable location "${location}": ${(err as Error).message}`, {
      details: { url: from.href, location },
    })
  }
}

function connectionError(err: unknown, url: URL): Error {
  if (isCodedError(err)) return err
  const cause = (err as { cause?: { code?: string; message?: string } }).cause
  const code = cause?.code ?? (err as { code?: string }).code
  if (err instanceof TypeError && !cause) {
    return codedError('VALIDATION_ERROR', `Invalid request to ${url.origin}: ${err.message}`)
  }
  if (cause?.message === 'bad port') {
    return codedError('UPSTREAM_ERROR', `Could not fetch ${url.origin}: port ${url.port} is one the fetch standard blocks (SMTP, SSH and the like)`, {
      details: { url: url.href },
    })
  }
  const tls = code && /CERT|SSL|TLS|SELF_SIGNED|ALTNAME/.test(code)
  const what = tls ? `TLS certificate verification failed (${code})` : (code ?? cause?.message ?? (err as Error).message)
  return codedError('UPSTREAM_ERROR', `Could not fetch ${url.origin}: ${what}`, { details: { url: url.href, ...(code && { cause: code }) } })
}

/** The request as the next hop sends it: redirects change its URL, and may change its method, body and headers. */
interface Hop {
  url: URL
  method: string
  body: string | Uint8Array | undefined
  headers: Map<string, string>
  redirects: number
}

function firstHop(rawUrl: string, opts: GuardedFetchOptions): Hop {
  const headers = new Map(Object.entries(opts.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
  if (!headers.has('user-agent')) headers.set('user-agent', USER_AGENT)
  return { url: parseFetchUrl(rawUrl), method: (opts.method ?? 'GET').toUpperCase(), body: opts.body, headers, redirects: 0 }
}

/** Points `hop` at a redirect's target, with the same checks as the first URL. */
function followRedirect(hop: Hop, status: number, location: string, maxRedirects: number): void {
  if (hop.redirects >= maxRedirects) {
    fail('UPSTREAM_ERROR', `Too many redirects: ${hop.url.href} redirects again after ${maxRedirects} hops; fetch the last URL directly if it is right`, {
      details: { url: hop.url.href, location, redirects: hop.redirects, max_redirects: maxRedirects },
    })
  }
  const next = redirectTarget(location, hop.url)
  if (next.origin !== hop.url.origin) for (const h of ORIGIN_BOUND) hop.headers.delete(h)
  // 303 always, and 301/302 after a POST, become a GET without a body (as browsers do).
  if (status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST') {
    hop.method = 'GET'
    hop.body = undefined
    hop.headers.delete('content-type')
    hop.headers.delete('content-length')
  }
  hop.url = next
  hop.redirects++
}

const allowlistOf = (allow: GuardedFetchOptions['allow']): Allowlist =>
  !allow || Array.isArray(allow) ? parseAllowlist((allow ?? []) as string[]) : (allow as Allowlist)

export async function guardedFetch(rawUrl: string, opts: GuardedFetchOptions): Promise<GuardedResponse> {
  const t0 = performance.now()
  const allow = allowlistOf(opts.allow)
  const timer = AbortSignal.timeout(opts.timeoutMs)
  const signal = opts.signal ? AbortSignal.any([opts.signal, timer]) : timer
  const hop = firstHop(rawUrl, opts)
  const stopped = (err: unknown): never => {
    if (timer.aborted) {
      throw codedError('TIMEOUT', `Request to ${hop.url.origin} timed out after ${opts.timeoutMs / 1000}s (redirects followed: ${hop.redirects})`, {
        details: { timeout_ms: opts.timeoutMs, url: hop.url.href },
      })
    }
    throw opts.signal?.reason ?? err
  }
  /** A failure while connecting or reading: the timeout or the caller's abort if either fired, else the upstream's fault. */
  const upstream = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step()
    } catch (err) {
      if (signal.aborted) stopped(err)
      throw connectionError(err, hop.url)
    }
  }

  for (;;) {
    let agent: Agent | undefined
    try {
      const addresses = await checkedAddresses(hop.url, allow, opts.resolver ?? systemResolver, signal)
      agent = new Agent({ connect: { lookup: pinnedLookup(addresses), rejectUnauthorized: true }, connections: 1 })
      const dispatcher = agent
      const res = await upstream(() =>
        fetch(hop.url, { method: hop.method, headers: Object.fromEntries(hop.headers), body: hop.body, redirect: 'manual', dispatcher, signal }),
      )
      const location = res.headers.get('location')
      if (REDIRECTS.has(res.status) && location !== null) {
        await res.body?.cancel().catch(() => {})
        followRedirect(hop, res.status, location, opts.maxRedirects ?? 5)
        continue
      }
      const read = await upstream(() => readCapped(res.body as ReadableStream<Uint8Array> | null, opts.maxBytes))
      const { status, statusText, headers } = res
      const answered = { status, statusText, headers, url: hop.url.href, redirects: hop.redirects, addresses: addresses.map((a) => a.address) }
      return { ...answered, ...read, elapsedMs: Math.round(performance.now() - t0) }
    } catch (err) {
      if (!isCodedError(err) && signal.aborted) stopped(err)
      throw err
    } finally {
      agent?.destroy().catch(() => {})
    }
  }
}
