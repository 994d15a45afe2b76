/**
 * Edit's unified diff (`diff -u` / `git apply` format), built from where the replacements are
 * instead of by diffing two whole files. Each
 * group of nearby occurrences is one hunk: the lines they touch (the middle, diffed by jsdiff),
 * between three lines of the file's own context on each side. Fixed context keeps every hunk
 * applicable: a diff of a window alone would slide a change through a run of equal lines to the
 * window's edge, and a hunk without trailing context only applies at the end of a file. A
 * one-line change in a 10 MB file costs one small hunk; hunks are made with turns of the event
 * loop between them, and the diff stops near `budget` characters with a note.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { diffLines, type StructuredPatchHunk } from 'diff'

export interface Replacements {
  /** Start indexes of the occurrences of `oldS` in the old text, in order, not overlapping. */
  at: ArrayLike<number>
  oldS: string
  newS: string
}

const CONTEXT = 3
/** Largest middle jsdiff is given: a longer one is written as its removed lines, then its added ones. */
const MIDDLE_DIFF_MAX = 64 * 1024
/** Work between turns of the event loop, in ms. */
const SLICE_MS = 10
const NO_NEWLINE = '\\ No newline at end of file'

/** GNU's range: `-5` for one line; an empty file's side starts at line 0. */
const range = (start: number, len: number, empty: boolean) => (len === 1 ? `${start}` : `${empty ? 0 : start},${len}`)

/** One hunk as `diff -u` writes it; `newEmpty` says whether the whole new file is empty. */
const formatHunk = (h: StructuredPatchHunk, newEmpty: boolean): string =>
  `@@ -${range(h.oldStart, h.oldLines, false)} +${range(h.newStart, h.newLines, newEmpty)} @@\n${h.lines.join('\n')}\n`

/** Appends `prefix` + each line of `text` to `out` (git's marker after a last line without its newline); how many lines. */
function prefixed(prefix: string, text: string, out: string[]): number {
  if (text === '') return 0
  const lines = text.split('\n')
  const complete = lines[lines.length - 1] === ''
  if (complete) lines.pop()
  for (const line of lines) out.push(prefix + line)
  if (!complete) out.push(NO_NEWLINE)
  return lines.length
}

/** Line arithmetic on one text: where lines start and end, and how many end in a stretch. */
function linesOf(text: string) {
  const start = (i: number) => (i <= 0 ? 0 : text.lastIndexOf('\n', i - 1) + 1)
  const end = (i: number) => {
    const nl = text.indexOf('\n', i)
    return nl === -1 ? text.length : nl + 1
  }
  return {
    start,
    end,
    back: (i: number, n: number) => {
      for (let k = 0; k < n && i > 0; k++) i = start(i - 1)
      return i
    },
    forward: (i: number, n: number) => {
      for (let k = 0; k < n && i < text.length; k++) i = end(i)
      return i
    },
    count: (from: number, to: number) => {
      let n = 0
      for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++
      return n
    },
  }
}

/** The hunk of the middle text[from, to) with occurrences first..last-1 replaced, between `context` lines; starts are 1-based lines. */
function hunkOf(text: string, r: Replacements, span: { from: number; to: number; first: number; last: number }, oldStart: number, shift: number) {
  const lines = linesOf(text)
  const ctxStart = lines.back(span.from, CONTEXT)
  let newMid = ''
  let at = span.from
  for (let i = span.first; i < span.last; i++) {
    newMid += text.slice(at, r.at[i]) + r.newS
    at = r.at[i] + r.oldS.length
  }
  newMid += text.slice(at, span.to)
  // A replacement that drops a line's end joins the next line to it: that line is part of the change.
  while (newMid !== '' && !newMid.endsWith('\n') && span.to < text.length) {
    const next = lines.end(span.to)
    newMid += text.slice(span.to, next)
    span.to = next
  }
  const oldMid = text.slice(span.from, span.to)
  const out: string[] = []
  let oldLines = prefixed(' ', text.slice(ctxStart, span.from), out)
  let newLines = oldLines
  const parts =
    oldMid.length > MIDDLE_DIFF_MAX || newMid.length > MIDDLE_DIFF_MAX
      ? [
          { value: oldMid, removed: true, added: false },
          { value: newMid, removed: false, added: true },
        ]
      : diffLines(oldMid, newMid)
  for (const p of parts) {
    const n = prefixed(p.added ? '+' : p.removed ? '-' : ' ', p.value, out)
    if (!p.added) oldLines += n
    if (!p.removed) newLines += n
  }
  const tail = prefixed(' ', text.slice(span.to, lines.forward(span.to, CONTEXT)), out)
  const start = oldStart - lines.count(ctxStart, span.from)
  return trimmed({ oldStart: start, oldLines: oldLines + tail, newStart: start + shift, newLines: newLines + tail, lines: out })
}

