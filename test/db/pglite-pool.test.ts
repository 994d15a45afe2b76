/**
 * The suite's reused in-memory databases (test/support/pglite-pool.ts): a database handed out
 * again holds only what the template holds, and one a test changed the schema of, or closed, is
 * never handed out again.
 */
import { type SQL, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client.js'
import { createDb } from '../../src/db/client.js'
import { rows } from '../../src/db/sql-rows.js'
import { pgliteTemplateDump } from '../support/database-template.js'
import { releasePglite, takePglite } from '../support/pglite-pool.js'

const rowsOf = (database: Database, query: SQL) => rows<Record<string, any>>(database.db, query)
const count = async (database: Database, table: string) => (await rowsOf(database, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0].n

/** The suite's template; on a Postgres run (which has none) a migrated in-memory database of the test's own. */
async function templateDump(): Promise<Blob> {
  const made = await pgliteTemplateDump()
  if (made) return made
  const fresh = await createDb({ pgliteDir: 'memory://' })
  const client = (fresh.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('none')
  await fresh.close()
  return dump
}

const SNAPSHOT = sql`INSERT INTO snapshots (type, thread_position, entry_count, token_count) VALUES ('manual', 1, 0, 0) RETURNING id`

describe('reused PGlite databases', () => {
  it('come back emptied to the template: rows gone, template rows kept, sequences and session state reset', async () => {
    const dump = await templateDump()
    const first = await takePglite(dump)
    const templateWords = await rowsOf(first, sql`SELECT word, term_entries FROM glossary_words ORDER BY word`)
    expect(templateWords).toEqual([{ word: '', term_entries: 0 }]) // the migration's own row
    await first.db.execute(sql`INSERT INTO corpus_threads (id) VALUES (1)`)
    const firstId = (await rowsOf(first, SNAPSHOT))[0].id
    await first.db.execute(sql`UPDATE glossary_words SET term_entries = 7 WHERE word = ''`)
    // An insert that failed after taking an id: no row is left, but the sequence moved on.
    await expect(first.db.execute(sql`INSERT INTO glossary_entries (term, base_term, definition) VALUES ('t', 't', NULL)`)).rejects.toThrow()
    await first.db.execute(sql`SET statement_timeout = '1234ms'`)
    await first.db.execute(sql`SELECT pg_advisory_lock(42)`)
    await releasePglite(first)

    const second = await takePglite(dump)
    expect(second).toBe(first) // the same instance, not a new one
    expect(await count(second, 'corpus_threads')).toBe(0)
    expect(await count(second, 'snapshots')).toBe(0)
    expect((await rowsOf(second, SNAPSHOT))[0].id).toBe(firstId)
    const entry = sql`INSERT INTO glossary_entries (term, base_term, definition) VALUES ('t', 't', 'd') RETURNING id`
    expect((await rowsOf(second, entry))[0].id).toBe(1)
    expect(await rowsOf(second, sql`SELECT word, term_entries FROM glossary_words ORDER BY word`)).toEqual(templateWords)
    expect((await rowsOf(second, sql`SHOW statement_timeout`))[0].statement_timeout).toBe('0')
    expect(await rowsOf(second, sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`)).toEqual([{ n: 0 }])
    await releasePglite(second)
  })

  it('come back whole after a test only moved a sequence, or emptied a table of the template', async () => {
    const dump = await templateDump()
    const first = await takePglite(dump)
    await first.db.execute(sql`SELECT nextval('snapshots_id_seq')`)
    await first.db.execute(sql`SELECT setval('glossary_revisions_id_seq', 41, false)`)
    await first.db.execute(sql`DELETE FROM glossary_words`)
    await releasePglite(first)
    const second = await takePglite(dump)
    expect(second).toBe(first)
    expect((await rowsOf(second, SNAPSHOT))[0].id).toBe(1)
    expect(await rowsOf(second, sql`SELECT nextval('glossary_revisions_id_seq')::int AS n`)).toEqual([{ n: 1 }])
    expect(await rowsOf(second, sql`SELECT word, term_entries FROM glossary_words`)).toEqual([{ word: '', term_entries: 0 }])
    await releasePglite(second)
  })

  it('are not handed out again once a test changed their schema or closed them', async () => {
    const dump = await templateDump()
    const altered = await takePglite(dump)
    await altered.db.execute(sql`ALTER TABLE corpus_posts ADD CONSTRAINT left_behind CHECK (body <> 'x')`)
    await releasePglite(altered)
    const next = await takePglite(dump)
    expect(next).not.toBe(altered)
    expect(await altered.ping(500)).toBe(false) // closed, not leaked

    await next.close()
    await releasePglite(next)
    const fresh = await takePglite(dump)
    expect(fresh).not.toBe(next)
    expect(await count(fresh, 'corpus_threads')).toBe(0)
    await releasePglite(fresh)
  })
})
