/**
 * Workflow expressions: `${{ params.x }}`, `${{ steps.read.output.metadata.bytes_read > 0 }}`.
 * References, literals, comparisons and `!` / `&&` / `||`; nothing else (no calls, no arithmetic).
 * Hand-written rather than eval, Function or a library: it is security-critical (it reads values an
 * agent chose) and tiny, so every construct it accepts is in this file.
 */

/** Longest expression accepted, in characters: parsing is linear, this bounds its cost. */
export const MAX_EXPRESSION_LENGTH = 1024
/** Deepest nesting of `(` and `!`, so that parsing cannot exhaust the stack. */
const MAX_DEPTH = 32

export type Literal = null | boolean | number | string
export type Expr =
  | { kind: 'literal'; value: Literal }
  | { kind: 'ref'; path: (string | number)[]; at: number }
  | { kind: 'not'; expr: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
type BinaryOp = '&&' | '||' | '==' | '!=' | '<' | '<=' | '>' | '>='

/** A syntax or evaluation error; `at` is the offset in the expression text, when known. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly at = 0,
  ) {
    super(message)
  }
}

type Token = { type: 'num' | 'str' | 'ident' | 'op' | 'end'; text: string; value?: Literal; at: number }

const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '.', '[', ']']
const KEYWORDS: Record<string, Literal> = { true: true, false: false, null: null }

function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    const num = /^-?\d+(?:\.\d+)?/.exec(src.slice(i, i + 40))
    if (num) {
      out.push({ type: 'num', text: num[0], value: Number(num[0]), at: i })
      i += num[0].length
    } else if (c === "'" || c === '"') {
      const end = stringEnd(src, i)
      out.push({ type: 'str', text: src.slice(i, end + 1), value: src.slice(i + 1, end).replaceAll(c + c, c), at: i })
      i = end + 1
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))![0]
      out.push({ type: 'ident', text: word, at: i })
      i += word.length
    } else {
      const op = OPERATORS.find((o) => src.startsWith(o, i))
      if (!op) throw new ExpressionError(`Unexpected character "${c}" at character ${i + 1}`, i)
      out.push({ type: 'op', text: op, at: i })
      i += op.length
    }
  }
  out.push({ type: 'end', text: 'end of expression', at: src.length })
  return out
}

/** Where the string opened at `start` ends; its quote doubled (`'it''s'`) stands for itself. */
function stringEnd(src: string, start: number): number {
  const q = src[start]
  for (let i = start + 1; i < src.length; i++) {
    if (src[i] !== q) continue
    if (src[i + 1] !== q) return i
    i++
  }
  throw new ExpressionError(`Unterminated string starting at character ${start + 1}`, start)
}

/** Recursive descent over the token list: or → and → not → comparison → primary. */
class Parser {
  private i = 0
  private depth = 0
  constructor(private readonly tokens: Token[]) {}

  parse(): Expr {
    const expr = this.or()
    const t = this.peek()
    if (t.type !== 'end') throw new ExpressionError(`Unexpected "${t.text}" at character ${t.at + 1}`, t.at)
    return expr
  }
  private peek = () => this.tokens[this.i]
  private accept(op: string): boolean {
    const t = this.peek()
    if (t.type !== 'op' || t.text !== op) return false
    this.i++
    return true
  }
  private nested<T>(at: number, f: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError(`Expression nested more than ${MAX_DEPTH} levels deep`, at)
    try {
      return f()
    } finally {
      this.depth--
    }
  }
  private or(): Expr {
    let left = this.and()
    while (this.accept('||')) left = { kind: 'binary', op: '||', left, right: this.and() }
    return left
  }
  private and(): Expr {
    let left = this.not()
    while (this.accept('&&')) left = { kind: 'binary', op: '&&', left, right: this.not() }
    return left
  }
  private not(): Expr {
    const at = this.peek().at
    if (this.accept('!')) return this.nested(at, () => ({ kind: 'not', expr: this.not() }))
    return this.comparison()
  }
  private comparison(): Expr {
    const left = this.primary()
    const t = this.peek()
    if (t.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.text)) {
      this.i++
      return { kind: 'binary', op: t.text as BinaryOp, left, right: this.primary() }
    }
    return left
  }
  private primary(): Expr {
    const t = this.peek()
    if (t.type === 'op' && t.text === '(') {
      this.i++
      const inner = this.nested(t.at, () => this.or())
      if (!this.accept(')')) throw new ExpressionError(`Missing ")" for the "(" at character ${t.at + 1}`, this.peek().at)
      return inner
    }
    this.i++
    if (t.type === 'num' || t.type === 'str') return { kind: 'literal', value: t.value! }
    if (t.type === 'ident' && t.text in KEYWORDS) return { kind: 'literal', value: KEYWORDS[t.text] }
    if (t.type === 'ident') return this.reference(t)
    const what = t.type === 'end' ? 'the end of the expression' : `"${t.text}"`
    throw new ExpressionError(`Expected a value, a reference or "(" but found ${what} at character ${t.at + 1}`, t.at)
  }
  private reference(first: Token): Expr {
    const path: (string | number)[] = [first.text]
    for (;;) {
      if (this.accept('.')) {
        const name = this.peek()
        if (name.type !== 'ident') throw new ExpressionError(`Expected a field name after "." at character ${name.at + 1}`, name.at)
        this.i++
        path.push(name.text)
      } else if (this.accept('[')) {
        const index = this.peek()
        const ok = (index.type === 'num' && Number.isInteger(index.value) && (index.value as number) >= 0) || index.type === 'str'
        if (!ok) throw new ExpressionError(`Expected a list index (0, 1, …) or a quoted field name after "[" at character ${index.at + 1}`, index.at)
        this.i++
        path.push(index.value as string | number)
        if (!this.accept(']')) throw new ExpressionError(`Missing "]" at character ${this.peek().at + 1}`, this.peek().at)
      } else return { kind: 'ref', path, at: first.at }
    }
  }
}

