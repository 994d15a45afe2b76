/**
 * Writes queued history rows in batches every few milliseconds. A batch the database refuses
 * although it answers is retried row by row, so one bad row costs only itself; while the database
 * is down the rows wait in memory (the oldest dropped past a bound) and the batcher retries by itself.
 */
import { reasonOf } from '../db/outage.js'
import type { ExecutionRow } from './row.js'

export interface BatchTarget {
  /** Writes the rows (inserting, or completing rows already there), all or none. */
  write(rows: ExecutionRow[]): Promise<void>
  ping(timeoutMs: number): Promise<boolean>
}

export interface BatcherLog {
  error(data: Record<string, unknown>, msg: string): void
  warn(data: Record<string, unknown>, msg: string): void
  info(data: Record<string, unknown>, msg: string): void
}

export interface BatcherOptions {
  target: BatchTarget
  log: BatcherLog
  /** How long a partial batch waits for more rows. */
  delayMs: number
  batch?: number
  maxBacklog?: number
  retryMs?: number
}

export interface Batcher {
  add(row: ExecutionRow): void
  /** Resolves once every row added before it is written, or kept for retry while the database is down. */
  flush(): Promise<void>
}

export function createBatcher(opts: BatcherOptions): Batcher {
  const { target, log } = opts
  const batchSize = opts.batch ?? 1_000
  const maxBacklog = opts.maxBacklog ?? 20_000
  const retryMs = opts.retryMs ?? 1_000
  let rows: ExecutionRow[] = []
  let chain: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  // Set while the database is away: its start and its end are logged once each, not every retry.
  let waitingSince: number | undefined
  let dropped = 0

  const writeOneByOne = async (batch: ExecutionRow[]) => {
    for (const row of batch) {
      await target.write([row]).catch((err) => {
        log.error({ err, component: 'history', execution_id: row.id }, 'Dropping an execution row the database refuses')
      })
    }
  }

  /** Keeps a batch the database could not take for the next try; false once it is kept. */
  const keep = (batch: ExecutionRow[], err: unknown) => {
    rows = batch.concat(rows)
    if (waitingSince === undefined) {
      waitingSince = Date.now()
      log.warn(
        { component: 'history', rows: rows.length, reason: reasonOf(err) },
        'History cannot reach the database; rows kept in memory and retried every second',
      )
    }
    if (rows.length > maxBacklog) {
      if (dropped === 0)
        log.error(
          { component: 'history', max_rows: maxBacklog },
          'History backlog full while the database is away; dropping the oldest rows (the count is logged when it is back)',
        )
      dropped += rows.length - maxBacklog
      rows = rows.slice(rows.length - maxBacklog)
    }
    // Nothing else may come along to flush them: try again by ourselves (never holding the process open).
    schedule(retryMs)
    timer?.unref()
  }

  const writeAll = async () => {
    while (rows.length) {
      const batch = rows.slice(0, batchSize)
      rows = rows.slice(batch.length)
      try {
        await target.write(batch)
      } catch (err) {
        if (await target.ping(1_000)) {
          await writeOneByOne(batch)
          continue
        }
        return keep(batch, err)
      }
    }
    if (waitingSince !== undefined) {
      log.info(
        { component: 'history', waited_ms: Date.now() - waitingSince, dropped },
        'History reached the database again; the rows kept in memory are written',
      )
      waitingSince = undefined
      dropped = 0
    }
  }

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    // A write that fails unexpectedly is logged; it must never leave the chain rejected for good.
    chain = chain.then(writeAll).catch((err) => log.error({ err, component: 'history' }, 'History write failed'))
    return chain
  }

  const schedule = (ms: number) => {
    timer ??= setTimeout(() => void flush(), ms)
  }

  return {
    add(row) {
      rows.push(row)
      if (rows.length === batchSize) void flush()
      else schedule(opts.delayMs)
    },
    flush,
  }
}
