/**
 * Splits a byte stream into numbered lines without ever holding more than one line (at most
 * `maxLineBytes`) plus one chunk. Splitting happens on bytes (a 0x0A byte never occurs inside a
 * UTF-8 sequence), and each line is decoded strictly on its own, so a bad byte costs one line.
 * An over-long line is skipped as it streams past and reported by number; the stream goes on.
 */

export type Line = { line: number; text: string } | { line: number; error: string }

export class LineSplitter {
  private parts: Buffer[] = []
  private partBytes = 0
  private skipping = false
  private lineNo = 0
  private readonly decoder = new TextDecoder('utf-8', { fatal: true })

  constructor(private readonly maxLineBytes: number) {}

  /** The number of the last line emitted. */
  get lines(): number {
    return this.lineNo
  }

  /** Feeds one chunk; calls `onLine` for every line it completes. Blank lines are numbered, not emitted. */
  push(chunk: Buffer, onLine: (line: Line) => void): void {
    let start = 0
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start)
      const end = nl === -1 ? chunk.length : nl
      this.take(chunk, start, end)
      if (nl === -1) return
      this.finish(onLine)
      start = nl + 1
    }
  }

  /** The last line, when the stream does not end with a newline. */
  end(onLine: (line: Line) => void): void {
    if (this.partBytes > 0 || this.skipping) this.finish(onLine)
  }

  private take(chunk: Buffer, start: number, end: number) {
    if (this.skipping || end === start) return
    if (this.partBytes + (end - start) > this.maxLineBytes) {
      this.skipping = true
      this.parts = []
      this.partBytes = 0
      return
    }
    this.parts.push(chunk.subarray(start, end))
    this.partBytes += end - start
  }

  private finish(onLine: (line: Line) => void) {
    const line = ++this.lineNo
    if (this.skipping) {
      this.skipping = false
      onLine({ line, error: `line is longer than ${this.maxLineBytes} bytes` })
      return
    }
    const bytes = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.partBytes)
    this.parts = []
    this.partBytes = 0
    let text: string
    try {
      text = this.decoder.decode(bytes)
    } catch {
      onLine({ line, error: 'line is not valid UTF-8' })
      return
    }
    if (text.charCodeAt(text.length - 1) === 13) text = text.slice(0, -1) // CRLF files
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1) // a byte order mark
    if (isBlank(text)) return
    onLine({ line, text })
  }
}

function isBlank(text: string): boolean {
  // The common case, a line starting with `{`, answers at the first character.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 13) return false
  }
  return true
}
