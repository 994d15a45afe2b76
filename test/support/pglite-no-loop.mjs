// Test preload for PGlite's thread: a PGlite whose Module lacks _PostgresMainLoopOnce, as a version
// that renamed that internal would be (test/db/pglite-thread-lost.test.ts).
import { PGlite } from '@electric-sql/pglite'

const create = PGlite.create.bind(PGlite)
PGlite.create = async (...args) => {
  const db = await create(...args)
  db.Module._PostgresMainLoopOnce = undefined
  return db
}
