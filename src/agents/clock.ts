/**
 * A run's deadline. The run stops a little before its call's own timeout, so that it can still
 * answer with what it has instead of being cut off by the pipeline's TIMEOUT. Every wait of the
 * run (a model turn, a tool call) races the deadline; the outer signal (the call cancelled, the
 * server stopping) is an error, not a budget stop.
 */
import { codedError } from '../errors.js'

export const DEADLINE = Symbol('deadline')

export interface RunClock {
  /** Aborted at the deadline or with the outer signal: pass it to everything the run waits for. */
  readonly signal: AbortSignal
  /** The work's result, or DEADLINE once the deadline passed; rejects with the outer signal's reason. */
  race<T>(work: Promise<T>): Promise<T | typeof DEADLINE>
  stop(): void
}

/** Time kept back to answer: 5% of the budget, at least 100 ms, at most 2 s. */
export function answerReserveMs(timeoutMs: number): number {
  return Math.min(2000, Math.max(100, Math.floor(timeoutMs * 0.05)))
}

export function startClock(timeoutMs: number, outer?: AbortSignal): RunClock {
  const deadline = new AbortController()
  const budgetMs = Math.max(1, timeoutMs - answerReserveMs(timeoutMs))
  const timer = setTimeout(() => deadline.abort(codedError('TIMEOUT', `The subagent's time (${timeoutMs} ms) ran out`)), budgetMs)
  timer.unref()
  const signal = outer ? AbortSignal.any([deadline.signal, outer]) : deadline.signal
  const settled = <T>(resolve: (v: T | typeof DEADLINE) => void, reject: (e: unknown) => void) => {
    if (deadline.signal.aborted) resolve(DEADLINE)
    else reject(outer?.reason)
  }
  return {
    signal,
    race<T>(work: Promise<T>) {
      return new Promise<T | typeof DEADLINE>((resolve, reject) => {
        // Whatever the work does after the deadline is of no interest, its failure included.
        const onAbort = () => {
          work.catch(() => {})
          settled(resolve, reject)
        }
        if (signal.aborted) return onAbort()
        signal.addEventListener('abort', onAbort, { once: true })
        work.then(
          (value) => {
            signal.removeEventListener('abort', onAbort)
            resolve(value)
          },
          (err) => {
            signal.removeEventListener('abort', onAbort)
            if (signal.aborted) settled(resolve, reject)
            else reject(err)
          },
        )
      })
    },
    stop: () => clearTimeout(timer),
  }
}
