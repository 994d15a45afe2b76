/**
 * Loads history rows (lines of COPY text, see row.ts) into the executions table in COPY batches,
 * redacting them on the way. Runs wherever the rows are written from: a worker thread on
 * Postgres, the main thread on PGlite. A batch the database refuses is retried row by row, so one
 * bad row costs only itself; while the database is down the rows wait in memory (the oldest
 * dropped past a bound) and the writer retries by itself.
 */
import type { Redactor } from '../redaction/index.js'
import { lineId, redactLine, unredactedLineForLog } from './row.js'
import { reasonOf } from '../db/outage.js'

export interface CopyTarget {
  /** Appends COPY text lines to the executions table, all or none. */
  copyIn(text: string): Promise<void>
  ping(timeoutMs: number): Promise<boolean>
}

export interface WriterLog {
  error(data: Record<string, unknown>, msg: string): void
  warn(data: Record<string, unknown>, msg: string): void
  info(data: Record<string, unknown>, msg: string): void
}

export interface CopyWriterOptions {
  target: CopyTarget
  /** Redacts rows on their way to the database. */
  redactor: Redactor
  log: WriterLog
  /** How long a partial batch waits for more rows. */
  delayMs: number
  batch?: number
  maxBacklog?: number
  retryMs?: number
}

export interface CopyWriter {
  add(row: string): void
  addMany(rows: string[]): void
  /** Resolves once every row added before it was written, or kept for retry when the database is down. */
  flush(): Promise<void>
}

const UNIQUE_VIOLATION = '23505'

export function createCopyWriter(opts: CopyWriterOptions): CopyWriter {
  const { target, log } = opts
  const batchSize = opts.batch ?? 1_000
  const maxBacklog = opts.maxBacklog ?? 20_000
  const retryMs = opts.retryMs ?? 1_000
  let rows: string[] = []
  let inflight: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let scheduled = false
  // Set while the database is away: its start and its end are logged once each, not every retry.
  let waitingSince: number | undefined
  let dropped = 0

  /** A row's line, or '' (and a log line) for a row that cannot be read: it must not stop the others. */
  const lineOf = (row: string) => {
    try {
      return redactLine(row, opts.redactor)
    } catch (err) {
      log.error({ err, component: 'history', ...unredactedLineForLog(row) }, 'Dropping an execution row that cannot be read')
      return ''
    }
  }

  // Joined once into one flat string: appending line by line built a tree of pieces that the
  // socket write then had to flatten.
  const lines = (batch: string[]) => {
    const out: string[] = []
    for (const row of batch) {
      const line = lineOf(row)
      if (line) out.push(line)
    }
    return out.length ? `${out.join('\n')}\n` : ''
  }

  /** A batch Postgres refused although it answers: one bad row, or rows an earlier try did write. */
  const writeOneByOne = async (batch: string[]) => {
    for (const row of batch) {
      const line = lineOf(row)
      if (!line) continue
      await target.copyIn(`${line}\n`).catch((err: { code?: string }) => {
        // The answer to an earlier try was lost but the row got in: nothing is missing.
        if (err?.code === UNIQUE_VIOLATION) return
        log.error({ err, component: 'history', execution_id: lineId(row) }, 'Dropping an execution row the database refuses')
      })
    }
  }

  const write = async () => {
    await writeAll()
    if (waitingSince !== undefined && rows.length === 0) {
      log.info({ component: 'history', waited_ms: Date.now() - waitingSince, dropped }, 'History reached the database again; the rows kept in memory are written')
      waitingSince = undefined
      dropped = 0
    }
  }

  const writeAll = async () => {
    while (rows.length) {
      const batch = rows.length <= batchSize ? rows : rows.slice(0, batchSize)
      rows = batch === rows ? [] : rows.slice(batchSize)
      const text = lines(batch)
      if (!text) continue
      try {
        await target.copyIn(text)
      } catch (err) {
        if (await target.ping(1_000)) {
          await writeOneByOne(batch)
          continue
        }
        rows = batch.concat(rows)
        if (waitingSince === undefined) {
          waitingSince = Date.now()
          log.warn({ component: 'history', rows: rows.length, reason: reasonOf(err) }, 'History cannot reach the database; rows kept in memory and retried every second')
        }
        if (rows.length > maxBacklog) {
          if (dropped === 0) log.error({ component: 'history', max_rows: maxBacklog }, 'History backlog full while the database is away; dropping the oldest rows (the count is logged when it is back)')
          dropped += rows.length - maxBacklog
          rows = rows.slice(rows.length - maxBacklog)
        }
        // Nothing else may come along to flush them: try again by ourselves (but never hold the process open).
        schedule(retryMs)
        timer?.unref()
        return
      }
    }
  }

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    scheduled = false
    // A write that fails unexpectedly is logged; it must never leave the chain rejected for good.
    inflight = inflight.then(write).catch((err) => log.error({ err, component: 'history' }, 'History write failed'))
    return inflight
  }

  const schedule = (ms: number) => {
    if (!scheduled && timer === undefined) timer = setTimeout(() => void flush(), ms)
  }

  const added = () => {
    // One pending flush at a time; a full batch goes at once, a partial one after a short wait.
    if (rows.length >= batchSize && !scheduled) {
      scheduled = true
      clearTimeout(timer)
      timer = undefined
      queueMicrotask(() => void flush())
    } else schedule(opts.delayMs)
  }

  return {
    add(row) {
      rows.push(row)
      added()
    },
    addMany(more) {
      for (const row of more) rows.push(row)
      added()
    },
    flush,
  }
}
