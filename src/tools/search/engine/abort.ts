/**
 * The answer when a search is cut short by its call's signal: 504 TIMEOUT with what was found so
 * far (the pipeline shows a tool's own partial result), or 503 when the server is shutting down.
 * Without it an aborted search would surface as a bare error, i.e. a 500.
 */
import { codedError, type CodedError } from '../../../errors.js'
import { seconds } from '../../../lib/seconds.js'
import type { ToolContext } from '../../define.js'

export function abortError(ctx: ToolContext, partial?: Record<string, unknown>): CodedError {
  const reason = ctx.signal.reason as Error | undefined
  if (reason?.message !== 'timeout') {
    return codedError('SERVICE_UNAVAILABLE', 'The server is shutting down; the search was stopped. Retry the call')
  }
  const message = `Tool timed out after ${seconds(ctx.timeoutMs)}`
  return codedError('TIMEOUT', message, {
    details: { timeout_ms: ctx.timeoutMs, ...(partial && { result: { ...partial, success: false, error: message } }) },
  })
}

/** Runs `fn`; if the call's signal ended it, throws abortError (with the partial result) instead. */
export async function unlessAborted<T>(ctx: ToolContext, fn: () => Promise<T>, partial?: () => Record<string, unknown>): Promise<T> {
  try {
    ctx.signal.throwIfAborted()
    return await fn()
  } catch (err) {
    if (ctx.signal.aborted) throw abortError(ctx, partial?.())
    throw err
  }
}
