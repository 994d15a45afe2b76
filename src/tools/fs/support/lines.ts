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

export function readWindow(handle: FileHandle, stat: Stats, opts: WindowOptions): Promise<WindowResult> {
  return new WindowReader(handle, stat, opts).read()
}

/** One window's read: the chunk buffer, where it is in the file, and the line being carried over. */
class WindowReader {
  private readonly index: ReturnType<typeof lineIndexFor>
  private readonly buf: Buffer
  private readonly size: number
  private pos: number // file position of the chunk in `buf`
  private lines: number // newlines before the chunk at `pos`
  private n = 0 // bytes in the chunk
  private at = 0 // where the next line starts inside the chunk
  private count = 0
  private bytes = 0
  private head: Buffer[] = [] // copies of the first bytes of a line that spans chunks
  private headBytes = 0
  private length = 0 // bytes of that line in earlier chunks

  constructor(
    private readonly handle: FileHandle,
    stat: Stats,
    private readonly opts: WindowOptions,
  ) {
    this.size = stat.size
    this.index = lineIndexFor(stat)
    this.buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(this.size, 1)))
    ;({ pos: this.pos, lines: this.lines } = this.index.before(opts.offset))
  }

  async read(): Promise<WindowResult> {
    if (!(await this.seek())) {
      await this.noteLinesWhenMissing()
      return this.known({ count: 0, bytes: 0, totalLines: 0, more: false })
    }
    return this.handOver()
  }

  private async next(): Promise<number> {
    aborted(this.opts.signal)
    const { pos, size, buf } = this
    this.n = pos < size ? (await this.handle.read(buf, 0, Math.min(buf.length, size - pos), pos)).bytesRead : 0
    return this.n
  }

  private known(r: WindowResult): WindowResult {
    return this.index.totalLines === undefined ? r : { ...r, totalLines: this.index.totalLines }
  }

  /** 1. Finds the first byte of line `offset`, from the nearest known checkpoint; false when the file has no such line. */
  private async seek(): Promise<boolean> {
    const { offset } = this.opts
    for (;;) {
      if ((await this.next()) === 0) return false
      if (this.lines === offset) return true // offset 0, at the start of the file
      const found = countNewlines(this.buf, this.n)
      if (this.lines + found >= offset) {
        let at = -1
        for (let k = offset - this.lines; k > 0; k--) at = this.buf.indexOf(10, at + 1)
        this.at = at + 1
        return true
      }
      this.pos += this.n
      this.lines += found
      this.index.add(this.pos, this.lines)
    }
  }

  /** The file ended before line `offset`: its line count is known from here at the cost of one byte. */
  private async noteLinesWhenMissing(): Promise<void> {
    if (this.size === 0 || this.index.totalLines !== undefined) return
    const last = Buffer.alloc(1)
    await this.handle.read(last, 0, 1, this.size - 1)
    this.index.totalLines = this.lines + (last[0] === 10 ? 0 : 1)
  }

  /** 2. Hands over lines until the limit, a refused line, or the end of the file. */
  private async handOver(): Promise<WindowResult> {
    const { buf, size } = this
    while (this.n > 0) {
      const chunk = buf.subarray(0, this.n)
      for (let nl = chunk.indexOf(10, this.at); nl !== -1; nl = chunk.indexOf(10, this.at)) {
        const taken = this.take(chunk.subarray(this.at, nl), true)
        if (taken) this.at = nl + 1
        if (!taken || this.count === this.opts.limit) {
          // in the file's last chunk, the lines left are known at the cost of one count
          if (this.pos + this.n >= size) this.index.totalLines = this.lines + countNewlines(buf, this.n) + (buf[this.n - 1] === 10 ? 0 : 1)
          return this.known({ count: this.count, bytes: this.bytes, more: this.pos + this.at < size })
        }
      }
      this.carry(chunk.subarray(this.at))
      await this.next()
    }
    // a last line without a newline
    if (this.length > 0 && !this.take(Buffer.alloc(0), false)) return this.known({ count: this.count, bytes: this.bytes, more: true })
    this.index.totalLines = this.opts.offset + this.count
    return { count: this.count, bytes: this.bytes, totalLines: this.index.totalLines, more: false }
  }

  /** The rest of the chunk starts a line that goes on in the next chunk: keeps its first bytes and moves on. */
  private carry(rest: Buffer): void {
    const { maxLineBytes } = this.opts
    if (this.headBytes < maxLineBytes) {
      const keep = Buffer.from(rest.subarray(0, maxLineBytes - this.headBytes))
      this.head.push(keep)
      this.headBytes += keep.length
    }
    this.length += rest.length
    this.lines += countNewlines(this.buf, this.n)
    this.pos += this.n
    this.at = 0
  }

  /** Hands over one line (`tail` is its part in this chunk); false when the caller refuses it. */
  private take(tail: Buffer, newline: boolean): boolean {
    const piece = tail.subarray(0, Math.max(0, this.opts.maxLineBytes - this.headBytes))
    const first = this.head.length === 0 ? piece : Buffer.concat([...this.head, piece])
    const full = this.length + tail.length
    this.head = []
    this.headBytes = 0
    this.length = 0
    if (!this.opts.onLine(first, full)) return false
    this.count++
    this.bytes += full + (newline ? 1 : 0)
    return true
  }
}
