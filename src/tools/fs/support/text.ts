/**
 * Text helpers shared by the file tools: telling text from binary, sizing output the way the
 * X-Max-Output-Size cap measures it (bytes of JSON), and line-ending styles. Pure functions.
 */
import { fail } from '../../../errors.js'

/** How many leading bytes the binary sniff looks at. */
export const SNIFF_BYTES = 8192

/** Control characters that plain text does not contain (tab, newlines, form feed, ESC are fine). */
const isOddControl = (c: number) => (c < 0x20 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 27) || c === 0x7f

export type SniffEncoding = 'utf-8' | 'latin1' | 'utf-16le'

/**
 * Why `sample` (the start of a file) looks binary, or null when it looks like text: a NUL
 * character, more than 10% odd control characters, or (in UTF-8) more than 30% invalid byte
 * sequences, a ratio Latin-1 text with accents stays well below and random bytes far above.
 */
export function binaryReason(sample: Uint8Array, encoding: SniffEncoding = 'utf-8'): string | null {
  const buf = Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength)
  const text =
    encoding === 'utf-8'
      ? new TextDecoder('utf-8').decode(buf)
      : encoding === 'latin1'
        ? buf.toString('latin1')
        : buf.subarray(0, buf.length & ~1).toString('utf16le')
  if (text.includes('\0')) return 'it contains NUL bytes'
  // a multi-byte character cut at the end of the sample is not evidence of anything
  const end = text.length - (text.endsWith('\uFFFD') ? 1 : 0)
  let control = 0
  let invalid = 0
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (isOddControl(c)) control++
    else if (c === 0xfffd && encoding === 'utf-8') invalid++
  }
  if (control > end * 0.1) return `${control} of its first ${end} characters are control characters`
  return invalid > end * 0.3 ? `${invalid} of its first ${end} characters are not valid UTF-8` : null
}

/** Throws BINARY_FILE when `sample` looks binary. */
export function assertText(sample: Uint8Array, rel: string, tool: string, encoding?: SniffEncoding): void {
  const why = binaryReason(sample, encoding)
  if (why !== null) {
    fail('BINARY_FILE', `${rel} is a binary file (${why}); ${tool} shows text files only`, {
      details: { result: { metadata: { file_path: rel } } },
    })
  }
}

/** Cuts `line` to `max` UTF-16 units without leaving half a surrogate pair. */
export function cutChars(line: string, max: number): string {
  if (line.length <= max) return line
  const end = (line.charCodeAt(max - 1) & 0xfc00) === 0xd800 ? max - 1 : max
  return line.slice(0, end)
}

export type Eol = '\n' | '\r\n'

/** Where a file's line-ending style is read: its first MiB says as much as 10 MiB, in a tenth of the time. */
const EOL_SAMPLE = 1 << 20

/** The file's line-ending style: CRLF when most of the line breaks in its first MiB are CRLF. */
export function eolOf(text: string): Eol {
  const sample = text.length > EOL_SAMPLE ? text.slice(0, EOL_SAMPLE) : text
  let crlf = 0
  let lf = 0
  for (let i = sample.indexOf('\n'); i !== -1; i = sample.indexOf('\n', i + 1)) {
    if (i > 0 && sample.charCodeAt(i - 1) === 13) crlf++
    else lf++
  }
  return crlf > lf ? '\r\n' : '\n'
}

/** `s` with every line break written in `eol` style. */
export function withEol(s: string, eol: Eol): string {
  const lf = s.replace(/\r\n/g, '\n')
  return eol === '\n' ? lf : lf.replace(/\n/g, '\r\n')
}
