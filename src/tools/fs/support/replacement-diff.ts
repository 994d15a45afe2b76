/**
 * Edit's diff, built from where the replacements are instead of by diffing two whole files: each
 * group of nearby occurrences becomes a window of lines (three of context on each side), which
 * jsdiff diffs on its own. A one-line change in a 10 MB file costs one small window; windows are
 * diffed with turns of the event loop between them, and the diff stops near `budget` characters
 * with a note saying how many replacements it leaves out.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { diffHeader, formatHunk, hunksOf, wholeHunk } from './diff.js'

export interface Replacements {
  /** Start indexes of the occurrences of `oldS` in the old text, in order, not overlapping. */
  at: number[]
  oldS: string
  newS: string
}

const CONTEXT = 3
/** Largest window jsdiff is given: a longer run of changes is written as one hunk of removed and added lines. */
const WINDOW_DIFF_MAX = 64 * 1024
/** Lines changed in one window past which jsdiff gives up (its time grows as their square): one hunk of removed and added lines. */
const WINDOW_EDIT_MAX = 200
/** Work between turns of the event loop, in ms. */
const SLICE_MS = 10

const newlinesIn = (s: string, from = 0, to = s.length) => {
  let n = 0
  for (let i = s.indexOf('\n', from); i !== -1 && i < to; i = s.indexOf('\n', i + 1)) n++
  return n
}

/** The window of whole lines around text[from, to), with `CONTEXT` lines before and after. */
function windowAround(text: string, from: number, to: number): [number, number] {
  const lineStart = (i: number) => (i <= 0 ? 0 : text.lastIndexOf('\n', i - 1) + 1)
  const lineEnd = (i: number) => {
    const nl = text.indexOf('\n', i)
    return nl === -1 ? text.length : nl + 1
  }
  let start = lineStart(from)
  for (let k = 0; k < CONTEXT && start > 0; k++) start = lineStart(start - 1)
  // The line holding text[to] too: a replacement that drops a newline joins that line to this one.
  let end = lineEnd(to)
  for (let k = 0; k < CONTEXT && end < text.length; k++) end = lineEnd(end)
  return [start, end]
}

/** The unified diff of replacing `r.at` in `text`, headed `a/name` and `b/name`, cut near `budget` characters. */
export async function replacementDiff(text: string, r: Replacements, name: string, budget: number, signal: AbortSignal): Promise<string> {
  const shift = newlinesIn(r.newS) - newlinesIn(r.oldS)
  const newEmpty = r.newS === '' && r.at.length * r.oldS.length === text.length
  const header = diffHeader(name)
  let out = header
  let k = 0
  let line = 0 // lines before `counted`
  let counted = 0
  let turn = performance.now()
  while (k < r.at.length) {
    // One window: this occurrence and every next one whose context touches it.
    const first = k
    let [start, end] = windowAround(text, r.at[k], r.at[k] + r.oldS.length)
    for (k++; k < r.at.length && end - start <= budget / 2; k++) {
      const [s, e] = windowAround(text, r.at[k], r.at[k] + r.oldS.length)
      if (s > end) break
      end = e
    }
    line += newlinesIn(text, counted, start)
    counted = start
    const hunks = windowHunks(text, r, start, end, first, k)
    let written = ''
    for (const h of hunks) {
      h.oldStart += line
      h.newStart += line + first * shift
      written += formatHunk(h, false, newEmpty)
    }
    if (out.length + written.length > budget && k - first < r.at.length) {
      // Past the budget: the first window is shown cut, a later one not at all.
      const shown = out === header ? k : first
      if (out === header) out += `${written.slice(0, budget)}\n`
      return `${out}… [${r.at.length - shown} of ${r.at.length} replacements not shown: the diff is capped by X-Max-Output-Size]\n`
    }
    out += written
    if (performance.now() - turn > SLICE_MS) {
      await nextTurn()
      signal.throwIfAborted()
      turn = performance.now()
    }
  }
  return out
}

/** The hunks of the window text[start, end) holding occurrences first..last-1, numbered from the window's first line. */
function windowHunks(text: string, r: Replacements, start: number, end: number, first: number, last: number) {
  const oldWin = text.slice(start, end)
  let newWin = ''
  let at = start
  for (let i = first; i < last; i++) {
    newWin += text.slice(at, r.at[i]) + r.newS
    at = r.at[i] + r.oldS.length
  }
  newWin += text.slice(at, end)
  return oldWin.length > WINDOW_DIFF_MAX ? [wholeHunk(oldWin, newWin)] : hunksOf(oldWin, newWin, CONTEXT, WINDOW_EDIT_MAX)
}
