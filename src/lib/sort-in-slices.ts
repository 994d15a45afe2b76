/**
 * Array.prototype.sort with turns of the event loop between slices of the work: a sort of
 * 200,000 names is one block of ~0.3 s, whatever else the server has to do. Runs of SLICE items
 * are sorted natively, then merged pairwise; stable, as Array.prototype.sort is. Hand-written: what
 * it adds over the built-in sort is the yielding, which is the server's own concern.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'

const SLICE = 4_096

/** `items`, sorted in place by `compare`. */
export async function sortInSlices<T>(items: T[], compare: (a: T, b: T) => number): Promise<T[]> {
  const n = items.length
  if (n <= SLICE) return items.sort(compare)
  let src = items.slice()
  for (let lo = 0; lo < n; lo += SLICE) {
    const run = src.slice(lo, lo + SLICE).sort(compare)
    for (let k = 0; k < run.length; k++) src[lo + k] = run[k]
    await nextTurn()
  }
  let dst = new Array<T>(n)
  for (let width = SLICE; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) await merge(src, dst, lo, Math.min(lo + width, n), Math.min(lo + 2 * width, n), compare)
    ;[src, dst] = [dst, src]
  }
  for (let k = 0; k < n; k++) items[k] = src[k]
  return items
}

/** src[lo, mid) and src[mid, hi), each sorted, merged into dst[lo, hi): the left one first on ties. */
async function merge<T>(src: T[], dst: T[], lo: number, mid: number, hi: number, compare: (a: T, b: T) => number): Promise<void> {
  let i = lo
  let j = mid
  for (let k = lo; k < hi; k++) {
    dst[k] = j >= hi || (i < mid && compare(src[j], src[i]) >= 0) ? src[i++] : src[j++]
    if ((k - lo) % SLICE === SLICE - 1) await nextTurn()
  }
}