/** Equal lines at a middle's edges add to the context: `hunk` with at most CONTEXT lines of it on each side, as GNU diff writes. */
function trimmed(hunk: StructuredPatchHunk): StructuredPatchHunk {
  const { lines } = hunk
  let lead = 0
  while (lead < lines.length && lines[lead].startsWith(' ')) lead++
  const drop = Math.max(0, lead - CONTEXT)
  // The trailing context lines, from the last one back, each with the no-newline marker after it.
  const tail: number[] = []
  for (let i = lines.length - 1; i >= 0; i--) {
    const at = lines[i] === NO_NEWLINE && lines[i - 1]?.startsWith(' ') ? i - 1 : i
    if (!lines[at].startsWith(' ')) break
    tail.push(at)
    i = at
  }
  const end = tail.length > CONTEXT ? tail[tail.length - CONTEXT - 1] : lines.length
  const cutEnd = lines.slice(end).filter((l) => l !== NO_NEWLINE).length
  return {
    oldStart: hunk.oldStart + drop,
    newStart: hunk.newStart + drop,
    oldLines: hunk.oldLines - drop - cutEnd,
    newLines: hunk.newLines - drop - cutEnd,
    lines: lines.slice(drop, end),
  }
}

/** The unified diff of replacing `r.at` in `text`, headed `a/name` and `b/name`, cut near `budget` characters. */
export async function replacementDiff(text: string, r: Replacements, name: string, budget: number, signal: AbortSignal): Promise<string> {
  const lines = linesOf(text)
  const middleOf = (i: number): [number, number] => [lines.start(r.at[i]), lines.end(r.at[i] + r.oldS.length - 1)]
  const newEmpty = r.newS === '' && r.at.length * r.oldS.length === text.length
  const header = `--- a/${name}\n+++ b/${name}\n`
  const cut = (shown: number) => `… [${r.at.length - shown} of ${r.at.length} replacements not shown: the diff is capped by X-Max-Output-Size]\n`
  let out = header
  let counted = 0 // text[0, counted) holds `line` line ends
  let line = 0
  let shift = 0 // lines the hunks so far added, less those they removed
  let turn = performance.now()
  for (let k = 0; k < r.at.length; ) {
    // One hunk: this occurrence, and each next one whose context would touch its own.
    const first = k
    let [from, to] = middleOf(k)
    for (k++; k < r.at.length && to - from <= budget; k++) {
      const [f, t] = middleOf(k)
      if (f > to && lines.count(to, f) > 2 * CONTEXT) break
      to = Math.max(to, t)
    }
    if (to - from > budget) return out + cut(first)
    line += lines.count(counted, from)
    counted = from
    const hunk = hunkOf(text, r, { from, to, first, last: k }, line + 1, shift)
    shift += hunk.newLines - hunk.oldLines
    const written = formatHunk(hunk, newEmpty)
    if (out.length + written.length > budget) return out + cut(first)
    out += written
    if (performance.now() - turn > SLICE_MS) {
      await nextTurn()
      signal.throwIfAborted()
      turn = performance.now()
    }
  }
  return out
}
