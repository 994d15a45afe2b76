/**
 * The marker a cut text ends with, `\n…[truncated: N bytes omitted]`, written and read in one
 * place: whoever cuts a text that is already cut adds to its count, so that bytes are counted once.
 */
const MARKER = /\n…\[truncated: (\d+) bytes omitted\]$/

/** `text` followed by the marker for `omitted` bytes. */
export const truncationMarked = (text: string, omitted: number): string => `${text}\n…[truncated: ${omitted} bytes omitted]`

/** A text split into what was kept and the bytes its marker says were omitted (0 without one). */
export function splitTruncation(text: string): { kept: string; omitted: number } {
  const m = MARKER.exec(text)
  return m ? { kept: text.slice(0, m.index), omitted: Number(m[1]) } : { kept: text, omitted: 0 }
}
