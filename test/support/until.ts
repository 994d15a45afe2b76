/** Polls `what` until it gives something other than undefined, and gives that; fails after `ms`, naming `waiting`. */
export async function until<T>(what: () => Promise<T | undefined>, ms = 30_000, waiting = 'a condition'): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const got = await what()
    if (got !== undefined) return got
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${waiting}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
