/**
 * BashOutput's `filter`: a caller's regular expression applied to up to a megabyte of lines. A
 * pattern that backtracks catastrophically would stall every call on this instance, so matching
 * runs in a `vm` context with a time limit, which V8 can interrupt mid-match.
 */
import vm from 'node:vm'
import { fail } from '../errors.js'

const FILTER_TIMEOUT_MS = 1_000

export function compileFilter(pattern: string): RegExp {
  try {
    return new RegExp(pattern)
  } catch (e) {
    return fail('VALIDATION_ERROR', `Invalid value for filter: not a valid regular expression (${(e as Error).message})`, {
      details: { received: pattern },
    })
  }
}

/** The lines of `text` that match `pattern`, each ending in a newline. */
export function filterLines(text: string, pattern: string): string {
  const re = compileFilter(pattern)
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const context = vm.createContext({ lines, re })
  try {
    const kept = vm.runInContext('lines.filter((l) => re.test(l))', context, { timeout: FILTER_TIMEOUT_MS }) as string[]
    return kept.map((l) => `${l}\n`).join('')
  } catch {
    return fail('VALIDATION_ERROR', `filter ${JSON.stringify(pattern)} took longer than ${FILTER_TIMEOUT_MS} ms to match; use a simpler regular expression`)
  }
}
