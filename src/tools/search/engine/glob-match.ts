/**
 * Globs matched the way ripgrep's globset does (with `literal_separator`): `*` and `?` never cross
 * `/`, `**` is recursive only as a whole path component, `[!…]`/`[^…]` negate, `{a,b}` alternates,
 * `\` escapes; `**` inside a component reads as `*`. Glob's and fs_glob's `pattern`.
 *
 * Kept hand-written (the one port left; the walk is rg's): picomatch compiles globs to RegExps
 * that backtrack, measured at 0.23 s for `*a*a*ab` and 11 s for `*a*a*a*ab` on one 255-character
 * name, and both patterns and names come from callers. This is a Thompson NFA run in lockstep,
 * O(name × pattern), memoised as a lazy DFA, so common globs cost one map lookup per character.
 */
import { fail } from '../../../errors.js'

export interface GlobOptions {
  /** Which parameter the glob came from, for error messages. */
  what?: string
}

export interface GlobMatcher {
  test(path: string): boolean
}

/** Longest glob accepted, and most `*`/`**` in one: they bound the states live at once. */
export const MAX_GLOB_CHARS = 1024
export const MAX_GLOB_STARS = 32

const SLASH = 47
/** One instruction: consume a code point (CHAR), fork (SPLIT), jump (JMP) or accept (MATCH). */
type Op = { k: 'char'; test: (c: number) => boolean } | { k: 'split'; x: number; y: number } | { k: 'jmp'; to: number } | { k: 'match' }

function invalid(glob: string, why: string, what = 'glob'): never {
  fail('VALIDATION_ERROR', `Invalid ${what} ${JSON.stringify(glob)}: ${why}`, { details: { parameter: what, received: glob } })
}

class Compiler {
  readonly prog: Op[] = []
  private stars = 0
  private fork = -1 // the open alternation's last SPLIT, or -1
  private ends: number[] = [] // each closed branch's JMP to the end of the alternation
  constructor(
    private readonly glob: string,
    private readonly opts: GlobOptions,
  ) {}

  private emit(op: Op): number {
    this.prog.push(op)
    return this.prog.length - 1
  }
  private char(test: (c: number) => boolean) {
    this.emit({ k: 'char', test })
  }

  /** `x*`: zero or more code points passing `test`. */
  private loop(test: (c: number) => boolean) {
    if (++this.stars > MAX_GLOB_STARS) invalid(this.glob, `more than ${MAX_GLOB_STARS} * or ** wildcards; use fewer`, this.opts.what)
    const split = this.emit({ k: 'split', x: 0, y: 0 })
    this.char(test)
    this.emit({ k: 'jmp', to: split })
    this.prog[split] = { k: 'split', x: split + 1, y: this.prog.length }
  }

  literal(c: number) {
    this.char((x) => x === c)
  }

  anyButSlash() {
    this.char((c) => c !== SLASH)
  }
  star() {
    this.loop((c) => c !== SLASH)
  }
  everything() {
    this.loop(() => true)
  }

  /** `(?:.*\/)?`: no folders, or any path ending in `/`. */
  folders() {
    const split = this.emit({ k: 'split', x: 0, y: 0 })
    this.loop(() => true)
    this.char((c) => c === SLASH)
    this.prog[split] = { k: 'split', x: split + 1, y: this.prog.length }
  }

  /** The character class starting at glob[i] === '['; returns the index after `]`. */
  charClass(i: number): number {
    const { glob } = this
    let j = i + 1
    let negate = false
    if (glob[j] === '!' || glob[j] === '^') {
      negate = true
      j++
    }
    const ranges: [number, number][] = []
    let first = true
    while (j < glob.length && (glob[j] !== ']' || first)) {
      if (glob[j] === '\\' && j + 1 < glob.length) j++
      const lo = glob.codePointAt(j)!
      j += lo > 0xffff ? 2 : 1
      let hi = lo
      if (glob[j] === '-' && j + 1 < glob.length && glob[j + 1] !== ']') {
        j++
        if (glob[j] === '\\' && j + 1 < glob.length) j++
        hi = glob.codePointAt(j)!
        j += hi > 0xffff ? 2 : 1
        if (hi < lo) invalid(glob, `range ${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)} is out of order`, this.opts.what)
      }
      ranges.push([lo, hi])
      first = false
    }
    if (j >= glob.length) invalid(glob, 'unclosed character class; close it with ] or escape [ as \\[', this.opts.what)
    const has = (c: number) => ranges.some(([lo, hi]) => c >= lo && c <= hi)
    this.char(negate ? (c) => c !== SLASH && !has(c) : has)
    return j + 1
  }

  /** `{`: a fork into the first branch; `,` closes a branch and forks again; `}` joins them. */
  openBrace() {
    if (this.fork !== -1) invalid(this.glob, 'nested {…} alternations are not supported', this.opts.what)
    this.fork = this.emit({ k: 'split', x: 0, y: 0 })
    this.ends = []
  }

  comma() {
    this.ends.push(this.emit({ k: 'jmp', to: 0 }))
    this.prog[this.fork] = { k: 'split', x: this.fork + 1, y: this.prog.length }
    this.fork = this.emit({ k: 'split', x: 0, y: 0 })
  }

