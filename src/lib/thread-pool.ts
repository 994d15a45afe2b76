/**
 * Pools of worker threads (piscina) for CPU-heavy work that must not hold the server's event loop:
 * notebooks, and HTML turned into Markdown. A pool starts at its first job and keeps one thread
 * (more end after 30 s idle); each thread's heap is capped, so a job that needs more ends its
 * thread (ERR_WORKER_OUT_OF_MEMORY), not the server.
 */
import os from 'node:os'
import PQueue from 'p-queue'
import { Piscina } from 'piscina'

export interface PoolOptions {
  heapMb: number
  /** A thread that failed outside any job (one whose call was aborted): unheard, the event would end the server. */
  onError: (err: Error) => void
}

export interface RunOptions {
  signal?: AbortSignal
  transferList?: ArrayBuffer[]
  /** Ends the job (and its thread) this long after it starts running, not counting its wait for a thread. */
  timeoutMs?: number
}

export interface ThreadPool {
  run<T>(job: unknown, opts?: RunOptions): Promise<T>
  destroy(): Promise<void>
}

/**
 * A pool running the module `name` (without extension) beside `callerUrl` (the caller's
 * `import.meta.url`); from TypeScript sources (tests, tsx) it loads through tsx, as the server does.
 * Jobs wait in a queue of ours, and go to piscina only when a thread is free for them: once a
 * thread had ended while starting up (an aborted job's), piscina stopped replacing threads lost to
 * out-of-memory jobs, and jobs left in its queue waited for the next job to arrive.
 */
export function threadPool(callerUrl: string, name: string, opts: PoolOptions): ThreadPool {
  const threads = Math.max(1, Math.min(2, os.availableParallelism()))
  const pool = piscinaPool(callerUrl, name, opts, threads)
  const queue = new PQueue({ concurrency: threads })
  return {
    run: <T>(job: unknown, { signal, transferList, timeoutMs }: RunOptions = {}) =>
      queue.add(() => withTimeLimit(signal, timeoutMs, (limited) => pool.run(job, { signal: limited, transferList: transferList as never }) as Promise<T>), {
        signal,
      }),
    destroy: async () => {
      queue.clear()
      await pool.destroy()
    },
  }
}

/** `work` with a signal that aborts with `signal` or after `timeoutMs` (a timer of ours: Node 20's AbortSignal.timeout inside AbortSignal.any was collected before it fired). */
async function withTimeLimit<T>(signal: AbortSignal | undefined, timeoutMs: number | undefined, work: (signal?: AbortSignal) => Promise<T>): Promise<T> {
  if (timeoutMs === undefined) return work(signal)
  const limit = new AbortController()
  const timer = setTimeout(() => limit.abort(new Error(`the job ran past ${timeoutMs} ms`)), timeoutMs)
  const follow = () => limit.abort(signal?.reason)
  signal?.addEventListener('abort', follow, { once: true })
  try {
    return await work(limit.signal)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', follow)
  }
}

function piscinaPool(callerUrl: string, name: string, opts: PoolOptions, threads: number): Piscina {
  const ts = callerUrl.endsWith('.ts')
  const pool = new Piscina({
    filename: new URL(`${name}${ts ? '.ts' : '.js'}`, callerUrl).href,
    execArgv: ts ? ['--import', 'tsx'] : [],
    // At least one: piscina replaces an ended thread (an aborted or failed job's) only up to this,
    // and with none, jobs queued behind aborted ones waited for the next job to start a thread.
    minThreads: 1,
    maxThreads: threads,
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

/** A job ended by its signal or its timeoutMs (piscina's AbortError). */
export const isAborted = (err: unknown) => (err as { name?: string }).name === 'AbortError'
