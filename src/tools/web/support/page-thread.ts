/**
 * Runs page-text.ts in a worker thread, so that no page, however large or deeply nested, holds
 * the server's event loop. A page whose Markdown needs more than the thread's heap, or more than
 * MARKDOWN_MS, is given as text with its tags stripped (a second job, which needs no DOM); the
 * call's signal ends either job.
 * The body is copied to the thread, not handed over, so that the second job can have it too.
 */
import { fail } from '../../../errors.js'
import { isAborted, isOutOfMemory, type ThreadPool, threadPool } from '../../../lib/thread-pool.js'
import type { ToolContext } from '../../define.js'
import type { PageJob, PageText } from './page-text.js'

/** The heap of a page's thread: converting a 5 MB page took ~0.5 GB, a 20 MB one 1.5 GB. */
const HEAP_MB = 1024

let pool: ThreadPool | undefined

function poolFor(ctx: Pick<ToolContext, 'log'>): ThreadPool {
  const onError = (err: Error) => ctx.log.warn({ err: { message: err.message } }, 'A page conversion thread failed after its call ended')
  return (pool ??= threadPool(import.meta.url, './page-text', { heapMb: HEAP_MB, onError }))
}

/**
 * Longest a page's Markdown may take before its text is given instead: turndown's regexes go
 * quadratic on inputs no weight foresees (160 KB of runs of spaces between comments held a thread
 * 25 s; 80 KB of inline code, 11 s), while the text's tokens take linear time.
 */
export const MARKDOWN_MS = 8_000

/** The page's text, converted off the event loop. */
export async function pageTextOffThread(job: PageJob, ctx: Pick<ToolContext, 'log' | 'signal'>, markdownMs = MARKDOWN_MS): Promise<PageText> {
  const run = (j: PageJob, timeoutMs?: number): Promise<PageText> => poolFor(ctx).run(j, { signal: ctx.signal, timeoutMs })
  try {
    return await run(job, markdownMs)
  } catch (err) {
    if (ctx.signal.aborted || !(isOutOfMemory(err) || isAborted(err))) throw err
  }
  try {
    return await run({ ...job, textOnly: true })
  } catch (err) {
    if (!isOutOfMemory(err)) throw err
    return fail('PAYLOAD_TOO_LARGE', `${job.url} is too large to turn into text (${job.body.byteLength} bytes); read it with http`)
  }
}
