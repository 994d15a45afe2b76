import { StringDecoder } from 'node:string_decoder'

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

/** Bytes gathered before they are decoded into one chunk. */
const DECODE_AT = 1 << 20

/**
 * Builds a ChunkedText from bytes as a process prints them. Decoded as they arrive: 64 MB decoded
 * at the end held the loop ~50 ms. Decoded a megabyte at a time, not per 64 KB read: a string that
 * big is allocated in V8's large-object space, which a young-generation collection never copies,
 * while 64 KB strings kept till the end were copied by each one (30–60 ms pauses on a slow VM).
 */
export class OutputText {
  readonly #decoder = new StringDecoder('utf8')
  readonly #chunks: string[] = []
  #pending: Buffer[] = []
  #pendingBytes = 0
  #bytes = 0
  bytesRead = 0

  add(bytes: Buffer): void {
    this.bytesRead += bytes.length
    this.#pending.push(bytes)
    this.#pendingBytes += bytes.length
    if (this.#pendingBytes >= DECODE_AT) this.#keep(this.#decoder.write(this.#takePending()))
  }

  end(): ChunkedText {
    this.#keep(this.#decoder.end(this.#takePending()))
    return new ChunkedText(this.#chunks, this.#bytes)
  }

  #takePending(): Buffer {
    const all = Buffer.concat(this.#pending, this.#pendingBytes)
    this.#pending = []
    this.#pendingBytes = 0
    return all
  }

  #keep(text: string): void {
    if (text) this.#chunks.push(text)
    this.#bytes += Buffer.byteLength(text)
  }
}