  closeBrace() {
    this.prog[this.fork] = { k: 'jmp', to: this.fork + 1 } // the last branch needs no fork
    for (const j of this.ends) this.prog[j] = { k: 'jmp', to: this.prog.length }
    this.fork = -1
  }

  get inBraces() {
    return this.fork !== -1
  }
}

/** Parses the glob into the compiler's program; throws a 400 for what rg refuses. */
function compile(glob: string, opts: GlobOptions): Op[] {
  const c = new Compiler(glob, opts)
  let i = 0
  while (i < glob.length) {
    const ch = glob[i]
    if (ch === '*' && glob[i + 1] === '*') {
      const end = i + 2
      if ((i === 0 || glob[i - 1] === '/') && (end === glob.length || glob[end] === '/')) {
        if (end === glob.length)
          c.everything() // `**`, or `a/**`: everything below
        else c.folders() // `**/x`, `a/**/x`: zero or more folders (the `/` after ** is consumed)
        i = end === glob.length ? end : end + 1
        continue
      }
      c.star()
      i = end
    } else if (ch === '*') {
      c.star()
      i++
    } else if (ch === '?') {
      c.anyButSlash()
      i++
    } else if (ch === '[') i = c.charClass(i)
    else if (ch === '{') {
      c.openBrace()
      i++
    } else if (ch === '}' && c.inBraces) {
      c.closeBrace()
      i++
    } else if (ch === ',' && c.inBraces) {
      c.comma()
      i++
    } else {
      if (ch === '\\' && i + 1 < glob.length) i++
      const cp = glob.codePointAt(i)!
      c.literal(cp)
      i += cp > 0xffff ? 2 : 1
    }
  }
  if (c.inBraces) invalid(glob, 'unclosed {; close it with } or escape it as \\{', opts.what)
  c.prog.push({ k: 'match' })
  return c.prog
}

/** Adds `pc` and every state reachable from it without input to `list` (once per step). */
function addState(prog: Op[], list: number[], seen: Uint32Array, gen: number, pc: number, stack: Int32Array): void {
  let top = 0
  stack[top++] = pc
  while (top > 0) {
    const at = stack[--top]
    if (seen[at] === gen) continue
    seen[at] = gen
    const op = prog[at]
    if (op.k === 'jmp') stack[top++] = op.to
    else if (op.k === 'split') {
      stack[top++] = op.y
      stack[top++] = op.x
    } else list.push(at)
  }
}

/** A set of live NFA states, with its transitions memoised as they are met (a lazy DFA). */
interface DState {
  pcs: number[]
  accept: boolean
  next: Map<number, DState>
}

/** Interned sets per matcher; past this, steps are computed afresh (still linear, just slower). */
const MAX_DSTATES = 2000

/** Runs the program over a path in lockstep: every live state advances on each code point. */
class Runner {
  private readonly seen: Uint32Array
  private readonly stack: Int32Array
  private gen = 0
  private readonly states = new Map<string, DState>()
  private readonly start: DState

  constructor(private readonly prog: Op[]) {
    this.seen = new Uint32Array(prog.length)
    this.stack = new Int32Array(2 * prog.length + 2) // each state is pushed at most twice per step
    const pcs: number[] = []
    addState(prog, pcs, this.seen, ++this.gen, 0, this.stack)
    this.start = this.intern(pcs)
  }

  private intern(pcs: number[]): DState {
    const key = pcs.join(',')
    const known = this.states.get(key)
    if (known) return known
    const d: DState = { pcs, accept: pcs.some((pc) => this.prog[pc].k === 'match'), next: new Map() }
    if (this.states.size < MAX_DSTATES) this.states.set(key, d)
    return d
  }

  private step(d: DState, c: number): DState {
    const pcs: number[] = []
    const gen = ++this.gen
    for (const pc of d.pcs) {
      const op = this.prog[pc]
      if (op.k === 'char' && op.test(c)) addState(this.prog, pcs, this.seen, gen, pc + 1, this.stack)
    }
    const next = this.intern(pcs)
    if (this.states.size < MAX_DSTATES) d.next.set(c, next)
    return next
  }

  test(path: string): boolean {
    let d = this.start
    for (let i = 0; i < path.length && d.pcs.length > 0; ) {
      const c = path.codePointAt(i)!
      i += c > 0xffff ? 2 : 1
      d = d.next.get(c) ?? this.step(d, c)
    }
    return d.accept
  }
}

const LITERAL = /^[^*?[{\\]*$/

/** Compiles a glob to a matcher over posix paths (whole path, anchored at both ends). */
export function compileGlob(glob: string, opts: GlobOptions = {}): GlobMatcher {
  if (glob.length > MAX_GLOB_CHARS) {
    invalid(`${glob.slice(0, 80)}…`, `longer than ${MAX_GLOB_CHARS} characters (${glob.length}); use a shorter pattern`, opts.what)
  }
  // fast paths for the common shapes: `name` and `**/name` without wildcards
  if (LITERAL.test(glob)) return { test: (p) => p === glob }
  if (glob.startsWith('**/') && LITERAL.test(glob.slice(3))) {
    const name = glob.slice(3)
    const tail = `/${name}`
    return { test: (p) => p === name || p.endsWith(tail) }
  }
  return new Runner(compile(glob, opts))
}
