/**
 * A fresh Postgres database on the server `baseUrl` points at, for one test app or one benchmark
 * run, dropped (with its connections) afterwards.
 */
import crypto from 'node:crypto'
import pg from 'pg'

export interface TemporaryDatabase {
  url: string
  drop(): Promise<void>
}

/** `template`: a database to copy (already migrated, for tests), which nothing may be connected to. */
export async function createTemporaryDatabase(baseUrl: string, prefix = 'tg_test', template?: string): Promise<TemporaryDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
