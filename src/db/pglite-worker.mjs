// @ts-check
/**
 * The embedded databases' own thread (pglite-thread.ts is the server's side): PGlite runs here, so
 * that its work (a 10 MB corpus import, the largest glossary writes, every history batch) never
 * holds the server's event loop. One thread holds every database the process opens (a server has
 * one; the tests many, which then share this thread's warm code). Requests arrive as messages and
 * are answered as they complete; a transaction holds its database (PGlite's own lock) until the
 * server says commit or roll back.
 * Plain JavaScript: node runs it as it is, from src/ under the tests as from dist/.
 */
import { parentPort } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread')
const port = parentPort

/**
 * Open transactions by the server's id: how to query inside one, how to end it, and PGlite's own
 * promise of it, which settles once its COMMIT or ROLLBACK ran.
 * @type {Map<number, { query: PGlite['query'], exec: PGlite['exec'], end: (commit: boolean) => void, settled: Promise<unknown> }>}
 */
const transactions = new Map()
const ROLLED_BACK = new Error('rolled back by the server')
/** @type {Map<number, { db: number, unlisten: () => Promise<void> }>} */
const listeners = new Map()
/** @type {Map<number, PGlite>} */
const databases = new Map()

/**
 * A database error as plain data: its message and the fields Postgres sent (code, detail, constraint…).
 * @param {unknown} err
 */
function plainError(err) {
  const e = /** @type {Error & Record<string, unknown>} */ (err instanceof Error ? err : new Error(String(err)))
  const fields = Object.fromEntries(Object.entries(e).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)))
  return { ...fields, name: e.name, message: e.message }
}

/**
 * Drizzle's parsers keep some types as the text Postgres sent: the same, by type id, on this side.
 * @param {{ rowMode?: 'array' | 'object', textTypes?: number[], blob?: Blob } | undefined} options
 */
function queryOptions(options) {
  if (!options) return undefined
  const parsers = Object.fromEntries((options.textTypes ?? []).map((/** @type {number} */ t) => [t, (/** @type {string} */ v) => v]))
  return { rowMode: options.rowMode, parsers, blob: options.blob }
}

/**
 * Opens a transaction that stays open until `end`; resolves once BEGIN ran, rejects if it failed.
 * @param {PGlite} db
 * @param {number} id
 */
function begin(db, id) {
  return new Promise((opened, failed) => {
    let open = false
    const settled = db.transaction(
      (/** @type {import('@electric-sql/pglite').Transaction} */ tx) =>
        new Promise((commit, rollBack) => {
          const end = (/** @type {boolean} */ ok) => (ok ? commit(undefined) : rollBack(ROLLED_BACK))
          transactions.set(id, { query: tx.query.bind(tx), exec: tx.exec.bind(tx), end, settled })
          open = true
          opened(undefined)
        }),
    )
    settled.catch((/** @type {unknown} */ err) => open || failed(err))
  })
}

/**
 * Ends transaction `id`: its COMMIT's failure is the answer's; a roll-back asked for is not one.
 * @param {number} id
 * @param {boolean} commit
 */
async function end(id, commit) {
  const t = transactions.get(id)
  if (!t) throw new Error('PGlite: that transaction has ended')
  transactions.delete(id)
  t.end(commit)
  await t.settled.catch((/** @type {unknown} */ err) => {
    if (err !== ROLLED_BACK) throw err
  })
}

/**
 * Opens database `id` on `dir` (or in memory), loaded from `dump` when given.
 * @param {number} id
 * @param {string} dir
 * @param {Uint8Array<ArrayBuffer> | undefined} dump
 */
async function open(id, dir, dump) {
  const db = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: dump ? new Blob([dump]) : undefined })
  try {
    endOnTrap(db)
  } catch (err) {
    await db.close()
    throw err
  }
  databases.set(id, db)
}

/** Requests being worked on: what an abort answers before the thread ends. @type {Set<number>} */
const working = new Set()

/**
 * PGlite aborted: the database is beyond repair. Every request still open is told why (503 on the
 * server's side), and the thread ends; the server, told by its exit, restarts.
 * @param {unknown} err
 * @returns {never}
 */
