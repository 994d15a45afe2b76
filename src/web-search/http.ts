/**
 * One GET of JSON from a search backend, with the failure policy both backends share:
 * - 429: retried with exponential backoff (Retry-After honoured), 3 tries in all, then
 *   429 RATE_LIMITED "the search backend is rate limiting; try again in Ns" with a Retry-After
 *   header. A Retry-After too long to wait for (or past the call's deadline) fails at once.
 * - 5xx and connection failures: retried the same way, then 502 UPSTREAM_ERROR.
 * - other 4xx: 502 UPSTREAM_ERROR at once, with a hint (a bad key, SearXNG's json format off).
 * - no answer within SEARCH_TIMEOUT_MS: 504 TIMEOUT (not retried).
 * The endpoint is the operator's, so the SSRF guard does not apply. Messages name the backend and
 * its origin, never the key or the query string.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { Agent, request } from 'undici'
import { codedError, fail, isCodedError } from '../errors.js'

export const MAX_ATTEMPTS = 3
/** Longest Retry-After worth waiting for inside one call. */
const MAX_WAIT_MS = 10_000
const MAX_BYTES = 5 * 1024 * 1024

// Its own connection pool: never whatever global dispatcher another part installs (e.g. the fetch tools' guard).
let agent: Agent | undefined
const dispatcher = () => (agent ??= new Agent({ keepAliveTimeout: 10_000 }))

export interface GetJsonOptions {
  backend: string
  headers?: Record<string, string>
  signal?: AbortSignal
  deadline?: number
  timeoutMs: number
  retryBaseMs: number
  /** Words to add when the backend refuses the request with a 4xx other than 429. */
  hint?(status: number): string | undefined
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value
  if (!v) return undefined
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1000
  const at = Date.parse(v)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

export async function getJson(url: URL, o: GetJsonOptions): Promise<unknown> {
  const where = `${o.backend} at ${url.origin}${url.pathname}`
  const backoff = (attempt: number) => o.retryBaseMs * 2 ** (attempt - 1)
  /** Waits before the next try, or says why it should not (too long, past the deadline). */
  const canWait = (ms: number) => ms <= MAX_WAIT_MS && (o.deadline === undefined || Date.now() + ms < o.deadline)
  let last = ''
  let tries = 0

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const timeout = AbortSignal.timeout(o.timeoutMs)
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout
    let wait: number
    tries = attempt
    try {
      const res = await request(url, { method: 'GET', headers: { accept: 'application/json', ...o.headers }, signal, dispatcher: dispatcher() })
      if (res.statusCode >= 200 && res.statusCode < 300) return parse(await readCapped(res.body, where), where)
      await res.body.dump().catch(() => undefined)
      const retryAfter = parseRetryAfter(res.headers['retry-after'])
      if (res.statusCode === 429) {
        wait = retryAfter ?? backoff(attempt)
        if (attempt === MAX_ATTEMPTS || !canWait(wait)) {
          const s = secondsOf(retryAfter ?? backoff(attempt + 1))
          fail('RATE_LIMITED', `The search backend (${o.backend}) is rate limiting; try again in ${s}s`, {
            headers: { 'retry-after': String(s) },
            details: { backend: o.backend, retry_after_s: s, attempts: attempt },
          })
        }
      } else if (res.statusCode >= 500) {
        last = `answered HTTP ${res.statusCode}`
        wait = retryAfter !== undefined && retryAfter <= MAX_WAIT_MS ? retryAfter : backoff(attempt)
      } else {
        const hint = o.hint?.(res.statusCode)
        fail('UPSTREAM_ERROR', `The search backend (${where}) refused the request with HTTP ${res.statusCode}${hint ? `: ${hint}` : ''}`, {
          details: { backend: o.backend, upstream_status: res.statusCode },
        })
      }
    } catch (err) {
      if (isCodedError(err)) throw err
      if (o.signal?.aborted) throw o.signal.reason ?? err
      if (timeout.aborted) {
        fail('TIMEOUT', `The search backend (${where}) did not answer within ${o.timeoutMs / 1000}s; try again later or raise SEARCH_TIMEOUT_MS`, {
          details: { backend: o.backend, timeout_ms: o.timeoutMs },
        })
      }
      last = `could not be reached (${(err as { code?: string }).code ?? (err as Error).name})`
      wait = backoff(attempt)
    }
    if (attempt === MAX_ATTEMPTS || !canWait(wait)) break
    await sleep(wait, undefined, o.signal ? { signal: o.signal } : undefined)
  }
  throw codedError('UPSTREAM_ERROR', `The search backend (${where}) ${last} after ${tries} attempt${tries === 1 ? '' : 's'}; try again later`, {
    details: { backend: o.backend, attempts: tries },
  })
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, where: string): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > MAX_BYTES) {
      body.destroy()
      fail('UPSTREAM_ERROR', `The search backend (${where}) answered more than ${MAX_BYTES} bytes`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function parse(text: string, where: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return fail('UPSTREAM_ERROR', `The search backend (${where}) answered something that is not JSON`)
  }
}
