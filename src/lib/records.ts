/**
 * The records of a large text, one at a time: `split` would build them all in one block of the
 * event loop (64 MB of git output split and parsed whole held it ~0.7 s), so callers can yield
 * between slices of them instead. The text may come as the chunks it was read in: joined, 64 MB
 * is copied at once (page faults made that ~0.25 s on one VM), while a record is copied alone.
 */

/** Where a reader stands: a chunk, and a character in it. */
export interface Mark {
  chunk: number
  at: number
}

/** Reads records between `sep`s (one character) of a text or of its chunks, without joining them. */
export class RecordReader {
  readonly #chunks: readonly string[]
  #chunk = 0
  #at = 0

  constructor(
    text: string | readonly string[],
    private readonly sep: string,
  ) {
    this.#chunks = typeof text === 'string' ? [text] : text
  }

  /** The next record, empty ones included; undefined at the end. */
  next(): string | undefined {
    const pieces: string[] = []
    for (; this.#chunk < this.#chunks.length; this.#chunk++, this.#at = 0) {
      const chunk = this.#chunks[this.#chunk]
      const end = chunk.indexOf(this.sep, this.#at)
      if (end !== -1) {
        pieces.push(chunk.slice(this.#at, end))
        this.#at = end + 1
        return pieces.length === 1 ? pieces[0] : pieces.join('')
      }
      if (this.#at < chunk.length) pieces.push(this.#at === 0 ? chunk : chunk.slice(this.#at))
    }
    return pieces.length > 0 ? pieces.join('') : undefined
  }

  get mark(): Mark {
    return { chunk: this.#chunk, at: this.#at }
  }

  /** Back to `mark`, to read from there again. */
  reset(mark: Mark): void {
    this.#chunk = mark.chunk
    this.#at = mark.at
  }

  /** The text after the records read, as chunks. */
  rest(): string[] {
    const rest = this.#chunks.slice(this.#chunk)
    if (rest.length > 0 && this.#at > 0) rest[0] = rest[0].slice(this.#at)
    return rest.filter((chunk) => chunk !== '')
  }
}

/** The non-empty records of `text` between `sep`s (one character), without splitting or joining it whole. */
export function* records(text: string | readonly string[], sep: string): Generator<string, void, undefined> {
  const reader = new RecordReader(text, sep)
  for (let record = reader.next(); record !== undefined; record = reader.next()) if (record) yield record
}
