/**
 * The end of a file of any size in one call: the last N lines are found by reading backwards
 * from the end in chunks, so the cost is the size of the tail, not of the file.
 */
import type { FileHandle } from 'node:fs/promises'

const CHUNK_BYTES = 64 * 1024

export interface Tail {
  /** Byte position where the last lines start (0 when the file has no more). */
  from: number
  /** The file's bytes from `from` to its end, when the last chunk read held them all (no second read). */
  bytes?: Buffer
}

/**
 * Where the last `lines` lines of a file of `size` bytes start. A final `\n` ends the last line
 * rather than starting an empty one, as `tail -n` counts.
 */
export async function readTail(handle: FileHandle, size: number, lines: number, signal?: AbortSignal): Promise<Tail> {
  if (size === 0) return { from: 0, bytes: Buffer.alloc(0) }
  const buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size))
  let end = size // bytes before `end` are still to be read
  let found = 0
  while (end > 0) {
    signal?.throwIfAborted()
    const from = Math.max(0, end - buf.length)
    const n = (await handle.read(buf, 0, end - from, from)).bytesRead
    const last = end === size
    // The file's final newline ends its last line: scanning starts before it.
    const scanFrom = last && n > 0 && buf[n - 1] === 10 ? n - 2 : n - 1
    for (let i = scanFrom < 0 ? -1 : buf.lastIndexOf(10, scanFrom); i !== -1; i = i === 0 ? -1 : buf.lastIndexOf(10, i - 1)) {
      if (++found === lines) return { from: from + i + 1, bytes: last ? buf.subarray(i + 1, n) : undefined }
    }
    if (from === 0) return { from: 0, bytes: last ? buf.subarray(0, n) : undefined }
    end = from
  }
  return { from: 0 }
}
