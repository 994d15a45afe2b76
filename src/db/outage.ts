/**
 * A database outage is the caller's 503, not the server's 500: errors that mean "the database
 * cannot be reached" are recognised wherever they surface, answered DATABASE_UNAVAILABLE with a
 * Retry-After, and logged once when the outage starts and once when it ends, never per call (a
 * per-call stack carried the failed query and its parameters, a key's hash among them).
 */
import { codedError, isCodedError, type CodedError } from '../errors.js'

/** What a client is told to wait; the monitor probes more often than that. */
export const RETRY_AFTER_S = 2
const PROBE_MS = 1_000

// Socket errors, and Postgres classes 08 (connection exception) and 57P (shutdown, starting up).
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])
const PG_CODE = /^(08\w{3}|57P0[123]|53300)$/
// node-postgres reports a lost connection or an exhausted pool by message only.
const MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i

/** True when `err`, or anything it wraps, says the database cannot be reached (as opposed to refusing a query). */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5 || typeof err !== 'object' || err === null) return false
  if (isCodedError(err)) return err.code === 'DATABASE_UNAVAILABLE'
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof e.code === 'string' && (NET_CODES.has(e.code) || PG_CODE.test(e.code))) return true
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true
  return isDatabaseUnavailable(e.cause, depth + 1)
}

export function databaseUnavailable(): CodedError {
  return codedError(
    'DATABASE_UNAVAILABLE',
    `The database is unavailable; retry in ${RETRY_AFTER_S} s. Tools that need no database keep working for keys already known`,
    {
      headers: { 'retry-after': String(RETRY_AFTER_S) },
    },
  )
}

/** The first line of what went wrong, without the query or its parameters. */
export function reasonOf(err: unknown, depth = 0): string {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null
  if (depth < 5 && e?.cause) return reasonOf(e.cause, depth + 1)
  if (typeof e?.code === 'string') return e.code
  return typeof e?.message === 'string' ? e.message.split('\n')[0].slice(0, 200) : 'unknown'
}

export interface OutageLog {
  error(data: Record<string, unknown>, msg: string): void
  info(data: Record<string, unknown>, msg: string): void
}

export interface OutageMonitor {
  readonly down: boolean
  /** DATABASE_UNAVAILABLE for an error that means the database is unreachable (noting the outage), else undefined. */
  classify(err: unknown): CodedError | undefined
  close(): void
}

/**
 * Notes when the database goes away (from the errors callers run into) and, while it is away,
 * probes it every second so that its return is noticed, and logged, even with no traffic.
 */
export function createOutageMonitor(opts: { ping(timeoutMs: number): Promise<boolean>; log: OutageLog; probeMs?: number }): OutageMonitor {
  const probeMs = opts.probeMs ?? PROBE_MS
  let since: number | undefined
  let timer: NodeJS.Timeout | undefined
  let closed = false

  const probe = async () => {
    timer = undefined
    if (closed || since === undefined) return
    if (await opts.ping(probeMs)) {
      opts.log.info({ component: 'database', down_ms: Date.now() - since }, 'Database available again')
      since = undefined
    } else if (!closed) {
      timer = setTimeout(probe, probeMs).unref()
    }
  }

  return {
    get down() {
      return since !== undefined
    },
    classify(err) {
      if (!isDatabaseUnavailable(err)) return undefined
      if (since === undefined && !closed) {
        since = Date.now()
        opts.log.error(
          { component: 'database', reason: reasonOf(err) },
          `Database unavailable; answering 503 DATABASE_UNAVAILABLE to what needs it until it is back`,
        )
        timer = setTimeout(probe, probeMs).unref()
      }
      return isCodedError(err) ? err : databaseUnavailable()
    },
    close() {
      closed = true
      clearTimeout(timer)
    },
  }
}
