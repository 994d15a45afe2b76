/**
 * `rows`, the one helper for raw SQL: the rows of a pg_trgm query come back under the query's own
 * column names, from the database handle and from a transaction alike, on PGlite or (with
 * DATABASE_URL) Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createDb, type Database } from '../../src/db/client.js'
import { rows } from '../../src/db/sql-rows.js'
import { createTemporaryDatabase, type TemporaryDatabase } from '../support/temp-database.js'
import { pgliteTemplateDump } from '../support/database-template.js'

let database: Database
let temp: TemporaryDatabase | undefined

beforeAll(async () => {
  if (process.env.DATABASE_URL) temp = await createTemporaryDatabase(process.env.DATABASE_URL, 'tg_test')
  // On PGlite the suite's migrated template in memory: a fresh one would run initdb first.
  database = await createDb({ databaseUrl: temp?.url, pgliteDump: await pgliteTemplateDump() })
})

afterAll(async () => {
  await database?.close()
  await temp?.drop()
})

describe('rows', () => {
  it('returns every row of a raw query, typed by the caller, in the query order', async () => {
    const ranked = await rows<{ word: string; score: number }>(
      database.db,
      sql`
      SELECT w AS word, similarity(w, ${'glossary'})::float8 AS score
      FROM unnest(ARRAY['glossary', 'glossery', 'corpus']) AS w ORDER BY score DESC, w`,
    )
    expect(ranked.map((r) => r.word)).toEqual(['glossary', 'glossery', 'corpus'])
    expect(ranked[0].score).toBe(1)
    expect(ranked[1].score).toBeGreaterThan(0.3)
    expect(ranked[2].score).toBeLessThan(0.1)
  })

  it('answers an empty array when nothing matches, and runs inside a transaction', async () => {
    expect(await rows(database.db, sql`SELECT 1 AS one WHERE false`)).toEqual([])
    const inTx = await database.db.transaction((tx) => rows<{ n: number }>(tx, sql`SELECT 41 + 1 AS n`))
    expect(inTx).toEqual([{ n: 42 }])
  })
})
