/**
 * Which errors mean "the database cannot be reached" (a 503), told apart from a query the database
 * refuses (still the server's fault, a 500): real errors from node-postgres, drizzle and PGlite.
 */
import net from 'node:net'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../src/db/client.js'
import { isDatabaseUnavailable, reasonOf } from '../../src/db/outage.js'
import { pgliteTemplateDump } from '../support/database-template.js'

const caught = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err,
  )

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as net.AddressInfo
  await new Promise((r) => server.close(r))
  return port
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, bare and wrapped by drizzle with the query and its parameters', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${await closedPort()}/x`, connectionTimeoutMillis: 2_000 })
    const bare = await caught(pool.query('SELECT 1'))
    const wrapped = await caught(drizzle(pool).execute(sql`SELECT ${'secret-hash'}::text`))
    await pool.end()
    expect(isDatabaseUnavailable(bare)).toBe(true)
    expect(isDatabaseUnavailable(wrapped)).toBe(true)
    expect(String((wrapped as Error).message)).toContain('secret-hash')
    // What is logged about it names the cause, never the query or its parameters.
    expect(reasonOf(wrapped)).toBe('ECONNREFUSED')
  })

  it('recognises a closed PGlite, and not a query the database refuses', async () => {
    // The suite's migrated template in memory (a fresh memory:// database runs initdb first).
    const database = await createDb({ pgliteDir: 'memory://', pgliteDump: await pgliteTemplateDump() })
    const refused = await caught(database.db.execute(sql`SELECT * FROM no_such_table`))
    const syntax = await caught(database.db.execute(sql`SELEC 1`))
    await database.close()
    const closed = await caught(database.db.execute(sql`SELECT 1`))
    expect(refused).toBeInstanceOf(Error)
    expect(isDatabaseUnavailable(refused)).toBe(false)
    expect(isDatabaseUnavailable(syntax)).toBe(false)
    expect(isDatabaseUnavailable(closed)).toBe(true)
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
