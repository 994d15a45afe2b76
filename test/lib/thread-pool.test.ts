/**
 * lib/thread-pool.ts: jobs queued behind aborted or out-of-memory ones still run. piscina replaced
 * ended threads only up to minThreads, and after a thread ended while starting up (a job aborted
 * 1 ms after the pool started), never again: the jobs in its queue waited for a new job to arrive.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { threadPool } from '../../src/lib/thread-pool.js'

const poolOfSpins = () => threadPool(new URL('../support/x.ts', import.meta.url).href, './spin-worker', { heapMb: 64, onError: () => {} })
const stalled = (ms: number) => new Promise((r) => setTimeout(() => r('stalled'), ms))

describe('threadPool', () => {
  const pool = poolOfSpins()
  afterAll(() => pool.destroy())

  it('runs a job queued behind two aborted ones, with no other job to start a thread', async () => {
    const busy = [0, 1].map(() => pool.run(60_000, { signal: AbortSignal.timeout(1_000) }).catch((err: Error) => err.name))
    // Queued: both threads (at most two) are busy with the jobs above.
    const queued = Array.from({ length: 3 }, () => pool.run(0))
    // The signal's own reason (TimeoutError) or piscina's AbortError, whichever settles first.
    for (const name of await Promise.all(busy)) expect(['AbortError', 'TimeoutError']).toContain(name)
    expect(await Promise.race([Promise.all(queued), stalled(15_000)])).toEqual([0, 0, 0])
  }, 30_000)

  it('ends a job at its timeoutMs, counted from when it starts running, and carries on', async () => {
    const started = performance.now()
    const ends = [0, 1, 2].map(() => pool.run(60_000, { timeoutMs: 500 }).catch((err: Error) => [err.name, performance.now() - started]))
    const results = (await Promise.all(ends)) as [string, number][]
    expect(results.map(([name]) => name)).toEqual(['AbortError', 'AbortError', 'AbortError'])
    // Two threads: the third job waited for one, and then had its own 500 ms.
    expect(results[2][1]).toBeGreaterThan(900)
    expect(await pool.run(5, { timeoutMs: 5_000 })).toBe(5) // positive control: within its time, it answers
  }, 30_000)

  it('runs jobs queued behind two out of memory, after jobs aborted while its threads started', async () => {
    const fresh = poolOfSpins()
    try {
      const aborted = [0, 1].map(() => fresh.run(500, { signal: AbortSignal.timeout(1) }).catch((err: Error) => err.name))
      await Promise.all(aborted)
      const outOfMemory = [0, 1].map(() => fresh.run(-1).catch((err: { code?: string }) => err.code))
      const queued = [1, 2, 3].map((ms) => fresh.run(ms))
      expect(await Promise.race([Promise.all([...outOfMemory, ...queued]), stalled(15_000)])).toEqual([
        'ERR_WORKER_OUT_OF_MEMORY',
        'ERR_WORKER_OUT_OF_MEMORY',
        1,
        2,
        3,
      ])
    } finally {
      await fresh.destroy()
    }
  }, 30_000)
})
