/**
 * Whether a notebook's JSON can be parsed within a worker's heap, decided before JSON.parse: V8
 * cannot stop a worker inside JSON.parse, so a parse that outgrows the heap aborts the whole
 * process instead of ending the worker (found in review: a 66 MB file did it at 1024 MiB).
 */
import { fail } from '../errors.js'

/**
 * Heap a job may take: per array or object opened, per value slot (`,` or `:`), and per byte of
 * text, outside strings. Measured on Node 20, retained after the parse: 56 bytes per level of
 * nested arrays, 20–64 per empty array or object, 8 per number or string slot, ~74 per key of a
 * large object, 2–3 per byte of text; each weight is at least twice that (bench: a million values
 * of eleven shapes). Text is held several times over (the file's text, the parsed strings, Read's
 * rendered text and its lines, run_colab's copy and its JSON), and twice as large when one
 * character is not Latin-1: V8 then keeps whole strings two bytes a character (found in review:
 * one such character in a 31 MB file ended the process at a 128 MiB heap, in Read).
 */
const PER_CONTAINER = 128
const PER_SLOT = 48
const PER_NARROW_BYTE = 10
const PER_WIDE_BYTE = 20

/**
 * Containers and value slots of JSON text outside its strings (a plot's numbers are cheap; brackets
 * in a cell's code cost nothing), and whether it is narrow: ASCII, without `\u` escapes above `\u00FF`
 * (else V8 may keep its strings two bytes a character).
 */
function structure(bytes: Uint8Array): { containers: number; slots: number; narrow: boolean } {
  let containers = 0
  let slots = 0
  let high = 0
  let inString = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    high |= b
    if (inString) {
      if (b === 0x5c) {
        // \uXXXX above \u00FF makes its string two bytes a character, as a raw character would
        if (bytes[i + 1] === 0x75 && (bytes[i + 2] !== 0x30 || bytes[i + 3] !== 0x30)) high |= 0x80
        i++ // the escaped byte, a quote included
      } else if (b === 0x22) inString = false
    } else if (b === 0x22) inString = true
    else if (b === 0x5b || b === 0x7b) containers++
    else if (b === 0x2c || b === 0x3a) slots++
  }
  return { containers, slots, narrow: high < 0x80 }
}

/** FILE_TOO_LARGE when parsing `bytes` could need more than `heapMb` of heap. */
export function assertParseable(bytes: Uint8Array, rel: string, heapMb: number): void {
  const { containers, slots, narrow } = structure(bytes)
  const need = containers * PER_CONTAINER + slots * PER_SLOT + bytes.length * (narrow ? PER_NARROW_BYTE : PER_WIDE_BYTE)
  if (need > heapMb * 1024 * 1024) tooLarge(rel, heapMb)
}

export const tooLarge = (rel: string, heapMb: number): never =>
  fail('FILE_TOO_LARGE', `${rel} needs more than ${heapMb} MiB of memory to parse (TOOLGATE_NOTEBOOK_HEAP_MB); split the notebook`, {
    details: { path: rel, limit_mb: heapMb },
  })
