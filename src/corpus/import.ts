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

export async function importCorpus(db: Db, source: AsyncIterable<Uint8Array | string>, options: ImportOptions = {}): Promise<ImportSummary> {
  const opts = { ...IMPORT_DEFAULTS, maxBytes: Infinity, ...options }
  const started = performance.now()
  const counts: ImportCounts = { lines: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 }
  const errors: { line: number; error: string }[] = []
  const threadIds = new Set<number>()
  const splitter = new LineSplitter(opts.maxLineBytes)
  let nonBlank = 0
  let lastLog = -Infinity

  const reject = (line: number, error: string) => {
    counts.rejected++
    if (errors.length < opts.maxErrors) errors.push({ line, error })
  }

  let batch = new Batch()
  const ready: Batch[] = []
  const onLine = (l: Line) => {
    nonBlank++
    if ('error' in l) return reject(l.line, l.error)
    const parsed = parseLine(l.text)
    if (!parsed.ok) return reject(l.line, parsed.error)
    if (batch.ids.has(parsed.record.id)) {
      ready.push(batch)
      batch = new Batch()
    }
    batch.add(parsed.record, l.line)
    threadIds.add(parsed.record.thread_id)
    if (batch.records.length >= opts.batchSize) {
      ready.push(batch)
      batch = new Batch()
    }
  }

  const progress = () => {
    counts.lines = splitter.lines
    const snapshot = { ...counts }
    opts.onProgress?.(snapshot)
    const now = performance.now()
    if (opts.log && now - lastLog >= opts.logEveryMs) {
      lastLog = now
      opts.log.info({ corpus_import: snapshot }, `corpus import progress: ${countsText(snapshot)}`)
    }
  }

  // Pipelined writes. A failed statement is kept in `failure`, never left as a rejected promise.
  const inflight = new Set<Promise<void>>()
  const inflightIds = new Set<number>()
  let failure: unknown

  const write = async (b: Batch) => {
    try {
      const r = await upsertPosts(db, b.records)
      counts.inserted += r.inserted
      counts.updated += r.updated
      counts.unchanged += b.records.length - r.inserted - r.updated
    } catch (err) {
      if (!isDataError(err)) throw err
      await writeOneByOne(b)
    }
    progress()
  }

  // Validation should leave nothing for the database to refuse; if it does, find the culprits
  // and keep the rest of the batch rather than lose it all.
  const writeOneByOne = async (b: Batch) => {
    for (const [i, record] of b.records.entries()) {
      try {
        const r = await upsertPosts(db, [record])
        counts.inserted += r.inserted
        counts.updated += r.updated
        counts.unchanged += 1 - r.inserted - r.updated
      } catch (err) {
        if (!isDataError(err)) throw err
        reject(b.lines[i], `the database refused this post: ${(err as { cause?: Error }).cause?.message ?? (err as Error).message}`)
      }
    }
  }

  const dispatch = async (b: Batch) => {
    while (inflight.size >= opts.concurrency) await Promise.race(inflight)
    for (const id of b.ids) {
      if (inflightIds.has(id)) {
        await Promise.all(inflight)
        break
      }
    }
    if (failure) throw failure
    for (const id of b.ids) inflightIds.add(id)
    const p: Promise<void> = write(b)
      .catch((err) => {
        failure ??= err
      })
      .finally(() => {
        inflight.delete(p)
        for (const id of b.ids) inflightIds.delete(id)
      })
    inflight.add(p)
  }

  let error: unknown
  let bytes = 0
  try {
    for await (const raw of readWithoutDestroying(source)) {
      const chunk = typeof raw === 'string' ? Buffer.from(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)
      bytes += chunk.length
      if (bytes > opts.maxBytes) {
        throw codedError('PAYLOAD_TOO_LARGE', `The corpus is larger than the ${opts.maxBytes} byte limit (TOOLGATE_IMPORT_MAX_BYTES); the import stopped there`)
      }
      splitter.push(chunk, onLine)
      while (ready.length) await dispatch(ready.shift()!)
    }
    splitter.end(onLine)
    if (batch.records.length) ready.push(batch)
    while (ready.length) await dispatch(ready.shift()!)
  } catch (err) {
    error = err
  }
  while (inflight.size) await Promise.all(inflight)
  error ??= failure

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
  counts.lines = splitter.lines
  if (!error && nonBlank === 0) {
    error = codedError('INVALID_REQUEST', 'The request body is empty: send the corpus as NDJSON, one JSON post per line')
  }
  if (error) {
    // Partial progress is real (written batches stay): say how far the import got.
    if (isCodedError(error)) error.details = { ...error.details, ...counts }
    throw error
  }

  const duration = performance.now() - started
  const accepted = counts.inserted + counts.updated + counts.unchanged
  errors.sort((a, b) => a.line - b.line)
  const summary: ImportSummary = {
    status: 'ok',
    ...counts,
    errors,
    threads: threadIds.size,
    duration_ms: Math.round(duration),
    posts_per_second: duration > 0 ? Math.round(accepted / (duration / 1000)) : accepted,
  }
  opts.log?.info(
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
