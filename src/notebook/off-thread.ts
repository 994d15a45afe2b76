/**
 * Notebook jobs (jobs.ts) run in a small pool of worker threads (lib/thread-pool.ts), so that
 * parsing a notebook of any size never holds the server's event loop. Each worker's heap is capped
 * (TOOLGATE_NOTEBOOK_HEAP_MB): a notebook whose JSON needs more is refused as too large, and the
 * server is unharmed. A job whose call is aborted (its timeout, the client gone) ends with its worker.
 */
import type { FastifyBaseLogger } from 'fastify'
import { isOutOfMemory, type ThreadPool, threadPool, transferable } from '../lib/thread-pool.js'
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

/** One pool per heap size, shared by the apps of a process (tests build many). */
const pools = new Map<number, ThreadPool>()

function poolOf(heapMb: number, log: FastifyBaseLogger): ThreadPool {
  let pool = pools.get(heapMb)
  if (!pool) {
    const onError = (err: Error) =>
      log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'A notebook worker failed after its call ended')
    pools.set(heapMb, (pool = threadPool(import.meta.url, './worker', { heapMb, onError })))
  }
  return pool
}

export function notebookRunner(heapMb: number, log: FastifyBaseLogger): NotebookRunner {
  return {
    async run(job, rel, signal) {
      let answer: WorkerAnswer
      try {
        answer = await poolOf(heapMb, log).run(job, { signal, transferList: transferable(job.bytes) as never })
      } catch (err) {
        if (isOutOfMemory(err)) tooLarge(rel, heapMb)
        throw err
      }
      if (!answer.ok) throw codedError(answer.error.code as ErrorCode, answer.error.message, answer.error.details && { details: answer.error.details })
      return answer.value as never
    },
  }
}
