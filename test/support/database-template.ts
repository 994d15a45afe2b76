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
  const template = await createDb({ pgliteDir: dir })
  await template.close()
  // The same database as a dump: an in-memory app loads it in half the time a folder copy takes.
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const reopened = await PGlite.create(dir, { extensions: { pg_trgm } })
  await fs.writeFile(`${dir}.tar`, Buffer.from(await (await reopened.dumpDataDir('none')).arrayBuffer()))
  await reopened.close()
  process.env[PGLITE_TEMPLATE_ENV] = dir
  return () => fs.rm(root, { recursive: true, force: true })
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
 * template on Postgres (DATABASE_URL), else a copy of the PGlite template. `remove` once it is closed.
 */
export async function databaseOfItsOwn(): Promise<{ options: DbOptions; remove(): Promise<void> }> {
  const base = process.env.DATABASE_URL
  if (base) {
    const temp = await createTemporaryDatabase(base, 'tg_test', process.env[PG_TEMPLATE_ENV])
    return { options: { databaseUrl: temp.url }, remove: () => temp.drop() }
  }
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-pglite-'))
  const dir = path.join(root, 'pglite')
  await copyPgliteTemplate(dir)
  return { options: { pgliteDir: dir }, remove: () => fs.rm(root, { recursive: true, force: true }) }
}
