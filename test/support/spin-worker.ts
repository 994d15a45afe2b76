/** A worker for test/lib/thread-pool.test.ts: keeps its thread busy for `ms`, then answers it; a negative `ms` fills its heap. */
export default function spin(ms: number): number {
  const kept: number[][] = []
  while (ms < 0) kept.push(new Array(1e6).fill(ms))
  const until = performance.now() + ms
  while (performance.now() < until);
  return ms
}