function abandon(err) {
  const why = plainError(err)
  for (const id of working) port.postMessage({ id, error: { ...why, message: `PGlite is closed: it aborted (${why.name}: ${why.message})` } })
  process.exit(1)
}

/**
 * PGlite 0.5 swallows whatever Postgres's loop throws besides its own longjmp (a trap, a JS stack
 * overflow, an exit), and the query then answers no rows. Wrapping the loop (PGlite's `Module`,
 * public but undocumented: the version is pinned) makes any such throw end the thread instead.
 * @param {PGlite} db
 */
function endOnTrap(db) {
  const mod = /** @type {Record<string, any>} */ (db.Module)
  const longjmp = /** @type {{ POSTGRES_MAIN_LONGJMP: number }} */ (/** @type {unknown} */ (db)).POSTGRES_MAIN_LONGJMP
  const once = mod._PostgresMainLoopOnce
  if (typeof once !== 'function') {
    // Not a damaged folder (client.ts says so of other open failures): this build and its PGlite disagree.
    throw Object.assign(new Error('this PGlite has no _PostgresMainLoopOnce: install the version package.json pins (npm ci)'), { code: 'PGLITE_VERSION' })
  }
  mod._PostgresMainLoopOnce = (/** @type {unknown[]} */ ...args) => {
    try {
      return once(...args)
    } catch (err) {
      if (/** @type {{ status?: unknown }} */ (err)?.status !== longjmp) abandon(err)
      throw err
    }
  }
}

/**
 * A query in an open transaction, or its end.
 * @param {Record<string, any>} m
 */
async function inTransaction(m) {
  if (m.op === 'end') return end(m.tx, m.commit)
  const t = transactions.get(m.tx)
  if (!t) throw new Error('PGlite: that transaction has ended')
  return m.op === 'exec' ? t.exec(m.text) : t.query(m.text, m.params, queryOptions(m.options))
}

/**
 * What one request does.
 * @param {Record<string, any>} m
 */
async function handle(m) {
  if (m.op === 'open') return open(m.db, m.dir, m.dump)
  // A transaction open when its database began closing goes on: the close waits for it.
  if (m.tx) return inTransaction(m)
  const db = databases.get(m.db)
  if (!db) throw new Error('PGlite is closed')
  switch (m.op) {
    case 'query':
      return db.query(m.text, m.params, queryOptions(m.options))
    case 'exec':
      return db.exec(m.text)
    case 'begin':
      return begin(db, m.begin)
    case 'listen': {
      const unlisten = await db.listen(m.channel, (/** @type {string} */ payload) => port.postMessage({ notify: m.listener, payload }))
      listeners.set(m.listener, { db: m.db, unlisten })
      return undefined
    }
    case 'unlisten':
      await listeners.get(m.listener)?.unlisten()
      listeners.delete(m.listener)
      return undefined
    case 'dump': {
      const blob = await db.dumpDataDir(m.compression)
      return new Uint8Array(await blob.arrayBuffer())
    }
    case 'close':
      databases.delete(m.db)
      for (const [id, l] of listeners) if (l.db === m.db) listeners.delete(id)
      await db.close()
      return undefined
    default:
      throw new Error(`PGlite worker: unknown request ${m.op}`)
  }
}

/**
 * Posts one answer; a value that cannot be copied is answered as an error rather than left to
 * end the thread as an unhandled rejection.
 * @param {number} id
 * @param {unknown} value
 */
function answer(id, value) {
  try {
    port.postMessage({ id, value })
  } catch (err) {
    port.postMessage({ id, error: plainError(err) })
  }
}

port.on('message', (m) => {
  working.add(m.id)
  handle(m).then(
    (value) => {
      working.delete(m.id)
      answer(m.id, value)
    },
    (err) => {
      // A WebAssembly trap that reached JavaScript ends the thread (abandon answers this request
      // too), as one inside Postgres's loop does (endOnTrap). A folder that fails to open only fails its open.
      if (err instanceof WebAssembly.RuntimeError && m.op !== 'open') abandon(err)
      working.delete(m.id)
      port.postMessage({ id: m.id, error: plainError(err) })
    },
  )
})
