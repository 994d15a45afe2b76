/**
 * Turns of the event loop in long loops over input a caller controls: `due` once a slice of work
 * has run since the last turn, and `next()` takes one. By time, not by count: one record can be a
 * few bytes or 16 KB.
 */
import { performance } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'

/** Work between turns: short enough for other calls to go on, long enough that turns cost little. */
const SLICE_MS = 10

export class Slices {
  private since = performance.now()

  get due(): boolean {
    return performance.now() - this.since > SLICE_MS
  }

  async next(): Promise<void> {
    await nextTurn()
    this.since = performance.now()
  }
}
