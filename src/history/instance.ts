/**
 * Which instance wrote a history row. A call that changes something has a `running` row before
 * its tool runs; if the process dies, that row must be marked `interrupted` at the next start,
 * and only by the instance that owned it: several instances may share one Postgres, and another
 * one's `running` rows may be very much alive. So the identity must survive a restart: it is a
 * random id kept in the instance's own data folder (TOOLGATE_DATA_DIR, which also holds its PGlite
 * database), created on first start. Instances sharing a Postgres must not share a data folder.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const FILE = 'instance-id'

export function stableInstanceId(dataDir: string): string {
  const file = path.join(dataDir, FILE)
  try {
    const kept = fs.readFileSync(file, 'utf8').trim()
    if (/^[0-9a-f-]{36}$/.test(kept)) return kept
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const id = crypto.randomUUID()
  fs.writeFileSync(file, `${id}\n`, { mode: 0o644 })
  return id
}
