/**
 * A large text kept as the chunks it was read in (git's output, up to 64 MB): joined, it is copied
 * at once, and page faults made a 64 MB copy hold the event loop ~0.25 s on one VM. What most
 * callers need is its head and its size, which need no copy of the whole.
 */
export class ChunkedText {
  #joined: string | undefined

  constructor(
    readonly chunks: readonly string[],
    /** Its length in UTF-8 bytes. */
    readonly bytes = chunks.reduce((n, chunk) => n + Buffer.byteLength(chunk), 0),
  ) {}

  /** The whole text, for one that is small or must be whole. */
  get text(): string {
    return (this.#joined ??= this.chunks.join(''))
  }

  /** At most the first `chars` characters. */
  head(chars: number): string {
    const kept: string[] = []
    let length = 0
    for (let i = 0; i < this.chunks.length && length < chars; i++) {
      kept.push(this.chunks[i])
      length += this.chunks[i].length
    }
    return kept.join('').slice(0, chars)
  }
}
