/**
 * `npm run migrate`: applies the SQL migrations (migrations/) to DATABASE_URL, or to the embedded
 * PGlite in TOOLGATE_DATA_DIR, and exits. The server applies them at start anyway (instances wait
 * for each other on an advisory lock); this is for deployments that migrate as a separate step,
 * with an owner role, before starting servers that run with fewer rights.
 */
import path from 'node:path'
import { loadConfigOrExit } from './config.js'
import { createDb } from './db/client.js'

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${path.join(config.dataDir, 'pglite')})`
  const database = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') })
  await database.close()
  process.stdout.write(`Migrations applied: ${where} is up to date\n`)
}

main().catch((err) => {
  // The URL may carry a password: say what failed, not the URL.
  process.stderr.write(`Migration failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
