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
  return new RowBatcher(opts)
}

class RowBatcher implements Batcher {
  private rows: ExecutionRow[] = []
  private chain: Promise<void> = Promise.resolve()
  private timer: NodeJS.Timeout | undefined
  // Set while the database is away: its start and its end are logged once each, not every retry.
  private waitingSince: number | undefined
  private dropped = 0
  private readonly batchSize: number
  private readonly maxBacklog: number
  private readonly retryMs: number

  constructor(private readonly opts: BatcherOptions) {
    this.batchSize = opts.batch ?? 1_000
    this.maxBacklog = opts.maxBacklog ?? 20_000
    this.retryMs = opts.retryMs ?? 1_000
  }

  add(row: ExecutionRow): void {
    this.rows.push(row)
    if (this.rows.length === this.batchSize) void this.flush()
    else this.schedule(this.opts.delayMs)
  }

  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    // A write that fails unexpectedly is logged; it must never leave the chain rejected for good.
    this.chain = this.chain.then(() => this.writeAll()).catch((err) => this.opts.log.error({ err, component: 'history' }, 'History write failed'))
    return this.chain
  }

  private schedule(ms: number): void {
    this.timer ??= setTimeout(() => void this.flush(), ms)
  }

  private async writeAll(): Promise<void> {
    while (this.rows.length) {
      const batch = this.rows.slice(0, this.batchSize)
      this.rows = this.rows.slice(batch.length)
      try {
        await this.opts.target.write(batch)
      } catch (err) {
        if (await this.opts.target.ping(1_000)) {
          await this.writeOneByOne(batch)
          continue
        }
        return this.keep(batch, err)
      }
    }
    if (this.waitingSince !== undefined) this.reachedAgain(this.waitingSince)
  }

  private async writeOneByOne(batch: ExecutionRow[]): Promise<void> {
    for (const row of batch) {
      await this.opts.target.write([row]).catch((err) => {
        this.opts.log.error({ err, component: 'history', execution_id: row.id }, 'Dropping an execution row the database refuses')
      })
    }
  }

  /** Keeps a batch the database could not take for the next try. */
  private keep(batch: ExecutionRow[], err: unknown): void {
    this.rows = batch.concat(this.rows)
    if (this.waitingSince === undefined) {
      this.waitingSince = Date.now()
      this.opts.log.warn(
        { component: 'history', rows: this.rows.length, reason: reasonOf(err) },
        'History cannot reach the database; rows kept in memory and retried every second',
      )
    }
    if (this.rows.length > this.maxBacklog) this.dropOldest()
    // Nothing else may come along to flush them: try again by ourselves (never holding the process open).
    this.schedule(this.retryMs)
    this.timer?.unref()
  }

  private dropOldest(): void {
    if (this.dropped === 0)
      this.opts.log.error(
        { component: 'history', max_rows: this.maxBacklog },
        'History backlog full while the database is away; dropping the oldest rows (the count is logged when it is back)',
      )
    this.dropped += this.rows.length - this.maxBacklog
    this.rows = this.rows.slice(this.rows.length - this.maxBacklog)
  }

  private reachedAgain(since: number): void {
    this.opts.log.info(
      { component: 'history', waited_ms: Date.now() - since, dropped: this.dropped },
      'History reached the database again; the rows kept in memory are written',
    )
    this.waitingSince = undefined
    this.dropped = 0
  }
}
