/**
 * Vitest globalSetup: migrates one database before the suite, and every test app starts from a copy
 * of it instead of running initdb and the migrations again (on PGlite that took most of an app's
 * build). PGlite: a dump of a migrated data folder, loaded in memory per app, or written out as a
 * folder for an app restarted on it; made once and kept in the OS temp folder for later runs.
 * Postgres: a template database, cloned per app with CREATE DATABASE … TEMPLATE. Workers find it
 * through the environment they inherit.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDb, type DbOptions } from '../../src/db/client.js'
import { createTemporaryDatabase } from './temp-database.js'

/** A migrated PGlite data folder dumped as a tar file (set by this setup for the workers). */
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
  // Kept between runs under a name that digests all it is made from: most runs skip making it.
  const tar = await templateFile()
  const made = await fs.stat(tar).then(
    () => true,
    () => false,
  )
  if (!made) {
    const partial = `${tar}.${process.pid}.partial`
    await fs.writeFile(partial, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()))
    await fs.rename(partial, tar) // whole or not at all, for runs beside this one
  }
  process.env[PGLITE_TEMPLATE_ENV] = tar
  return async () => {}
}

/** Where the PGlite template is kept: named by the migrations, the code making it and the versions running it. */
async function templateFile(): Promise<string> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const migrations = path.join(root, 'migrations')
  const sources = [fileURLToPath(import.meta.url), path.join(root, 'src/db/client.ts')]
  for (const name of (await fs.readdir(migrations, { recursive: true })).sort()) sources.push(path.join(migrations, name))
  const digest = createHash('sha256')
  for (const file of sources) {
    if ((await fs.stat(file)).isFile()) digest.update(`${path.relative(root, file)}\0`).update(await fs.readFile(file))
  }
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    digest.update(`${pkg}@${JSON.parse(await fs.readFile(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version}`)
  }
  return path.join(os.tmpdir(), `toolgate-pglite-template-${digest.digest('hex').slice(0, 16)}.tar`)
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

const readTemplate = (tar: string) => fs.readFile(tar)
let bytes: ReturnType<typeof readTemplate> | undefined
let blob: Promise<Blob> | undefined
/** The template's tar file, read once per worker. */
const templateBytes = (tar: string) => (bytes ??= readTemplate(tar))

/** The template as a dump for an in-memory PGlite, or undefined outside the suite. */
export async function pgliteTemplateDump(): Promise<Blob | undefined> {
  const tar = process.env[PGLITE_TEMPLATE_ENV]
  if (!tar) return undefined
  blob ??= templateBytes(tar).then((b) => new Blob([b]))
  return blob
}

/**
 * Puts a migrated copy of the template at `pgliteDir`, unless a database is already there (a
 * restarted app) or no template was made (outside the suite, e.g. benchmarks: the app migrates).
 */
export async function copyPgliteTemplate(pgliteDir: string): Promise<void> {
  const tar = process.env[PGLITE_TEMPLATE_ENV]
  if (!tar) return
  const present = await fs.stat(pgliteDir).then(
    () => true,
    () => false,
  )
  if (!present) await extractDump(await templateBytes(tar), pgliteDir)
}

/** Writes out a PGlite dump, a plain ustar archive of folders and files (no links), under `dir`. */
async function extractDump(tar: Buffer, dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 })
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const field = (from: number, length: number) => tar.toString('latin1', at + from, at + from + length).replace(/\0.*$/s, '')
    // ustar: the name's prefix (if any), then the name, both relative to the data folder.
    const name = path.join(dir, field(345, 155), field(0, 100))
    const size = Number.parseInt(field(124, 12).trim() || '0', 8)
    const mode = Number.parseInt(field(100, 8).trim() || '600', 8)
    const type = field(156, 1)
    at += 512
    if (type === '5') await fs.mkdir(name, { recursive: true, mode })
    else if (type === '0' || type === '') await fs.writeFile(name, tar.subarray(at, at + size), { mode })
    else throw new Error(`PGlite template: unexpected tar entry type ${JSON.stringify(type)} for ${name}`)
    at += Math.ceil(size / 512) * 512
  }
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
