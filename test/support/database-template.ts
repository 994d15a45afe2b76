/**
 * Vitest globalSetup: migrates one database before the suite, and every test app starts from a copy
 * of it instead of running initdb and the migrations again (on PGlite that took most of an app's
 * build). PGlite: a migrated data folder, copied per app. Postgres: a template database, cloned per
 * app with CREATE DATABASE … TEMPLATE. Workers find it through the environment they inherit.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createDb, type DbOptions } from '../../src/db/client.js'
import { createTemporaryDatabase } from './temp-database.js'

/** A migrated PGlite data folder to copy (set by this setup for the workers). */
export const PGLITE_TEMPLATE_ENV = 'TG_TEST_PGLITE_TEMPLATE'
/** The name of a migrated Postgres database to clone (set by this setup for the workers). */
export const PG_TEMPLATE_ENV = 'TG_TEST_PG_TEMPLATE'

export default async function setup(): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL
  if (base) {
    const template = await createTemporaryDatabase(base, 'tg_template')
    await (await createDb({ databaseUrl: template.url })).close()
    process.env[PG_TEMPLATE_ENV] = new URL(template.url).pathname.slice(1)
    return () => template.drop()
  }
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-pglite-template-'))
  const dir = path.join(root, 'pglite')
  const dump = await migratedPgliteDump()
  await fs.writeFile(`${dir}.tar`, Buffer.from(await dump.arrayBuffer()))
  // The same database as a folder, for apps restarted on it: PGlite writes the dump out on disk.
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  await fs.mkdir(dir)
  await (await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: dump })).close()
  process.env[PGLITE_TEMPLATE_ENV] = dir
  return () => fs.rm(root, { recursive: true, force: true })
}

/**
 * The migrated database as a PGlite dump, made in memory (on disk initdb alone took seconds) and
 * small, since every app loads it: test settings only, nothing the app can see differs.
 */
async function migratedPgliteDump(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  // 1 MB WAL segments instead of 16, and old ones deleted rather than kept for reuse.
  const fresh = await PGlite.create({ extensions: { pg_trgm }, initDbStartParams: ['--wal-segsize=1'] })
  for (const statement of [
    'ALTER SYSTEM SET wal_recycle = off',
    "ALTER SYSTEM SET min_wal_size = '2MB'",
    // Each start clears its shared buffers: 128 MB of them cost more than loading the dump itself.
    "ALTER SYSTEM SET shared_buffers = '4MB'",
    // Two more catalogs the size of the app's database; the app connects to `postgres` only.
    'ALTER DATABASE template1 IS_TEMPLATE false',
    'DROP DATABASE template1',
    'ALTER DATABASE template0 IS_TEMPLATE false',
    'DROP DATABASE template0',
  ])
    await fresh.exec(statement)
  const initialised = await fresh.dumpDataDir('none')
  await fresh.close()
  // The app's own migration path, on the database those settings apply to.
  const migrated = await createDb({ pgliteDump: initialised })
  const client = (migrated.db as unknown as { $client: InstanceType<typeof PGlite> }).$client
  await client.exec('CHECKPOINT')
  const dump = await client.dumpDataDir('none')
  await migrated.close()
  return dump
}

let dump: Promise<Blob> | undefined
/** The template as a dump for an in-memory PGlite (read once per worker), or undefined outside the suite. */
export function pgliteTemplateDump(): Promise<Blob> | undefined {
  const template = process.env[PGLITE_TEMPLATE_ENV]
  if (!template) return undefined
  dump ??= fs.readFile(`${template}.tar`).then((bytes) => new Blob([bytes]))
  return dump
}

/**
 * Puts a migrated copy of the template at `pgliteDir`, unless a database is already there (a
 * restarted app) or no template was made (outside the suite, e.g. benchmarks: the app migrates).
 */
export async function copyPgliteTemplate(pgliteDir: string): Promise<void> {
  const template = process.env[PGLITE_TEMPLATE_ENV]
  if (!template) return
  const present = await fs.stat(pgliteDir).then(
    () => true,
    () => false,
  )
  if (!present) await fs.cp(template, pgliteDir, { recursive: true })
}

/**
 * A migrated database of its own for a test that opens it itself, without an app: a clone of the
 * template on Postgres (DATABASE_URL), else the PGlite template loaded in memory (none of these
 * tests restarts on it). `remove` once it is closed.
 */
export async function databaseOfItsOwn(): Promise<{ options: DbOptions; remove(): Promise<void> }> {
  const base = process.env.DATABASE_URL
  if (base) {
    const temp = await createTemporaryDatabase(base, 'tg_test', process.env[PG_TEMPLATE_ENV])
    return { options: { databaseUrl: temp.url }, remove: () => temp.drop() }
  }
  const dump = await pgliteTemplateDump()
  if (dump) return { options: { pgliteDump: dump }, remove: async () => {} }
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-pglite-'))
  const dir = path.join(root, 'pglite')
  await copyPgliteTemplate(dir)
  return { options: { pgliteDir: dir }, remove: () => fs.rm(root, { recursive: true, force: true }) }
}
