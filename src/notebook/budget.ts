/**
 * Whether a notebook's JSON can be parsed within a worker's heap, decided before JSON.parse: V8
 * cannot stop a worker inside JSON.parse, so a parse that outgrows the heap aborts the whole
 * process instead of ending the worker (found in review: a 66 MB file did it at 1024 MiB).
 */
import { fail } from '../errors.js'

/**
 * Heap a parse may take, per structural byte (`[ { , :`, each at most one value) and per byte of
 * text. Measured on Node 20: 56 bytes per value at worst (deeply nested arrays), 32 for arrays of
 * `[1]` or `{}`, 2–3 per byte for text; doubled, for the copies made while it parses and the work after.
 */
const PER_VALUE = 128
const PER_BYTE = 4

/** Structural bytes of JSON text: `[`, `{`, `,` and `:` (inside strings too, so never fewer than the values). */
function structuralBytes(bytes: Uint8Array): number {
  let n = 0
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (b === 0x2c || b === 0x3a || b === 0x5b || b === 0x7b) n++
  }
  return n
}

/** FILE_TOO_LARGE when parsing `bytes` could need more than `heapMb` of heap. */
export function assertParseable(bytes: Uint8Array, rel: string, heapMb: number): void {
  const need = structuralBytes(bytes) * PER_VALUE + bytes.length * PER_BYTE
  if (need > heapMb * 1024 * 1024) tooLarge(rel, heapMb)
}

export const tooLarge = (rel: string, heapMb: number): never =>
  fail('FILE_TOO_LARGE', `${rel} needs more than ${heapMb} MiB of memory to parse (TOOLGATE_NOTEBOOK_HEAP_MB); split the notebook`, {
    details: { path: rel, limit_mb: heapMb },
  })
