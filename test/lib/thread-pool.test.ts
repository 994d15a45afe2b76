/** lib/thread-pool.ts: jobs queued behind aborted ones still run (piscina replaced ended threads only up to minThreads). */
import { afterAll, describe, expect, it } from 'vitest'
import { threadPool } from '../../src/lib/thread-pool.js'

const pool = threadPool(new URL('../support/x.ts', import.meta.url).href, './spin-worker', { heapMb: 64, onError: () => {} })
afterAll(() => pool.destroy())

describe('threadPool', () => {
  it('runs a job queued behind two aborted ones, with no other job to start a thread', async () => {
    const busy = [0, 1].map(() => pool.run(60_000, { signal: AbortSignal.timeout(1_000) }).catch((err: Error) => err.name))
    // Queued: both threads (at most two) are busy with the jobs above.
    const queued = Array.from({ length: 3 }, () => pool.run(0))
    expect(await Promise.all(busy)).toEqual(['AbortError', 'AbortError'])
    const ran = await Promise.race([Promise.all(queued), new Promise((r) => setTimeout(() => r('stalled'), 15_000))])
    expect(ran).toEqual([0, 0, 0])
  }, 30_000)
})
