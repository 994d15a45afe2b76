/**
 * Globs compiled to regular expressions the way ripgrep's globset does (with `literal_separator`):
 * `*` and `?` never cross `/`, `**` is recursive only as a whole path component, `[!…]`/`[^…]`
 * negate, `{a,b}` alternates, `\` escapes. One compiler for .gitignore lines, Grep's `glob` and
 * Glob's `pattern`, so that the JavaScript engine filters files exactly as `rg` would.
 */
import { fail } from '../../errors.js'

export interface GlobOptions {
  nocase?: boolean
  /** rg refuses `**` that is not a whole path component; Glob's patterns read it as `*`. */
  strictDoubleStar?: boolean
  /** Which parameter the glob came from, for error messages. */
  what?: string
}

const SPECIAL = /[.*+?^${}()|[\]\\/]/g
const esc = (c: string) => c.replace(SPECIAL, '\\$&')

function invalid(glob: string, why: string, what = 'glob'): never {
  fail('VALIDATION_ERROR', `Invalid ${what} ${JSON.stringify(glob)}: ${why}`, { details: { parameter: what, received: glob } })
}

/** The character class starting at glob[i] === '['; returns its regex and the index after `]`. */
function charClass(glob: string, i: number, what?: string): [string, number] {
  let j = i + 1
  let negate = false
  if (glob[j] === '!' || glob[j] === '^') { negate = true; j++ }
  let body = ''
  let first = true
  while (j < glob.length && (glob[j] !== ']' || first)) {
    let c = glob[j]
    if (c === '\\' && j + 1 < glob.length) c = glob[++j]
    body += c === '-' && !first && glob[j + 1] !== ']' ? '-' : esc(c)
    first = false
    j++
  }
  if (j >= glob.length) invalid(glob, 'unclosed character class; close it with ] or escape [ as \\[', what)
  return [negate ? `[^/${body}]` : `[${body}]`, j + 1]
}

/** Compiles a glob to an anchored RegExp over posix paths. */
export function compileGlob(glob: string, opts: GlobOptions = {}): RegExp {
  let re = ''
  let braces = 0
  let i = 0
  while (i < glob.length) {
    const c = glob[i]
    if (c === '*' && glob[i + 1] === '*') {
      const startOk = i === 0 || glob[i - 1] === '/'
      const end = i + 2
      const endOk = end === glob.length || glob[end] === '/'
      if (startOk && endOk) {
        if (end === glob.length) { re += '.*'; i = end; continue } // `**`, or `a/**`: everything below
        re += '(?:.*/)?' // `**/x`, `a/**/x`: zero or more folders (the `/` after ** is consumed)
        i = end + 1
        continue
      }
      if (opts.strictDoubleStar) invalid(glob, '** must be a whole path component (like **/x or a/**)', opts.what)
      re += '[^/]*'
      i = end
      continue
    }
    if (c === '*') { re += '[^/]*'; i++; continue }
    if (c === '?') { re += '[^/]'; i++; continue }
    if (c === '[') { const [cls, next] = charClass(glob, i, opts.what); re += cls; i = next; continue }
    if (c === '{') {
      if (braces > 0) invalid(glob, 'nested {…} alternations are not supported', opts.what)
      braces++; re += '(?:'; i++; continue
    }
    if (c === '}' && braces > 0) { braces--; re += ')'; i++; continue }
    if (c === ',' && braces > 0) { re += '|'; i++; continue }
    if (c === '\\' && i + 1 < glob.length) { re += esc(glob[i + 1]); i += 2; continue }
    re += esc(c)
    i++
  }
  if (braces > 0) invalid(glob, 'unclosed {; close it with } or escape it as \\{', opts.what)
  return new RegExp(`^${re}$`, opts.nocase ? 'isu' : 'su')
}

/** True when the glob has no wildcard at all (matches one literal path). */
export function isLiteralGlob(glob: string): boolean {
  return !/[*?[{\\]/.test(glob)
}
