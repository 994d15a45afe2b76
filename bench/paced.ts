/**
 * An open-loop load at a fixed rate: calls leave evenly spaced in time, whether or not earlier ones
 * have been answered, as real clients do. autocannon's `overallRate` is not that: each connection
 * sends its share of a second back to back as soon as the second starts, then waits for the next
 * one, so its "1,000 calls/s" is a burst of 50 concurrent calls at full speed, and its latencies
 * are those of a saturated server (≈ connections ÷ throughput), not of one loaded at 1,000 calls/s.
 */
import { performance } from 'node:perf_hooks'
import { Pool } from 'undici'
import type { Measure, Target } from './harness.js'
import { percentile } from './stats.js'

/**
 * `rate` calls a second for `seconds`, over at most `connections` keep-alive connections (undici
 * sets TCP_NODELAY, as Node's server does). Each latency runs from the moment the call is handed
 * to the pool (so time spent waiting for a free connection counts) to its answer's last byte.
 */
export async function paced(target: Target, seconds: number, rate: number, connections: number): Promise<Measure> {
  const url = new URL(target.url)
  const pool = new Pool(url.origin, { connections, pipelining: 1 })
  const latencies: number[] = []
  let ok = 0
  let bad = 0
  const call = async () => {
    const sent = performance.now()
    try {
      const res = await pool.request({ path: url.pathname, method: 'POST', headers: target.headers, body: target.body })
      await res.body.dump()
      if (res.statusCode >= 200 && res.statusCode < 300) {
        latencies.push(performance.now() - sent)
        ok++
      } else bad++
    } catch {
      bad++
    }
  }
  const total = Math.round(seconds * rate)
  const calls: Promise<void>[] = []
  const start = performance.now()
  while (calls.length < total) {
    // Every call due by now leaves now: a late timer sends a few at once instead of falling behind.
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1)
    while (calls.length < due) calls.push(call())
    const next = (calls.length * 1000) / rate - (performance.now() - start)
    await new Promise((r) => setTimeout(r, Math.max(0, next)))
  }
  await Promise.all(calls)
  const elapsed = (performance.now() - start) / 1000
  await pool.close()
  const sorted = Float64Array.from(latencies).sort()
  return { rps: ok / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), ok, bad }
}
