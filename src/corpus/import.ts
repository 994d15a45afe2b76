/**
 * The corpus import shared by `POST /v1/corpus/import`, `npm run seed` and the benchmark: NDJSON
 * bytes in, posts upserted batch by batch, threads refreshed once at the end.
 *
 * Streaming: chunks are split into lines as they arrive; only the current line and the batches
 * being written are in memory. Batches are pipelined (up to `concurrency` statements in flight,
 * each on its own pooled connection on Postgres), so parsing the next batch overlaps writing the
 * last. Lines are applied in file order: a batch holding a post id that a batch still in flight
 * also holds waits for it, and a repeated id inside a batch starts a new batch, so the last line
 * for an id always wins and two statements never lock the same rows in opposite orders.
 */
import { performance } from 'node:perf_hooks'
import type { Readable } from 'node:stream'
import type { Db } from '../db/client.js'
import { codedError, isCodedError } from '../errors.js'
import { LineSplitter, type Line } from './lines.js'
import { parseLine, type CorpusRecord } from './record.js'
import { refreshThreads, upsertPosts } from './store.js'

export interface ImportCounts {
  /** Lines read so far (blank ones included). */
  lines: number
  inserted: number
  updated: number
  unchanged: number
  rejected: number
}

/** The counts in the message itself, so that every log format shows them. */
const countsText = (c: ImportCounts) => `${c.lines} lines, ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.rejected} rejected`

export interface ImportSummary extends ImportCounts {
  status: 'ok'
  /** The first `maxErrors` rejected lines, in line order. */
  errors: { line: number; error: string }[]
  /** Distinct threads among the posts accepted from this input. */
  threads: number
  duration_ms: number
  /** Accepted posts (inserted + updated + unchanged) per second of the whole import. */
  posts_per_second: number
}

export interface ImportOptions {
  /** Stop with PAYLOAD_TOO_LARGE past this many bytes (TOOLGATE_IMPORT_MAX_BYTES). */
  maxBytes?: number
  /** Longer lines are rejected by number and skipped. */
  maxLineBytes?: number
  batchSize?: number
  /** Batch statements in flight at once. */
  concurrency?: number
  maxErrors?: number
  /** Called after every batch is written. */
  onProgress?(counts: ImportCounts): void
  log?: { info(obj: object, msg: string): void }
  /** How often progress goes to the log (the first batch always does). */
  logEveryMs?: number
}

/**
 * Measured with bench/glossary/import.ts on 2 cores: two statements in flight beat one (Node's
 * parsing overlaps Postgres) and three (more busy processes than cores);
 * batches of 1,500 edged out 700, 1,000 and 2,000.
 */
export const IMPORT_DEFAULTS = { maxLineBytes: 1024 * 1024, batchSize: 1500, concurrency: 2, maxErrors: 100, logEveryMs: 2000 }

class Batch {
  records: CorpusRecord[] = []
  lines: number[] = []
  ids = new Set<number>()
  add(record: CorpusRecord, line: number) {
    this.records.push(record)
    this.lines.push(line)
    this.ids.add(record.id)
  }
}

const DATA_ERROR_CLASSES = ['22', '23', '54']
/** A refusal of the data (Postgres SQLSTATE classes 22, 23, 54), as opposed to a broken connection. */
function isDataError(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } }
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : ''
  return code.length === 5 && DATA_ERROR_CLASSES.includes(code.slice(0, 2))
}

/**
 * Leaving a `for await` early destroys a Node stream; for a request that means resetting the
 * connection before the client hears why (413, a database error). Stop reading, don't destroy:
 * Node's HTTP server discards the rest of an unread body once the answer is sent.
 */
function readWithoutDestroying(source: AsyncIterable<Uint8Array | string>): AsyncIterable<Uint8Array | string> {
  const stream = source as Partial<Readable>
  return typeof stream.iterator === 'function' ? stream.iterator({ destroyOnReturn: false }) : source
}

const toBuffer = (raw: Uint8Array | string): Buffer =>
  typeof raw === 'string' ? Buffer.from(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)

type Options = typeof IMPORT_DEFAULTS & { maxBytes: number } & ImportOptions

/** One import: lines into batches, batches written with up to `concurrency` statements in flight. */
class CorpusImport {
  readonly started = performance.now()
  readonly counts: ImportCounts = { lines: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 }
  readonly errors: { line: number; error: string }[] = []
  readonly threadIds = new Set<number>()
  readonly splitter: LineSplitter
  nonBlank = 0
  private lastLog = -Infinity
  private batch = new Batch()
  private readonly ready: Batch[] = []
  // Pipelined writes. A failed statement is kept in `failure`, never left as a rejected promise.
  private readonly inflight = new Set<Promise<void>>()
  private readonly inflightIds = new Set<number>()
  private failure: unknown

  constructor(
    private readonly db: Db,
    private readonly opts: Options,
  ) {
    this.splitter = new LineSplitter(opts.maxLineBytes)
  }

  private reject(line: number, error: string): void {
    this.counts.rejected++
    if (this.errors.length < this.opts.maxErrors) this.errors.push({ line, error })
  }

  private readonly onLine = (l: Line) => {
    this.nonBlank++
    if ('error' in l) return this.reject(l.line, l.error)
    const parsed = parseLine(l.text)
    if (!parsed.ok) return this.reject(l.line, parsed.error)
    if (this.batch.ids.has(parsed.record.id)) this.close()
    this.batch.add(parsed.record, l.line)
    this.threadIds.add(parsed.record.thread_id)
    if (this.batch.records.length >= this.opts.batchSize) this.close()
  }

