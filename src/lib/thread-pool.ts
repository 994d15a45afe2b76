/**
 * Pools of worker threads (piscina) for CPU-heavy work that must not hold the server's event loop:
 * notebooks, and HTML turned into Markdown. A pool starts at its first job and keeps one thread
 * (more end after 30 s idle); each thread's heap is capped, so a job that needs more ends its
 * thread (ERR_WORKER_OUT_OF_MEMORY), not the server.
 */
import os from 'node:os'
import { Piscina } from 'piscina'

export interface PoolOptions {
  heapMb: number
  /** A thread that failed outside any job (one whose call was aborted): unheard, the event would end the server. */
  onError: (err: Error) => void
}

/**
 * A pool running the module `name` (without extension) beside `callerUrl` (the caller's
 * `import.meta.url`); from TypeScript sources (tests, tsx) it loads through tsx, as the server does.
 */
export function threadPool(callerUrl: string, name: string, opts: PoolOptions): Piscina {
  const ts = callerUrl.endsWith('.ts')
  const pool = new Piscina({
    filename: new URL(`${name}${ts ? '.ts' : '.js'}`, callerUrl).href,
    execArgv: ts ? ['--import', 'tsx'] : [],
    // At least one: piscina replaces an ended thread (an aborted or failed job's) only up to this,
    // and with none, jobs queued behind aborted ones waited for the next job to start a thread.
    minThreads: 1,
    maxThreads: Math.max(1, Math.min(2, os.availableParallelism())),
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: opts.heapMb },
  })
  pool.on('error', opts.onError)
  return pool
}

/**
 * The buffers of `bytes` that can be handed over to a thread (not copied): its own buffer, one
 * larger than Node's shared pool of small Buffers, starting with it.
 */
export const transferable = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.byteOffset === 0 && bytes.buffer.byteLength > Buffer.poolSize ? [bytes.buffer as ArrayBuffer] : []

export const isOutOfMemory = (err: unknown) => (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
