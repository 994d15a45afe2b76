/**
 * `npm run seed [file.ndjson]`: loads the sample corpus (or the given NDJSON file) into the
 * database the server would use: DATABASE_URL when set, else the PGlite folder under
 * TOOLGATE_DATA_DIR (./data). Migrates first, like a server start. Safe to run again.
 *
 * When a server already holds that PGlite folder, the corpus goes through its API instead
 * (`POST /v1/corpus/import`, with TOOLGATE_KEY or TOOLGATE_BOOTSTRAP_KEY): a second process
 * opening the folder would corrupt it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig } from './config.js'
import { createDb } from './db/client.js'
import { DataDirLockedError } from './db/pglite-lock.js'
import { SAMPLE_CORPUS, seedCorpus } from './corpus/seed.js'

async function main() {
  const config = loadConfig()
  const file = path.resolve(process.argv[2] ?? SAMPLE_CORPUS)
  const shown = path.relative(process.cwd(), file) || file
  let database
  try {
    database = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') })
  } catch (err) {
    if (err instanceof DataDirLockedError && err.holder?.url) return seedThroughServer(err.holder.url, file, shown)
    throw err
  }
  try {
    const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) || 'postgres' : path.join(config.dataDir, 'pglite')
    console.log(`Seeding the corpus from ${shown} into ${database.kind} (${where})`)
    const s = await seedCorpus(database.db, file)
    console.log(
      `lines ${s.lines}, inserted ${s.inserted}, updated ${s.updated}, unchanged ${s.unchanged}, rejected ${s.rejected}, threads ${s.threads} (${s.duration_ms} ms)`,
    )
    for (const e of s.errors) console.log(`  line ${e.line}: ${e.error}`)
    if (s.rejected > 0) process.exitCode = 1
  } finally {
    await database.close()
  }
}

async function seedThroughServer(url: string, file: string, shown: string) {
  const key = process.env.TOOLGATE_KEY || process.env.TOOLGATE_BOOTSTRAP_KEY
  if (!key) {
    throw new Error(
      `A toolgate server at ${url} holds the embedded database, so the corpus must go through its API: ` +
        'run again with TOOLGATE_KEY=<a key with the write scope>, or stop the server first.',
    )
  }
  console.log(`A server at ${url} holds the embedded database: importing ${shown} through its API`)
  const res = await fetch(new URL('/v1/corpus/import', url), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    body: fs.createReadStream(file) as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit)
  const body = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`The server refused the import (${res.status} ${body.error_code}): ${body.error_message}`)
  console.log(JSON.stringify(body))
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err instanceof Error ? err.message : err)
  process.exitCode = 1
})