  /** The batch being filled is ready to be written; a new one starts. */
  private close(): void {
    this.ready.push(this.batch)
    this.batch = new Batch()
  }

  private progress(): void {
    this.counts.lines = this.splitter.lines
    const snapshot = { ...this.counts }
    this.opts.onProgress?.(snapshot)
    const now = performance.now()
    if (this.opts.log && now - this.lastLog >= this.opts.logEveryMs) {
      this.lastLog = now
      this.opts.log.info({ corpus_import: snapshot }, `corpus import progress: ${countsText(snapshot)}`)
    }
  }

  private count(records: number, r: { inserted: number; updated: number }): void {
    this.counts.inserted += r.inserted
    this.counts.updated += r.updated
    this.counts.unchanged += records - r.inserted - r.updated
  }

  private async write(b: Batch): Promise<void> {
    try {
      this.count(b.records.length, await upsertPosts(this.db, b.records))
    } catch (err) {
      if (!isDataError(err)) throw err
      await this.writeOneByOne(b)
    }
    this.progress()
  }

  // Validation should leave nothing for the database to refuse; if it does, find the culprits
  // and keep the rest of the batch rather than lose it all.
  private async writeOneByOne(b: Batch): Promise<void> {
    for (const [i, record] of b.records.entries()) {
      try {
        this.count(1, await upsertPosts(this.db, [record]))
      } catch (err) {
        if (!isDataError(err)) throw err
        this.reject(b.lines[i], `the database refused this post: ${(err as { cause?: Error }).cause?.message ?? (err as Error).message}`)
      }
    }
  }

  private async dispatch(b: Batch): Promise<void> {
    while (this.inflight.size >= this.opts.concurrency) await Promise.race(this.inflight)
    if ([...b.ids].some((id) => this.inflightIds.has(id))) await Promise.all(this.inflight)
    if (this.failure) throw this.failure
    for (const id of b.ids) this.inflightIds.add(id)
    const p: Promise<void> = this.write(b)
      .catch((err) => {
        this.failure ??= err
      })
      .finally(() => {
        this.inflight.delete(p)
        for (const id of b.ids) this.inflightIds.delete(id)
      })
    this.inflight.add(p)
  }

  private async dispatchReady(): Promise<void> {
    while (this.ready.length) await this.dispatch(this.ready.shift() as Batch)
  }

  /** Reads and writes everything; the first error (reading, a limit, a statement) or undefined. */
  async run(source: AsyncIterable<Uint8Array | string>): Promise<unknown> {
    let error: unknown
    let bytes = 0
    try {
      for await (const raw of readWithoutDestroying(source)) {
        const chunk = toBuffer(raw)
        bytes += chunk.length
        if (bytes > this.opts.maxBytes) {
          throw codedError(
            'PAYLOAD_TOO_LARGE',
            `The corpus is larger than the ${this.opts.maxBytes} byte limit (TOOLGATE_IMPORT_MAX_BYTES); the import stopped there`,
          )
        }
        this.splitter.push(chunk, this.onLine)
        await this.dispatchReady()
      }
      this.splitter.end(this.onLine)
      if (this.batch.records.length) this.close()
      await this.dispatchReady()
    } catch (err) {
      error = err
    }
    while (this.inflight.size) await Promise.all(this.inflight)
    return error ?? this.failure
  }
}

export async function importCorpus(db: Db, source: AsyncIterable<Uint8Array | string>, options: ImportOptions = {}): Promise<ImportSummary> {
  const job = new CorpusImport(db, { ...IMPORT_DEFAULTS, maxBytes: Infinity, ...options })
  let error = await job.run(source)
  // Whatever got written, even before a failure, is reflected in the threads. Always, and over all
  // threads: it is cheap (~80 ms for 200,000 posts), writes nothing when nothing changed, and so
  // also repairs threads left behind by an import that died between its batches and this step.
  const refreshStarted = performance.now()
  try {
    await refreshThreads(db)
  } catch (err) {
    error ??= err
  }
  const refreshMs = Math.round(performance.now() - refreshStarted)
  const { counts } = job
  counts.lines = job.splitter.lines
  if (!error && job.nonBlank === 0) {
    error = codedError('INVALID_REQUEST', 'The request body is empty: send the corpus as NDJSON, one JSON post per line')
  }
  if (error) {
    // Partial progress is real (written batches stay): say how far the import got.
    if (isCodedError(error)) error.details = { ...error.details, ...counts }
    throw error
  }
  const summary = summaryOf(job)
  options.log?.info(
    {
      corpus_import: {
        ...counts,
        threads: summary.threads,
        duration_ms: summary.duration_ms,
        thread_refresh_ms: refreshMs,
        posts_per_second: summary.posts_per_second,
      },
    },
    `corpus import done: ${countsText(counts)}, ${summary.threads} threads in ${summary.duration_ms} ms (${summary.posts_per_second} posts/s)`,
  )
  return summary
}

function summaryOf(job: CorpusImport): ImportSummary {
  const duration = performance.now() - job.started
  const { counts } = job
  const accepted = counts.inserted + counts.updated + counts.unchanged
  return {
    status: 'ok',
    ...counts,
    errors: [...job.errors].sort((a, b) => a.line - b.line),
    threads: job.threadIds.size,
    duration_ms: Math.round(duration),
    posts_per_second: duration > 0 ? Math.round(accepted / (duration / 1000)) : accepted,
  }
}
