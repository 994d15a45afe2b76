/** Runs first in PGlite's thread (pglite-abort.mjs): once armed, PGlite's next query throws as its abort() does when raised outside Postgres's loop. */
import { workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

let armed = false
workerData?.arm?.on('message', () => {
  armed = true
})
workerData?.arm?.unref()
const query = PGlite.prototype.query
PGlite.prototype.query = function (...args) {
  if (armed) throw new WebAssembly.RuntimeError('Aborted(). Build with -sASSERTIONS for more info.')
  return query.apply(this, args)
}
