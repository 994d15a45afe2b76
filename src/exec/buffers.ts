/**
 * Where a command's output goes. Foreground calls keep the first `budget` bytes and count the rest
 * (the answer must fit X-Max-Output-Size); background shells keep the newest output in a ring, so a
 * chatty process cannot eat the server's memory, and remember how much older output was dropped.
 */

/** Text up to a byte budget; what does not fit is counted, not kept. */
export class CappedOutput {
  private parts: string[] = []
  private kept = 0
  omitted = 0

  constructor(private readonly budget: number) {}

  push(text: string): void {
    const bytes = Buffer.byteLength(text)
    if (this.omitted === 0 && this.kept + bytes <= this.budget) {
      this.parts.push(text)
      this.kept += bytes
      return
    }
    const room = this.omitted === 0 ? this.budget - this.kept : 0
    if (room > 0) {
      const head = Buffer.from(text)
        .subarray(0, room)
        .toString('utf8')
        .replace(/\uFFFD+$/, '')
      this.parts.push(head)
      this.kept += Buffer.byteLength(head)
      this.omitted += bytes - Buffer.byteLength(head)
    } else {
      this.omitted += bytes
    }
  }

  get truncated(): boolean {
    return this.omitted > 0
  }

  /** The kept text, with a marker saying how much was cut. */
  text(): string {
    const body = this.parts.join('')
    return this.truncated ? `${body}\n…[truncated: ${this.omitted} bytes omitted]` : body
  }
}

export interface RingRead {
  text: string
  /** Offset to read from next time. */
  next: number
  /** Characters between `from` and the oldest kept one that were dropped before anyone read them. */
  dropped: number
  /** Characters after `next` that did not fit in `max`. */
  remaining: number
}

/** The newest `cap` characters of a stream, addressed by absolute offsets since the start. */
export class OutputRing {
  private chunks: string[] = []
  private size = 0
  /** Absolute offset of the first kept character. */
  private start = 0

  constructor(private readonly cap: number) {}

  /** Absolute offset just past the newest character. */
  get end(): number {
    return this.start + this.size
  }

  push(text: string): void {
    if (text.length === 0) return
    this.chunks.push(text)
    this.size += text.length
    while (this.size > this.cap) {
      const over = this.size - this.cap
      const first = this.chunks[0]
      if (first.length <= over) {
        this.chunks.shift()
        this.size -= first.length
        this.start += first.length
      } else {
        this.chunks[0] = first.slice(over)
        this.size -= over
        this.start += over
      }
    }
  }

  /** Up to `max` characters from offset `from` (or the oldest kept one, if `from` was dropped). */
  read(from: number, max: number): RingRead {
    const dropped = Math.max(0, this.start - from)
    let pos = Math.max(from, this.start)
    const want = Math.max(0, Math.min(max, this.end - pos))
    let skip = pos - this.start
    const out: string[] = []
    let got = 0
    for (const chunk of this.chunks) {
      if (got >= want) break
      if (skip >= chunk.length) {
        skip -= chunk.length
        continue
      }
      const piece = chunk.slice(skip, skip + (want - got))
      skip = 0
      out.push(piece)
      got += piece.length
    }
    pos += got
    return { text: out.join(''), next: pos, dropped, remaining: this.end - pos }
  }
}
