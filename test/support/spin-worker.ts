/** A worker for test/lib/thread-pool.test.ts: keeps its thread busy for `ms`, then answers it. */
export default function spin(ms: number): number {
  const until = performance.now() + ms
  while (performance.now() < until);
  return ms
}
