/**
 * Where a command's output goes. Foreground calls keep the first `budget` bytes and count the rest
 * (the answer must fit X-Max-Output-Size); background shells keep the newest output in a ring, so a
 * chatty process cannot eat the server's memory, and remember how much older output was dropped.
 */
import { jsonBytes, jsonPrefix } from '../lib/json-bytes.js'
import { truncationMarked } from '../lib/truncation.js'

/**
 * Text up to a budget of bytes as the answer's JSON will carry it (escapes included, so that the
 * gateway never has to cut it again); what does not fit is counted in UTF-8 bytes, not kept.
 */
export class CappedOutput {
  private parts: string[] = []
  private kept = 0
  omitted = 0

  constructor(private readonly budget: number) {}

  push(text: string): void {
    if (this.omitted > 0) {
      this.omitted += Buffer.byteLength(text)
      return
    }
    const size = jsonBytes(text)
    if (this.kept + size <= this.budget) {
      this.parts.push(text)
      this.kept += size
      return
    }
    const head = jsonPrefix(text, this.budget - this.kept)
    this.parts.push(head)
    this.kept += jsonBytes(head)
    this.omitted += Buffer.byteLength(text) - Buffer.byteLength(head)
  }

  get truncated(): boolean {
    return this.omitted > 0
  }

  /** The kept text, with a marker saying how much was cut. */
  text(): string {
    const body = this.parts.join('')
    return this.truncated ? truncationMarked(body, this.omitted) : body
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
