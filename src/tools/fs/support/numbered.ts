/**
 * Read's output, built line by line in `cat -n` style (right-aligned number, tab, line) within a
 * byte budget measured as the output cap measures it, so that a window that does not fit stops at
 * a whole line and can say where to continue, instead of being cut mid-line afterwards.
 */
import { jsonBytes } from '../../../lib/json-bytes.js'
import { cutChars } from './text.js'

export const MAX_LINE_CHARS = 2000

export class NumberedOutput {
  private readonly parts: string[] = []
  private used = 0
  /** Lines longer than MAX_LINE_CHARS that were cut. */
  cut = 0
  /** True once a line was refused for lack of room. */
  full = false

  /** `next`: the 1-based number of the first line; `budget`: JSON bytes the lines may take. */
  constructor(
    private next: number,
    private readonly budget: number,
  ) {}

  /**
   * Adds the next line (its text without the line break; `bytes` its full length in the file,
   * `clipped` when `text` is only its start). Returns false, adding nothing, when it does not fit.
   */
  add(text: string, bytes: number, clipped = false): boolean {
    const cr = !clipped && text.endsWith('\r')
    let line = cr ? text.slice(0, -1) : text
    const isCut = clipped || line.length > MAX_LINE_CHARS
    if (isCut) {
      line = `${cutChars(line, MAX_LINE_CHARS)} … [line cut at ${MAX_LINE_CHARS} characters; it is ${bytes} bytes long]`
    }
    const entry = `${String(this.next).padStart(6)}\t${line}`
    const cost = jsonBytes(entry) + (this.parts.length > 0 ? 2 : 0)
    if (this.used + cost > this.budget) {
      this.full = true
      return false
    }
    if (isCut) this.cut++
    this.parts.push(entry)
    this.used += cost
    this.next++
    return true
  }

  toString(): string {
    return this.parts.join('\n')
  }
}
