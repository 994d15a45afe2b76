/**
 * BashOutput's `filter`: a caller's regular expression applied to up to a megabyte of lines.
 * JavaScript's engine backtracks (`^(a+)+$` takes seconds on one line of forty `a`s), so the
 * pattern runs on re2js, RE2's engine in JavaScript, whose time is linear in the text; the lines
 * are matched a slice at a time with a turn of the event loop between slices.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { RE2JS } from 're2js'
import { fail } from '../errors.js'

/** Characters of lines matched between two turns of the event loop. */
const SLICE_CHARS = 64 * 1024

export function compileFilter(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern)
  } catch (e) {
    return fail(
      'VALIDATION_ERROR',
      `Invalid value for filter: not a regular expression RE2 accepts (${(e as Error).message}); lookarounds and backreferences are not supported`,
      { details: { received: pattern } },
    )
  }
}

/** The lines of `text` that match `pattern`, each ending in a newline; stops when `signal` aborts. */
export async function filterLines(text: string, pattern: string, signal: AbortSignal): Promise<string> {
  const re = compileFilter(pattern)
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const kept: string[] = []
  let sinceTurn = 0
  for (const line of lines) {
    if (re.matcher(line).find()) kept.push(`${line}\n`)
    sinceTurn += line.length + 1
    if (sinceTurn >= SLICE_CHARS) {
      sinceTurn = 0
      await nextTurn()
      signal.throwIfAborted()
    }
  }
  return kept.join('')
}
