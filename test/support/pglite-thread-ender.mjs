/**
 * Preloaded into a server under test (`NODE_OPTIONS=--import`): SIGWINCH ends its PGlite thread,
 * as a WebAssembly abort inside PGlite would. It wraps worker_threads' Worker before the app loads,
 * to know which thread is PGlite's; the product has no hook for this.
 */
import module from 'node:module'
import workerThreads from 'node:worker_threads'

const pglite = []
const { Worker } = workerThreads
workerThreads.Worker = class extends Worker {
  constructor(url, options) {
    super(url, options)
    if (String(url).includes('pglite-worker')) pglite.push(this)
  }
}
module.syncBuiltinESMExports()
process.on('SIGWINCH', () => {
  for (const worker of pglite) worker.terminate()
})
