/**
 * The history writer's thread (Postgres): it takes encoded rows from the ring the thread that
 * answers calls writes into (and from messages, when the ring was full), redacts them, turns them
 * into COPY text and loads them over a connection of its own, so that none of that work sits
 * between a request and its answer.
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
const { databaseUrl, instance, flushMs, ring: memory } = workerData as HistoryWorkerData
const post = (m: FromWorker) => port.postMessage(m)

const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5_000 })
// A dropped connection must not end the thread; the writer notices on its next COPY.
pool.on('error', () => {})
// The same redactor as the app's (built with the same, default, options).
const redactor = createRedactor()

const writer = createCopyWriter({
  target: {
    copyIn: (text) => copyInPool(pool, 'executions', EXECUTION_COLUMNS, text),
    ping: (timeoutMs) => pingWith(() => pool.query('SELECT 1'), timeoutMs),
  },
  instance,
  redactor,
  log: {
    error(data, msg) {
      // Errors cross to the main thread as plain data; the main thread's logger redacts them.
      const { err, ...rest } = data as { err?: { message?: string; code?: string; stack?: string } }
      post({ type: 'log', level: 'error', msg, data: { ...rest, ...(err && { err: { message: err.message, code: err.code, stack: err.stack } }) } })
    },
  },
  delayMs: flushMs,
})

// The ring is looked at every POLL_MS while rows come, every IDLE_POLL_MS once they stop; a flush
// or close looks at once.
const POLL_MS = 2
const IDLE_POLL_MS = 25
const IDLE_AFTER = 100
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
  polling = setTimeout(poll, emptyPolls > IDLE_AFTER ? IDLE_POLL_MS : POLL_MS)
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
