/**
 * Preloaded into a server under test (`NODE_OPTIONS=--import`): after SIGWINCH, the next query of
 * its PGlite thread fails as a WebAssembly abort inside PGlite would (a RuntimeError). The product
 * has no hook for this: this wraps worker_threads' Worker before the app loads, to preload
 * ./pglite-abort-worker.mjs into PGlite's thread and arm it from here.
 */
import module from 'node:module'
import workerThreads from 'node:worker_threads'

const inWorker = new URL('./pglite-abort-worker.mjs', import.meta.url).href
// Its own channel: a listener on the thread's parentPort would take the server's first requests.
const arms = []
const { Worker, MessageChannel } = workerThreads
workerThreads.Worker = class extends Worker {
  constructor(url, options = {}) {
    if (!String(url).includes('pglite-worker')) {
      super(url, options)
      return
    }
    const { port1, port2 } = new MessageChannel()
    const execArgv = [...(options.execArgv ?? process.execArgv), '--import', inWorker]
    super(url, { ...options, execArgv, workerData: { arm: port2 }, transferList: [port2] })
    port1.unref()
    arms.push(port1)
  }
}
module.syncBuiltinESMExports()
process.on('SIGWINCH', () => {
  for (const arm of arms) arm.postMessage('abort')
})
