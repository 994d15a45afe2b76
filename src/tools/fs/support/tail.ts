/**
 * The end of a file of any size in one call: the last N lines are found by reading backwards
 * from the end in chunks, so the cost is the size of the tail, not of the file.
 */
import type { FileHandle } from 'node:fs/promises'

const CHUNK_BYTES = 64 * 1024

/**
 * Byte position where the last `lines` lines of a file of `size` bytes start (0 when it has no
 * more). A final `\n` ends the last line rather than starting an empty one, as `tail -n` counts.
 */
export async function tailStart(handle: FileHandle, size: number, lines: number, signal?: AbortSignal): Promise<number> {
  if (size === 0) return 0
  const buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size))
  const last = Buffer.alloc(1)
  await handle.read(last, 0, 1, size - 1)
  let end = last[0] === 10 ? size - 1 : size // bytes before `end` are still to be scanned
  let found = 0
  while (end > 0) {
    signal?.throwIfAborted()
    const from = Math.max(0, end - buf.length)
    const n = (await handle.read(buf, 0, end - from, from)).bytesRead
    for (let i = buf.lastIndexOf(10, n - 1); i !== -1; i = i === 0 ? -1 : buf.lastIndexOf(10, i - 1)) {
      if (++found === lines) return from + i + 1
    }
    end = from
  }
  return 0
}