export function parseExpression(src: string): Expr {
  if (src.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`Expression is ${src.length} characters long; the limit is ${MAX_EXPRESSION_LENGTH}`)
  if (src.trim() === '') throw new ExpressionError('Empty expression')
  return new Parser(tokenize(src)).parse()
}

/** Every reference an expression makes, for the checker. */
export function referencesOf(expr: Expr): Extract<Expr, { kind: 'ref' }>[] {
  switch (expr.kind) {
    case 'literal':
      return []
    case 'ref':
      return [expr]
    case 'not':
      return referencesOf(expr.expr)
    case 'binary':
      return [...referencesOf(expr.left), ...referencesOf(expr.right)]
  }
}

/** What references resolve against: plain JSON data, read through own properties only. */
export type Scope = Record<string, unknown>

const own = (v: unknown, key: string | number): unknown => {
  if (typeof key === 'number') return Array.isArray(v) ? v[key] : undefined
  // Own properties only: `constructor` or `__proto__` never reach Object.prototype.
  return typeof v === 'object' && v !== null && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined
}

export const truthy = (v: unknown): boolean => !(v === undefined || v === null || v === false || v === 0 || v === '' || Number.isNaN(v))

function compare(op: BinaryOp, a: unknown, b: unknown): boolean {
  if (op === '==' || op === '!=') {
    const same = a === b || ((a ?? null) === null && (b ?? null) === null)
    return op === '==' ? same : !same
  }
  const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string')
  if (!comparable) throw new ExpressionError(`Cannot compare ${kindOf(a)} ${op} ${kindOf(b)}: "${op}" compares two numbers or two strings`)
  const [x, y] = [a as number | string, b as number | string]
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y
}

export const kindOf = (v: unknown): string => (v === undefined || v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v)

/** The value of `expr` in `scope`. A missing field is `null`; `&&` and `||` answer one of their operands. */
export function evaluate(expr: Expr, scope: Scope): unknown {
  switch (expr.kind) {
    case 'literal':
      return expr.value
    case 'ref':
      return expr.path.reduce<unknown>((v, key) => own(v, key), scope) ?? null
    case 'not':
      return !truthy(evaluate(expr.expr, scope))
    case 'binary': {
      const left = evaluate(expr.left, scope)
      if (expr.op === '&&') return truthy(left) ? evaluate(expr.right, scope) : left
      if (expr.op === '||') return truthy(left) ? left : evaluate(expr.right, scope)
      return compare(expr.op, left, evaluate(expr.right, scope))
    }
  }
}

/** A reference as written: `steps.read.output[0]`. */
export const showPath = (path: (string | number)[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('')
