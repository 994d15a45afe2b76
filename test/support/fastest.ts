/**
 * Timing checks of pure functions against hostile input (linear vs. backtracking): the fastest of
 * up to three runs, in ms, so one GC pause or a busy CI neighbour cannot decide the verdict. A
 * super-linear function misses the bound on every run.
 */
export function fastestRun(run: () => void, bound: number, tries = 3): number {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < tries && best >= bound; i++) {
    const started = performance.now()
    run()
    best = Math.min(best, performance.now() - started)
  }
  return best
}
