/**
 * The marker a cut text ends with, `\n…[truncated: N bytes omitted]`, written and read in one
 * place: whoever cuts a text that is already cut adds to its count, so that bytes are counted once.
 * A tool that knows more says it too, `\n…[truncated: N of M bytes omitted; <how to narrow it>]`,
 * and a second cut keeps that. Only a marker the tool wrote is read (pipeline/output.ts): a file's
 * text can end in one too.
 */
const MARKER = /\n…\[truncated: (\d{1,15})(?: of (\d{1,15}) bytes omitted; ([^\]\n]{1,200})| bytes omitted)\]$/

/** What a tool's marker adds: the whole text's bytes, and how to ask for less. */
export interface CutOf {
  total: number
  hint: string
}

/** `text` followed by the marker for `omitted` bytes. */
export const truncationMarked = (text: string, omitted: number, of?: CutOf): string =>
  `${text}\n…[truncated: ${omitted}${of ? ` of ${of.total} bytes omitted; ${of.hint}` : ' bytes omitted'}]`

/** A text split into what was kept and the bytes its marker says were omitted (0 without one). */
export function splitTruncation(text: string): { kept: string; omitted: number; of?: CutOf } {
  const m = MARKER.exec(text)
  if (!m) return { kept: text, omitted: 0 }
  return { kept: text.slice(0, m.index), omitted: Number(m[1]), ...(m[2] !== undefined && { of: { total: Number(m[2]), hint: m[3] } }) }
}
