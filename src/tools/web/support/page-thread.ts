/**
 * Runs page-text.ts in a worker thread, so that no page, however large or deeply nested, holds
 * the server's event loop. A page whose Markdown needs more than the thread's heap is given as
 * text with its tags stripped (a second job, which needs no DOM); the call's signal ends the job.
 * The body is copied to the thread, not handed over, so that the second job can have it too.
 */
import { fail } from '../../../errors.js'
import { isOutOfMemory, type ThreadPool, threadPool } from '../../../lib/thread-pool.js'
import type { ToolContext } from '../../define.js'
import type { PageJob, PageText } from './page-text.js'

/** The heap of a page's thread: converting a 5 MB page took ~0.5 GB, a 20 MB one 1.5 GB. */
const HEAP_MB = 1024

let pool: ThreadPool | undefined

function poolFor(ctx: Pick<ToolContext, 'log'>): ThreadPool {
  const onError = (err: Error) => ctx.log.warn({ err: { message: err.message } }, 'A page conversion thread failed after its call ended')
  return (pool ??= threadPool(import.meta.url, './page-text', { heapMb: HEAP_MB, onError }))
}

/** The page's text, converted off the event loop. */
export async function pageTextOffThread(job: PageJob, ctx: Pick<ToolContext, 'log' | 'signal'>): Promise<PageText> {
  const run = (j: PageJob): Promise<PageText> => poolFor(ctx).run(j, { signal: ctx.signal })
  try {
    return await run(job)
  } catch (err) {
    if (!isOutOfMemory(err)) throw err
  }
  try {
    return await run({ ...job, textOnly: true })
  } catch (err) {
    if (!isOutOfMemory(err)) throw err
    return fail('PAYLOAD_TOO_LARGE', `${job.url} is too large to turn into text (${job.body.byteLength} bytes); read it with http`)
  }
}
