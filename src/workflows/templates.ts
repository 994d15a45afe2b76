/**
 * Strings with `${{ … }}` in them. A string that is exactly one expression (`"${{ params.files }}"`)
 * takes the expression's value whatever its type (a list stays a list); any other string is
 * interpolated, each value written as text (null as nothing, lists and objects as JSON).
 */
import { jsonBytesWithin } from '../lib/json-bytes.js'
import { evaluate, ExpressionError, parseExpression, type Expr, type Scope } from './expressions.js'

export interface Piece {
  expr: Expr
  /** Offset of the expression's text (after `${{`) in the string, for error positions. */
  at: number
}

export interface Template {
  parts: (string | Piece)[]
  /** The string is one expression and nothing else (blanks around it aside). */
  whole: boolean
}

const OPEN = '${{'
const CLOSE = '}}'

/** The string's pieces; throws ExpressionError with `at` relative to the string. */
export function parseTemplate(text: string): Template {
  const parts: (string | Piece)[] = []
  let i = 0
  while (i < text.length) {
    const start = text.indexOf(OPEN, i)
    if (start === -1) {
      parts.push(text.slice(i))
      break
    }
    if (start > i) parts.push(text.slice(i, start))
    const end = closingOf(text, start + OPEN.length)
    if (end === -1) throw new ExpressionError(`"${OPEN}" at character ${start + 1} has no closing "${CLOSE}"`, start)
    const src = text.slice(start + OPEN.length, end)
    try {
      parts.push({ expr: parseExpression(src), at: start + OPEN.length })
    } catch (err) {
      if (err instanceof ExpressionError) throw new ExpressionError(err.message, start + OPEN.length + err.at)
      throw err
    }
    i = end + CLOSE.length
  }
  const exprs = parts.filter((p) => typeof p !== 'string')
  const whole = exprs.length === 1 && parts.every((p) => typeof p !== 'string' || p.trim() === '')
  return { parts, whole }
}

/** The `}}` that closes an expression, skipping any inside quoted strings. */
function closingOf(text: string, from: number): number {
  let quote: string | undefined
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (quote) {
      if (c === quote) quote = undefined
    } else if (c === "'" || c === '"') quote = c
    else if (text.startsWith(CLOSE, i)) return i
  }
  return -1
}

export const hasExpression = (text: string) => text.includes(OPEN)

const asText = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v))

/**
 * JSON bytes one rendering may make (a step's arguments, a prompt, a for_each list, the run's
 * outputs), as much as a caller may send in a body. A reference repeated in a 32 KiB file wrote
 * the same large output again at each repetition: 400 of them ran the server out of memory.
 */
export const RENDER_BYTES = 10 * 1024 * 1024

/** A rendering that would pass RENDER_BYTES: refused before the value that passes it is written. */
export class RenderTooLarge extends Error {}

/** What is left of RENDER_BYTES: each value is measured, within what is left, before it is written. */
class Budget {
  private left = RENDER_BYTES
  take(v: unknown): void {
    this.left -= jsonBytesWithin(v, this.left)
    if (this.left < 0) throw new RenderTooLarge()
  }
}

export function renderTemplate(t: Template, scope: Scope, budget = new Budget()): unknown {
  const values = t.parts.map((p) => {
    const v = typeof p === 'string' ? p : evaluate(p.expr, scope)
    budget.take(v)
    return v
  })
  return t.whole ? values[t.parts.findIndex((p) => typeof p !== 'string')] : values.map(asText).join('')
}

/**
 * A value of the workflow file (`with:`, `outputs:`) with every string rendered. Keys that render
 * to null are left out, so an optional argument fed by a missing field stays unset.
 */
export function renderValue(value: unknown, scope: Scope, budget = new Budget()): unknown {
  if (typeof value === 'string') return hasExpression(value) ? renderTemplate(parseTemplate(value), scope, budget) : value
  if (Array.isArray(value)) return value.map((v) => renderValue(v, scope, budget))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      const rendered = renderValue(v, scope, budget)
      if (rendered !== null && rendered !== undefined) out[k] = rendered
    }
    return out
  }
  return value
}
