/**
 * `{ ...a, ...b }` for what every call builds. On Node 20 (V8 11.3) an object made by spread that
 * gains a key it did not copy (`{ ...a, extra }`, `{ ...a, ...b }`, or a key set later) keeps what
 * it points to alive through young-generation collections: at 1,000 calls/s the pipeline's spreads
 * promoted ~4 KB a call to the old generation and doubled every scavenge's pause
 * (docs/benchmarks.md). Object.assign onto a fresh object does not. Keys are defined as spread
 * defines them: an own "__proto__" (JSON.parse makes one) stays a plain key.
 */
export function merged<T extends object>(...parts: (object | undefined)[]): T {
  const out = {}
  for (const part of parts) {
    if (part === undefined) continue
    if (!Object.hasOwn(part, '__proto__')) Object.assign(out, part)
    else for (const [k, v] of Object.entries(part)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
  }
  return out as T
}
