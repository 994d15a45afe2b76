/**
 * Where encoded history rows go from the thread that answers calls. On Postgres: to a worker
 * thread that writes them (worker.ts), through a ring in shared memory (row-ring.ts); rows that
 * find the ring full are handed over by message in batches every few milliseconds. On PGlite,
 * which lives in this thread: straight to a writer here. Should the worker die, rows go to a
 * writer here from then on, and the loss is logged.
 */
import { Worker } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import type { CopyWriter } from './copy-writer.js'
import type { FromWorker, HistoryWorkerData, ToWorker } from './worker-messages.js'
import { RingReader, RingWriter, ringMemory } from './row-ring.js'
import { unredactedLineForLog } from './row.js'

export interface RowSink {
  /** Which thread writes the rows now. */
  readonly thread: 'worker' | 'main'
  add(row: string): void
  /** Resolves once every row added before it is written (or kept for retry while the database is down). */
  flush(): Promise<void>
  close(): Promise<void>
}

export function localSink(writer: CopyWriter): RowSink {
  return { thread: 'main', add: (row) => writer.add(row), flush: () => writer.flush(), close: () => writer.flush() }
}

export interface WorkerSinkOptions extends Omit<HistoryWorkerData, 'ring'> {
  log: FastifyBaseLogger
  /** The writer to use here if the worker dies. */
  fallback(): CopyWriter
  /** Bytes of the shared ring (default 4 MB). */
  ringBytes?: number
  /** Starts the writer thread (default: worker.ts); tests pass one that fails on purpose. */
  spawn?(data: HistoryWorkerData): Worker
  /** How long close waits for the thread before stopping it (default 10 s). */
  closeWaitMs?: number
}

/** About 8,000 rows of a few hundred bytes: the worker takes them every few milliseconds. */
const RING_BYTES = 4 * 1024 * 1024
// Rows that find the ring full (the worker is behind) are handed over small and often, so that
// they die young on this thread.
const HANDOVER_ROWS = 64
const HANDOVER_MS = 2
/**
 * How long a flush waits for the worker. Flushes normally take milliseconds, and while the database
 * is down the worker answers at once (rows kept for retry); a connection that hangs must not hang
 * every read of history with it.
 */
const FLUSH_WAIT_MS = 10_000
/**
 * How long close waits for the worker before stopping it: well inside the 15 s that SIGTERM gives
 * the whole shutdown (server.ts), so that a stuck writer is stopped, what it left in the ring is
 * written from here and the loss is logged, rather than the process being killed mid-way.
 */
const CLOSE_WAIT_MS = 10_000

/** The worker's entry: the compiled file, or under tsx/vitest the TypeScript source through tsx's loader. */
function spawn(data: HistoryWorkerData): Worker {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here), { workerData: data })
  const entry = new URL('./worker.ts', here).href
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(code, { eval: true, workerData: data })
}

export function workerSink(opts: WorkerSinkOptions): RowSink {
  const { log } = opts
  let pending: string[] = []
  let timer: NodeJS.Timeout | undefined
  let nextFlush = 0
  const waiting = new Map<number, () => void>()
  let fallback: CopyWriter | undefined
  let closed: (() => void) | undefined

  let closing = false
  const memory = ringMemory(opts.ringBytes ?? RING_BYTES)
  const ring = new RingWriter(memory)
  const worker = (opts.spawn ?? spawn)({ databaseUrl: opts.databaseUrl, flushMs: opts.flushMs, ring: memory })
  // The app's close hands over and waits; the worker alone must never keep a process alive.
  worker.unref()
  const send = (m: ToWorker) => worker.postMessage(m)

  worker.on('message', (m: FromWorker) => {
    if (m.type === 'flushed') {
      waiting.get(m.id)?.()
      waiting.delete(m.id)
    } else if (m.type === 'log') log[m.level](m.data, m.msg)
    else if (m.type === 'closed') closed?.()
  })
  /** The rows the thread never took (the ring, and rows waiting for a message) go to a writer here. */
  const rescue = (): CopyWriter => {
    fallback ??= opts.fallback()
    // Only called once the thread has stopped: nobody else reads the ring now.
    const left = new RingReader(memory).takeRows()
    if (left.length) fallback.addMany(left)
    if (pending.length) fallback.addMany(pending)
    pending = []
    return fallback
  }
  // A function, not the variable: the thread may hand over to it while close() waits.
  const leftBehind = (): CopyWriter | undefined => fallback
  const takeOver = (why: string, err?: unknown) => {
    if (fallback) return
    log.error({ err, component: 'history' }, `History writer thread ${why}; writing history on the main thread from now on (rows it had taken but not written yet are lost)`)
    const writer = rescue()
    // Flushes waiting on the thread are answered once the rows it left are written here.
    const answer = [...waiting.values()]
    waiting.clear()
    void writer.flush().finally(() => answer.forEach((done) => done()))
    closed?.()
  }
  worker.on('error', (err) => takeOver('failed', err))
  worker.on('exit', (code) => {
    if (!closing) return takeOver(`exited with code ${code}`)
    // Stopped while closing (a clean close leaves the ring empty): whatever it left is written here.
    if (code !== 0) rescue()
    closed?.()
  })

  const handOver = () => {
    clearTimeout(timer)
    timer = undefined
    if (!pending.length) return
    send({ type: 'rows', rows: pending.join('\n') })
    pending = []
  }

  return {
    get thread() {
      return fallback ? 'main' : 'worker'
    },
    add(row) {
      if (fallback) return fallback.add(row)
      if (closing) {
        log.warn({ component: 'history', ...unredactedLineForLog(row) }, 'An execution row came after history was closed; not written')
        return
      }
      if (ring.push(row)) return
      pending.push(row)
      if (pending.length >= HANDOVER_ROWS) handOver()
      else timer ??= setTimeout(handOver, HANDOVER_MS)
    },
    flush() {
      if (fallback) return fallback.flush()
      handOver()
      const id = ++nextFlush
      return new Promise<void>((resolve) => {
        const gaveUp = setTimeout(() => {
          waiting.delete(id)
          log.warn({ component: 'history' }, `The history writer did not finish a flush within ${FLUSH_WAIT_MS / 1000} s; reading history without waiting for it`)
          resolve()
        }, FLUSH_WAIT_MS)
        waiting.set(id, () => {
          clearTimeout(gaveUp)
          resolve()
        })
        send({ type: 'flush', id })
      })
    },
    async close() {
      if (fallback) return fallback.flush()
      handOver()
      closing = true
      const done = new Promise<void>((resolve) => (closed = resolve))
      send({ type: 'close' })
      // A worker stuck on a connection that hangs is stopped: its exit ends the wait.
      const waitMs = opts.closeWaitMs ?? CLOSE_WAIT_MS
      const deadline = setTimeout(() => {
        log.error({ component: 'history' }, `The history writer did not close within ${waitMs / 1000} s; stopped (rows it had taken but not written are lost)`)
        void worker.terminate()
      }, waitMs)
      await done
      clearTimeout(deadline)
      // Rows the thread left behind (it failed, or was stopped) are written before the database closes.
      await leftBehind()?.flush()
    },
  }
}
