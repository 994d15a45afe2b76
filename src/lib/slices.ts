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

/** Items mapped at a time between turns: a plain map below it, so small lists pay nothing. */
const MAP_SLICE = 4_096

/** `items.map(fn)`, with a turn of the event loop after each slice of MAP_SLICE items. */
export async function mapInSlices<T, U>(items: readonly T[], fn: (item: T) => U): Promise<U[]> {
  if (items.length <= MAP_SLICE) return items.map(fn)
  const out: U[] = []
  for (let at = 0; at < items.length; at += MAP_SLICE) {
    if (at > 0) await nextTurn()
    for (const item of items.slice(at, at + MAP_SLICE)) out.push(fn(item))
  }
  return out
}
