/**
 * The history writer's thread (Postgres): it takes rows (lines of COPY text) from the ring the
 * thread that answers calls writes into (and from messages, when the ring was full), redacts them
 * and loads them over a connection of its own, so that none of that work sits between a request
 * and its answer.
 */
import { parentPort, workerData } from 'node:worker_threads'
import pg from 'pg'
import { copyInPool, pingWith } from '../db/postgres-copy.js'
import { createRedactor } from '../redaction/index.js'
import { createCopyWriter } from './copy-writer.js'
import { EXECUTION_COLUMNS } from './row.js'
import { RingReader } from './row-ring.js'
import type { FromWorker, HistoryWorkerData, ToWorker } from './worker-messages.js'

const port = parentPort!
const { databaseUrl, flushMs, ring: memory } = workerData as HistoryWorkerData
const post = (m: FromWorker) => port.postMessage(m)

const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5_000 })
// A dropped connection must not end the thread; the writer notices on its next COPY.
pool.on('error', () => {})
// The same redactor as the app's (built with the same, default, options).
const redactor = createRedactor()

/** Log lines cross to the main thread as plain data; the main thread's logger redacts them. */
function postLog(level: 'error' | 'warn' | 'info', data: Record<string, unknown>, msg: string) {
  const { err, ...rest } = data as { err?: { message?: string; code?: string; stack?: string } }
  post({ type: 'log', level, msg, data: { ...rest, ...(err && { err: { message: err.message, code: err.code, stack: err.stack } }) } })
}

const writer = createCopyWriter({
  target: {
    copyIn: (text) => copyInPool(pool, 'executions', EXECUTION_COLUMNS, text),
    ping: (timeoutMs) => pingWith(() => pool.query('SELECT 1'), timeoutMs),
  },
  redactor,
  log: {
    error: (data, msg) => postLog('error', data, msg),
    warn: (data, msg) => postLog('warn', data, msg),
    info: (data, msg) => postLog('info', data, msg),
  },
  // Rows come batched already: the ring is emptied once every flushMs (below).
  delayMs: 0,
})

// The ring is emptied, and what it held written, once every flushMs while rows come (one wake-up
// and one COPY per interval), every IDLE_POLL_MS after a second without any; a flush or close
// empties it at once. Looking more often only moved rows sooner into a queue that waited for the
// same timer, and each wake-up took a core from the threads answering calls.
const IDLE_POLL_MS = Math.max(25, flushMs)
const IDLE_AFTER = Math.ceil(1_000 / Math.max(1, flushMs))
const ring = new RingReader(memory)
let emptyPolls = 0
let polling: NodeJS.Timeout | undefined
const takeFromRing = () => {
  const rows = ring.takeRows()
  if (rows.length) writer.addMany(rows)
  return rows.length
}
const poll = () => {
  emptyPolls = takeFromRing() ? 0 : emptyPolls + 1
  polling = setTimeout(poll, emptyPolls > IDLE_AFTER ? IDLE_POLL_MS : flushMs)
}
poll()

port.on('message', async (m: ToWorker) => {
  switch (m.type) {
    case 'rows':
      writer.addMany(m.rows.split('\n'))
      break
    case 'flush':
      takeFromRing()
      await writer.flush()
      post({ type: 'flushed', id: m.id })
      break
    case 'close':
      clearTimeout(polling)
      takeFromRing()
      await writer.flush()
      await pool.end().catch(() => {})
      post({ type: 'closed' })
      port.close()
      break
  }
})
