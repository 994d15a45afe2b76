/**
 * Streaming a window of lines out of a file of any size with flat memory: one reused chunk
 * buffer, newlines before the window counted with Buffer.indexOf (native memchr), and only the
 * first `maxLineBytes` of each line in the window ever copied. Lines are `\n`-separated; a
 * last line without `\n` counts, the empty rest after a final `\n` does not.
 */
import type { Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { fail } from '../../../errors.js'
import { lineIndexFor } from './line-index.js'

export const CHUNK_BYTES = 1 << 20

/** Number of `\n` bytes in `buf[0, length)`. */
export function countNewlines(buf: Buffer, length: number): number {
  const b = length === buf.length ? buf : buf.subarray(0, length)
  let n = 0
  for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) n++
  return n
}

export interface WindowOptions {
  /** First line to hand over, 0-based. */
  offset: number
  /** Lines to hand over at most. */
  limit: number
  /** Bytes of each line to hand over at most; the rest is skipped (but its length counted). */
  maxLineBytes: number
  signal?: AbortSignal
  /**
   * Called for each line of the window with its first bytes (a view valid only during the call,
   * without the `\n`) and its full length in bytes. Returning false refuses the line and ends
   * the window before it.
   */
  onLine(head: Buffer, length: number): boolean
}

export interface WindowResult {
  /** Lines handed over and taken. */
  count: number
  /** Bytes of those lines in the file, newlines included. */
  bytes: number
  /** Lines in the file, when known without extra work (the read reached the end, or one did before). */
  totalLines?: number
  /** True when lines follow the last one taken. */
  more: boolean
}

const aborted = (signal?: AbortSignal) => {
  if (signal?.aborted) fail('TIMEOUT', 'Read was stopped before reaching the requested lines (time limit reached)')
}

export async function readWindow(handle: FileHandle, stat: Stats, opts: WindowOptions): Promise<WindowResult> {
  const { size } = stat
  const index = lineIndexFor(stat)
  const buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(size, 1)))
  const read = async (pos: number) => (await handle.read(buf, 0, Math.min(buf.length, size - pos), pos)).bytesRead
  const known = (r: WindowResult): WindowResult => (index.totalLines === undefined ? r : { ...r, totalLines: index.totalLines })

  // 1. Skip to the first byte of line `offset`, from the nearest known checkpoint.
  let { pos, lines } = index.before(opts.offset)
  // from here on `lines` counts the newlines before the chunk at `pos`
  let at = 0 // where line `offset` starts inside the chunk
  let n = 0 // bytes in the chunk
  for (;;) {
    aborted(opts.signal)
    n = pos < size ? await read(pos) : 0
    if (n === 0) {
      // the file has no line `offset`
      if (size > 0 && index.totalLines === undefined) {
        const last = Buffer.alloc(1)
        await handle.read(last, 0, 1, size - 1)
        index.totalLines = lines + (last[0] === 10 ? 0 : 1)
      }
      return known({ count: 0, bytes: 0, totalLines: 0, more: false })
    }
    if (lines === opts.offset) break // offset 0, at the start of the file
    const found = countNewlines(buf, n)
    if (lines + found >= opts.offset) {
      at = -1
      for (let k = opts.offset - lines; k > 0; k--) at = buf.indexOf(10, at + 1)
      at++
      break
    }
    pos += n
    lines += found
    index.add(pos, lines)
  }

  // 2. Hand over lines until the limit, a refused line, or the end of the file.
  let count = 0
  let bytes = 0
  let head: Buffer[] = [] // copies of the first bytes of a line that spans chunks
  let headBytes = 0
  let length = 0 // bytes of that line in earlier chunks
  const take = (tail: Buffer, newline: boolean): boolean => {
    const piece = tail.subarray(0, Math.max(0, opts.maxLineBytes - headBytes))
    const first = head.length === 0 ? piece : Buffer.concat([...head, piece])
    const full = length + tail.length
    head = []
    headBytes = 0
    length = 0
    if (!opts.onLine(first, full)) return false
    count++
    bytes += full + (newline ? 1 : 0)
    return true
  }
  while (n > 0) {
    const chunk = buf.subarray(0, n)
    for (let nl = chunk.indexOf(10, at); nl !== -1; nl = chunk.indexOf(10, at)) {
      const taken = take(chunk.subarray(at, nl), true)
      if (taken) at = nl + 1
      if (!taken || count === opts.limit) {
        // in the file's last chunk, the lines left are known at the cost of one count
        if (pos + n >= size) index.totalLines = lines + countNewlines(buf, n) + (buf[n - 1] === 10 ? 0 : 1)
        return known({ count, bytes, more: pos + at < size })
      }
    }
    // the rest of the chunk starts a line that goes on in the next chunk
    const rest = chunk.subarray(at)
    if (headBytes < opts.maxLineBytes) {
      const keep = Buffer.from(rest.subarray(0, opts.maxLineBytes - headBytes))
      head.push(keep)
      headBytes += keep.length
    }
    length += rest.length
    lines += countNewlines(buf, n)
    pos += n
    at = 0
    aborted(opts.signal)
    n = pos < size ? await read(pos) : 0
  }
  // a last line without a newline
  if (length > 0 && !take(Buffer.alloc(0), false)) return known({ count, bytes, more: true })
  index.totalLines = opts.offset + count
  return { count, bytes, totalLines: index.totalLines, more: false }
}
