/**
 * Unified diffs (`diff -u` / `git apply` format) for Edit's answer, computed by jsdiff. Hunk
 * headers are written as GNU diff writes them (`-5` rather than `-5,1`). A rewrite too large to
 * diff line by line (past MAX_EDIT_LENGTH changes) becomes one hunk that removes the old lines
 * and adds the new ones: still correct, and bounded in time.
 */
import { structuredPatch, type StructuredPatchHunk } from 'diff'

const MAX_EDIT_LENGTH = 1000
// Only reached on texts larger than Edit's windows (replacement-diff.ts): a bound, not a budget.
const TIMEOUT_MS = 2000

/** Lines with their `\n` kept, so that "x" at the end of a file differs from "x\n". */
function splitLines(s: string): string[] {
  return s === '' ? [] : s.match(/[^\n]*\n|[^\n]+$/g)!
}

/** The hunk that replaces every line of `a` with every line of `b`. */
export function wholeHunk(a: string, b: string): StructuredPatchHunk {
  const side = (prefix: string, text: string) =>
    splitLines(text).flatMap((l) => (l.endsWith('\n') ? [`${prefix}${l.slice(0, -1)}`] : [`${prefix}${l}`, '\\ No newline at end of file']))
  const oldLines = splitLines(a).length
  const newLines = splitLines(b).length
  return { oldStart: oldLines === 0 ? 0 : 1, oldLines, newStart: newLines === 0 ? 0 : 1, newLines, lines: [...side('-', a), ...side('+', b)] }
}

/** GNU's range: `-5` for one line; an empty file's side starts at line 0 (jsdiff says 1). */
const range = (start: number, len: number, empty: boolean) => (len === 1 ? `${start}` : `${empty ? 0 : start},${len}`)

/** The hunks of `diff -u` between two texts, as jsdiff finds them (one whole hunk past `maxEditLength` lines changed). */
export function hunksOf(oldText: string, newText: string, context = 3, maxEditLength = MAX_EDIT_LENGTH): StructuredPatchHunk[] {
  const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context, maxEditLength, timeout: TIMEOUT_MS })
  return patch?.hunks ?? [wholeHunk(oldText, newText)]
}

/** One hunk as `diff -u` writes it; `oldEmpty`/`newEmpty` say whether a whole side of the file is empty. */
export const formatHunk = (h: StructuredPatchHunk, oldEmpty: boolean, newEmpty: boolean): string =>
  `@@ -${range(h.oldStart, h.oldLines, oldEmpty)} +${range(h.newStart, h.newLines, newEmpty)} @@\n${h.lines.join('\n')}\n`

/** The `--- a/name` and `+++ b/name` lines. */
export const diffHeader = (name: string) => `--- a/${name}\n+++ b/${name}\n`

/** `diff -u` of two texts, with `a/name` and `b/name` headers; empty when they are equal. */
export function unifiedDiff(oldText: string, newText: string, name: string, context = 3): string {
  if (oldText === newText) return ''
  return (
    diffHeader(name) +
    hunksOf(oldText, newText, context)
      .map((h) => formatHunk(h, oldText === '', newText === ''))
      .join('')
  )
}
