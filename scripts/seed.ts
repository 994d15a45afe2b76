/**
 * `npm run seed [file.ndjson]`: loads the sample corpus (or the given NDJSON file) into the
 * database the server would use: DATABASE_URL when set, else the PGlite folder under
 * TOOLGATE_DATA_DIR (./data). Migrates first, like a server start. Safe to run again.
 */
import path from 'node:path'
import { loadConfig, ConfigError } from '../src/config.js'
import { createDb } from '../src/db/client.js'
import { SAMPLE_CORPUS, seedCorpus } from '../src/corpus/seed.js'

async function main() {
  const config = loadConfig()
  const file = path.resolve(process.argv[2] ?? SAMPLE_CORPUS)
  const database = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') })
  try {
    const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) || 'postgres' : path.join(config.dataDir, 'pglite')
    console.log(`Seeding the corpus from ${path.relative(process.cwd(), file) || file} into ${database.kind} (${where})`)
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

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exitCode = 1
})
