/**
 * Notebook jobs (jobs.ts) run in a small pool of worker threads (piscina), so that parsing a
 * notebook of any size never holds the server's event loop. Each worker's heap is capped
 * (TOOLGATE_NOTEBOOK_HEAP_MB): a notebook whose JSON needs more is refused as too large, and the
 * server is unharmed. A job whose call is aborted (its timeout, the client gone) ends with its worker.
 */
import os from 'node:os'
import { Piscina } from 'piscina'
import { codedError, type ErrorCode } from '../errors.js'
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
  /** Runs `job` off the event loop; coded errors come back as they were thrown. `rel` names the notebook in errors. */
  run<J extends NotebookJob>(job: J, rel: string, signal?: AbortSignal): Promise<Answer<J>>
}

/**
 * One pool per heap size, shared by the apps of a process (tests build many) and started at its
 * first job; idle threads end after 30 s, so a pool costs nothing while no notebook is read.
 */
const pools = new Map<number, Piscina>()

function poolOf(heapMb: number): Piscina {
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
  pools.set(heapMb, pool)
  return pool
}

export function notebookRunner(heapMb: number): NotebookRunner {
  return {
    async run(job, rel, signal) {
      let answer: WorkerAnswer
      try {
        answer = await poolOf(heapMb).run(job, { signal })
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw codedError('FILE_TOO_LARGE', `${rel} needs more than ${heapMb} MiB of memory to parse (TOOLGATE_NOTEBOOK_HEAP_MB); split the notebook`, {
            details: { path: rel, limit_mb: heapMb },
          })
        }
        throw err
      }
      if (!answer.ok) throw codedError(answer.error.code as ErrorCode, answer.error.message, answer.error.details && { details: answer.error.details })
      return answer.value as never
    },
  }
}
