/**
 * In-memory PGlite databases for test apps, reused within a worker: starting one from the template
 * costs ~0.3 s of CPU (WASM, its file system, pg_trgm's linking), a third of an app's build, while
 * emptying one costs a few ms. A database given back is emptied to the template's state (every row
 * the template did not have gone, sequences restarted, session state discarded); one whose schema a
 * test changed, or that was closed, is closed and never handed out again. Only the tables a test
 * touched are emptied: truncating all twenty cost ~100 ms of CPU an app, most tests touch two or three.
 */
import { type SQL, sql } from 'drizzle-orm'
import { createDb, type Database } from '../../src/db/client.js'
import { rows } from '../../src/db/sql-rows.js'

/** Idle databases kept per worker: an app or two at a time is the norm, and each holds ~100 MB. */
const KEEP = 2

interface Pooled {
  database: Database
  /** The template's rows as a jsonb array, by table (those that had any), to put back after emptying. */
  templateRows: Map<string, string>
  fingerprint: string
  /** Which tables a test touched (touchedQuery): only those are emptied. */
  touched: SQL
}

const idle: Pooled[] = []
const known = new WeakMap<Database, Pooled>()

/** What a test could change that emptying would not undo: tables, columns, constraints, indexes, triggers, functions. */
const FINGERPRINT = sql`
  SELECT md5(string_agg(x, ',' ORDER BY x)) AS fingerprint FROM (
    SELECT concat_ws(':', n.nspname, c.relname, c.relkind) AS x FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'drizzle')
    UNION ALL SELECT concat_ws(':', c.relname, a.attname, a.atttypid, a.attnotnull) FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT concat_ws(':', conname, pg_get_constraintdef(oid)) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT tgname::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT concat_ws(':', proname, md5(prosrc)) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
  ) t`

const fingerprintOf = async (database: Database) => (await rows<{ fingerprint: string }>(database.db, FINGERPRINT))[0].fingerprint

const tablesOf = async (database: Database) =>
  (await rows<{ name: string }>(database.db, sql`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map(
    (r) => r.name,
  )

/** A migrated database in its template state: an idle one emptied earlier, or a new one loaded from `dump`. */
export async function takePglite(dump: Blob): Promise<Database> {
  const reused = idle.pop()
  if (reused) return reused.database
  const database = await createDb({ pgliteDump: dump })
  const tables = await tablesOf(database)
  const templateRows = new Map<string, string>()
  for (const table of tables) {
    const [{ kept }] = await rows<{ kept: string | null }>(database.db, sql`SELECT ${rowsAsJson(table)}::text AS kept`)
    if (kept) templateRows.set(table, kept)
  }
  const sequences = await rows<{ table: string; sequence: string; state: string }>(
    database.db,
    sql`SELECT quote_ident(t.relname) AS "table", quote_ident(q.relname) AS "sequence" FROM pg_class q
      JOIN pg_depend d ON d.objid = q.oid AND d.deptype IN ('a', 'i') JOIN pg_class t ON t.oid = d.refobjid
      WHERE q.relkind = 'S' AND q.relnamespace = 'public'::regnamespace`,
  )
  for (const s of sequences) s.state = (await rows<{ state: string }>(database.db, sequenceState(s.sequence)))[0].state
  const touched = touchedQuery(tables, templateRows, sequences)
  known.set(database, { database, templateRows, fingerprint: await fingerprintOf(database), touched })
  return database
}

/** Gives a database back: emptied to the template's state and kept, or closed if that cannot be vouched for. */
export async function releasePglite(database: Database): Promise<void> {
  const pooled = known.get(database)
  if (!pooled || idle.length >= KEEP || !(await database.ping(1_000)) || !(await emptied(pooled))) {
    await database.close().catch(() => {}) // a test may have closed it already
    return
  }
  idle.push(pooled)
}

/** A table's rows as one jsonb array in a stable order, or NULL when it has none. */
const rowsAsJson = (table: string) => sql`(SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text) FROM ${sql.raw(table)} t)`

/** A sequence's position: its last value and whether it was called (setval(…, false) leaves a value not yet called). */
const sequenceState = (sequence: string) => sql.raw(`SELECT last_value || ':' || is_called AS state FROM ${sequence}`)

/**
 * The names of the tables whose rows are not the template's, or whose own sequence moved (a failed
 * insert moves it and leaves no row; RESTART IDENTITY puts it back).
 */
function touchedQuery(tables: string[], templateRows: Map<string, string>, sequences: { table: string; sequence: string; state: string }[]): SQL {
  const changed = tables.map((table) => {
    const kept = templateRows.get(table)
    const differs = kept ? sql`${rowsAsJson(table)} IS DISTINCT FROM ${kept}::jsonb` : sql.raw(`EXISTS (SELECT 1 FROM ${table})`)
    return sql`SELECT ${table} AS name WHERE ${differs}`
  })
  const moved = sequences.map(({ table, sequence, state }) => sql`SELECT ${table} AS name WHERE (${sequenceState(sequence)}) <> ${state}`)
  return sql.join([...changed, ...moved], sql` UNION `)
}

async function emptied({ database, templateRows, fingerprint, touched }: Pooled): Promise<boolean> {
  try {
    await database.db.execute(sql`ROLLBACK`).catch(() => {}) // a transaction a test left open
    await database.db.execute(sql`DISCARD ALL`) // settings, advisory locks, LISTENs, prepared statements, temp tables
    if ((await fingerprintOf(database)) !== fingerprint) return false
    const tables = (await rows<{ name: string }>(database.db, touched)).map((r) => r.name)
    if (tables.length === 0) return true
    await database.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`))
    // Put the template's rows back where they are gone (truncated, or emptied by the cascade).
    for (const [table, kept] of templateRows) {
      const into = sql.raw(table)
      await database.db.execute(
        sql`INSERT INTO ${into} SELECT * FROM jsonb_populate_recordset(NULL::${into}, ${kept}::jsonb) WHERE NOT EXISTS (SELECT 1 FROM ${into})`,
      )
    }
    return true
  } catch {
    return false
  }
}
