/**
 * Notebook jobs (jobs.ts) run in a small pool of worker threads (piscina), so that parsing a
 * notebook of any size never holds the server's event loop. Each worker's heap is capped
 * (TOOLGATE_NOTEBOOK_HEAP_MB): a notebook whose JSON needs more is refused as too large, and the
 * server is unharmed. A job whose call is aborted (its timeout, the client gone) ends with its worker.
 */
import os from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import { Piscina } from 'piscina'
import { codedError, type ErrorCode } from '../errors.js'
import { tooLarge } from './budget.js'
import type { ColabAnswer, EditAnswer, NotebookJob, QualityAnswer, RenderedWindow } from './jobs.js'
import type { WorkerAnswer } from './worker.js'

type Answer<J extends NotebookJob> = J['op'] extends 'render'
  ? RenderedWindow | null
  : J['op'] extends 'quality'
    ? QualityAnswer
    : J['op'] extends 'colab'
      ? ColabAnswer
      : EditAnswer

/** What tools get as `ctx.services.notebooks`. */
export interface NotebookRunner {
  /**
   * Runs `job` off the event loop; coded errors come back as they were thrown. `rel` names the
   * notebook in errors. The job's bytes may be handed over: the caller must not use them after.
   */
  run<J extends NotebookJob>(job: J, rel: string, signal?: AbortSignal): Promise<Answer<J>>
}

/**
 * One pool per heap size, shared by the apps of a process (tests build many) and started at its
 * first job; idle threads end after 30 s, so a pool costs nothing while no notebook is read.
 */
const pools = new Map<number, Piscina>()

function poolOf(heapMb: number, log: FastifyBaseLogger): Piscina {
  let pool = pools.get(heapMb)
  if (pool) return pool
  // From TypeScript sources (tests, tsx) the worker loads through tsx, as the server does.
  const ts = import.meta.url.endsWith('.ts')
  pool = new Piscina({
    filename: new URL(ts ? './worker.ts' : './worker.js', import.meta.url).href,
    execArgv: ts ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, os.availableParallelism())),
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  })
  // A worker that fails outside any job (one whose call was aborted, still inside JSON.parse when
  // told to end) is reported here; unheard, the event would end the server.
  pool.on('error', (err: Error) =>
    log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'A notebook worker failed after its call ended'),
  )
  pools.set(heapMb, pool)
  return pool
}

/**
 * The job's bytes are handed over to the worker (not copied) when their buffer is their own: one
 * larger than Node's shared pool of small Buffers, starting with them.
 */
const transferable = (bytes: Uint8Array) => (bytes.byteOffset === 0 && bytes.buffer.byteLength > Buffer.poolSize ? [bytes.buffer] : [])

export function notebookRunner(heapMb: number, log: FastifyBaseLogger): NotebookRunner {
  return {
    async run(job, rel, signal) {
      let answer: WorkerAnswer
      try {
        answer = await poolOf(heapMb, log).run(job, { signal, transferList: transferable(job.bytes) as never })
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') tooLarge(rel, heapMb)
        throw err
      }
      if (!answer.ok) throw codedError(answer.error.code as ErrorCode, answer.error.message, answer.error.details && { details: answer.error.details })
      return answer.value as never
    },
  }
}
