/**
 * One place chooses the driver: node-postgres when DATABASE_URL is set, embedded PGlite otherwise.
 * Everything above this file sees the same drizzle `PgDatabase` and runs unchanged on both.
 */
import { fileURLToPath } from 'node:url'
import fs from 'node:fs'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema/index.js'
import { type DataDirLock, lockDataDir } from './pglite-lock.js'
import { listenOnPostgres, type Listener, type ListenerLog, type ListenHandlers } from './listener.js'
import { PgliteThread } from './pglite-thread.js'
import type { PGlite } from '@electric-sql/pglite'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  /** PGlite in a folder: the lock that keeps other processes out of it (pglite-lock.ts). */
  lock?: DataDirLock
  kind: 'postgres' | 'pglite'
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>
  /** LISTENs on `channel` until the listener is closed (listener.ts); resolves once it first tried. */
  listen(channel: string, on: ListenHandlers, log: ListenerLog): Promise<Listener>
  close(): Promise<void>
  /** PGlite only: settles with why if the thread running it dies; nothing reopens it short of a restart. */
  lost?: Promise<Error>
}

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url))
// Any constant works: it only has to be the same for every toolgate instance on one database.
const MIGRATION_LOCK = 0x746f6f6c

export interface DbOptions {
  databaseUrl?: string
  /** PGlite data folder; `memory://` keeps everything in memory (tests). */
  pgliteDir?: string
  /** A PGlite data folder dump (`dumpDataDir`) to start from: tests start from a migrated one. */
  pgliteDump?: Blob
}

export async function createDb(opts: DbOptions): Promise<Database> {
  return opts.databaseUrl ? createPostgres(opts.databaseUrl) : createPglite(opts.pgliteDir ?? 'memory://', opts.pgliteDump)
}

async function createPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  // Parsed rather than passed as connectionString: pg keeps a separate password non-enumerable, so
  // tools, which reach the pool through `ctx.services.db`, cannot read it off the pool's options.
  const { parseIntoClientConfig } = await import('pg-connection-string')
  // min: 1 keeps one connection between calls: pg closes idle ones after 10 s, and an agent calling
  // less often paid a new connection (a backend started, ~5 ms) for its key's lookup on every call.
  const pool = new pg.Pool({ ...parseIntoClientConfig(url), min: 1, max: 10, connectionTimeoutMillis: 5_000 })
  // A dropped connection must not crash the process; /readyz reports it and the pool recovers.
  pool.on('error', () => {})
  const db = drizzle(pool, { schema }) as unknown as Db
  const client = await pool.connect()
  try {
    // Several instances may start together: one migrates, the others wait for it.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle(client, { schema }), { migrationsFolder })
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs = 2_000) => pingWith(() => pool.query('SELECT 1'), timeoutMs),
    async listen(channel, on, log) {
      const listener = listenOnPostgres(url, channel, on, log)
      await listener.started
      return listener
    },
    close: () => pool.end(),
  }
}

async function createPglite(dir: string, loadDataDir?: Blob): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const inMemory = dir.startsWith('memory://')
  if (!inMemory) fs.mkdirSync(dir, { recursive: true })
  const lock = inMemory ? undefined : lockDataDir(dir)
  let client: PgliteThread
  try {
    // pg_trgm (glossary search ranking) is loaded by the thread; PGlite ships it as a contrib module.
    client = await PgliteThread.start(dir, loadDataDir)
  } catch (err) {
    lock?.release()
    throw inMemory || (err as { code?: unknown }).code === 'PGLITE_VERSION' ? err : damaged(dir, err)
  }
  // drizzle's PGlite driver uses query, exec and transaction, which the thread answers as PGlite does.
  const db = drizzle({ client: client as unknown as PGlite, schema }) as unknown as Db
  try {
    await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder })
  } catch (err) {
    await client.close().catch(() => {})
    lock?.release()
    throw err
  }
  return {
    db,
    lock,
    kind: 'pglite',
    lost: client.lost,
    ping: (timeoutMs = 2_000) => (client.closed ? Promise.resolve(false) : pingWith(() => client.query('SELECT 1'), timeoutMs)),
    async listen(channel, on) {
      // A notification is posted by the thread before the answer to the query that sent it: every
      // listener has it before that query returns here.
      const unlisten = await client.listen(channel, on.message)
      on.connected()
      return {
        deliveredBefore: () => (client.closed ? 0 : Date.now()),
        close: () => (client.closed ? Promise.resolve() : unlisten()),
      }
    },
    close: async () => {
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/** A folder PGlite cannot open: said so, with what to do, never as a bare WebAssembly abort. */
function damaged(dir: string, err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err)
  return new Error(
    `The embedded database in ${dir} could not be opened (${reason}): it looks damaged, perhaps by two processes ` +
      `opening it at once or a full disk. Move it aside (mv ${dir} ${dir}.damaged) to start with an empty one, or ` +
      'restore the folder from a backup. PostgreSQL (DATABASE_URL) avoids this.',
    { cause: err },
  )
}

/** Resolves true when `query` answers within `timeoutMs`. */
async function pingWith(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      query(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('ping timed out')), timeoutMs)
      }),
    ])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
