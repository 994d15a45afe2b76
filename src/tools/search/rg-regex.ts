/**
 * ripgrep's regex syntax (Rust `regex`) translated to a JavaScript RegExp with the `u` flag, so
 * the JavaScript engine matches what `rg` matches: Unicode `\w \d \s \b`, `.` and `$` that stop
 * only at `\n`, lone `]`/`}` as literals, and rg's refusals (look-around, backreferences, `\n`
 * outside multiline). Not translated (refused with a clear message): inline flags other than a
 * leading `(?i)`/`(?s)`/`(?m)`, nested classes and class set operations, `\W` inside a class.
 */
import { fail } from '../../errors.js'

const W = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}'
const WORD_B = `(?:(?<=[${W}])(?![${W}])|(?<![${W}])(?=[${W}]))`
const NOT_WORD_B = `(?:(?<=[${W}])(?=[${W}])|(?<![${W}])(?![${W}]))`
const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\x00-\\x7F', blank: '\\t ', cntrl: '\\x00-\\x1F\\x7F', digit: '0-9',
  graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-\\/:-@\\[-`{-~', space: '\\t\\n\\v\\f\\r ', upper: 'A-Z',
  word: '0-9A-Za-z_', xdigit: '0-9A-Fa-f',
}
const NEWLINE_MSG = 'the literal "\\n" is not allowed in a regex; set multiline: true to match across lines'

export interface RgRegexOptions { ignoreCase: boolean; multiline: boolean }
export interface CompiledRegex { line: RegExp; global: RegExp }

function bad(pattern: string, why: string): never {
  fail('VALIDATION_ERROR', `Invalid regex pattern ${JSON.stringify(pattern)}: ${why}`, { details: { parameter: 'pattern', received: pattern } })
}

/** `\p{Name}`, trying a script name when Name is not a JavaScript property (rg's `\p{Greek}`). */
function property(name: string, negate: boolean, pattern: string): string {
  for (const n of [name, `Script=${name}`]) {
    try { new RegExp(`\\p{${n}}`, 'u'); return `\\${negate ? 'P' : 'p'}{${n}}` } catch { /* next */ }
  }
  return bad(pattern, `unknown Unicode class \\p{${name}}`)
}

/** One escape at pattern[i] === '\\'; returns [JavaScript text, chars consumed]. */
function escape(p: string, i: number, inClass: boolean, ml: boolean): [string, number] {
  const c = p[i + 1]
  if (c === undefined) bad(p, 'incomplete escape sequence at the end')
  switch (c) {
    case 'd': return ['\\p{Nd}', 2]
    case 'D': return ['\\P{Nd}', 2]
    case 's': return ['\\p{White_Space}', 2]
    case 'S': return ['\\P{White_Space}', 2]
    case 'w': return [inClass ? W : `[${W}]`, 2]
    case 'W': return inClass ? bad(p, '\\W inside [...] is not supported by the JavaScript engine') : [`[^${W}]`, 2]
    case 'b': return inClass ? bad(p, '\\b inside [...] is not supported') : [WORD_B, 2]
    case 'B': return inClass ? bad(p, '\\B inside [...] is not supported') : [NOT_WORD_B, 2]
    case 'A': return [ml ? '(?<![^])' : '(?<![^\\n])', 2]
    case 'z': return [ml ? '(?![^])' : '(?![^\\n])', 2]
    case 'n': return ml ? ['\\n', 2] : bad(p, NEWLINE_MSG)
    case 'a': return ['\\x07', 2]
    case '#': case '&': case '~': return [c, 2]
    case '-': return [inClass ? '\\-' : '-', 2]
    case 'p': case 'P': {
      const m = /^\{([^}]*)\}/.exec(p.slice(i + 2)) ?? /^([A-Za-z])/.exec(p.slice(i + 2))
      if (!m) bad(p, `incomplete \\${c} class`)
      return [property(m[1].replace(/\s/g, ''), c === 'P', p), 2 + m[0].length]
    }
    case 'x': case 'u': case 'U': {
      const braced = /^\{([0-9A-Fa-f]{1,8})\}/.exec(p.slice(i + 2))
      const fixed = new RegExp(`^[0-9A-Fa-f]{${c === 'x' ? 2 : c === 'u' ? 4 : 8}}`).exec(p.slice(i + 2))
      const hex = braced?.[1] ?? fixed?.[0]
      if (hex === undefined) bad(p, `invalid \\${c} escape; use \\x{HEX}`)
      if (parseInt(hex, 16) > 0x10ffff) bad(p, `\\${c}{${hex}} is not a Unicode code point`)
      if (!ml && parseInt(hex, 16) === 10) bad(p, NEWLINE_MSG)
      return [`\\u{${hex}}`, 2 + (braced ? braced[0].length : hex.length)]
    }
    default:
      if (/[1-9]/.test(c)) bad(p, 'backreferences are not supported (rg without --pcre2 refuses them too)')
      return [`\\${c}`, 2]
  }
}

/** A character class starting at p[i] === '['; returns [JavaScript class, index after it]. */
function charClass(p: string, i: number, ml: boolean): [string, number] {
  let j = i + 1
  let out = '['
  if (p[j] === '^') { out += '^'; j++ }
  if (p[j] === ']') { out += '\\]'; j++ }
  while (j < p.length && p[j] !== ']') {
    const c = p[j]
    if (c === '[') {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(p.slice(j))
      if (!posix || !POSIX[posix[2]] || posix[1]) bad(p, 'nested or negated classes inside [...] are not supported by the JavaScript engine')
      out += POSIX[posix[2]]
      j += posix[0].length
    } else if (c === '\\') {
      const [text, n] = escape(p, j, true, ml)
      out += text
      j += n
    } else if ((c === '&' || c === '-' || c === '~') && p[j + 1] === c) {
      bad(p, `class set operation ${c}${c} is not supported by the JavaScript engine`)
    } else {
      if (c === '\n' && !ml) bad(p, NEWLINE_MSG)
      out += c === '/' ? '\\/' : c
      j++
    }
  }
  if (j >= p.length) bad(p, 'unclosed character class')
  return [`${out}]`, j + 1]
}

/** Compiles an rg pattern; `line` tests one line, `global` scans whole text for candidates. */
export function compileRgRegex(pattern: string, opts: RgRegexOptions): CompiledRegex {
  let { ignoreCase } = opts
  let dotAll = opts.multiline
  let i = 0
  const lead = /^\(\?([a-zA-Z]+)\)/.exec(pattern)
  if (lead) {
    for (const f of lead[1]) {
      if (f === 'i') ignoreCase = true
      else if (f === 's') dotAll = true
      else if (f !== 'm') bad(pattern, `the inline flag (?${f}) is not supported by the JavaScript engine`)
    }
    i = lead[0].length
  }
  let out = ''
  while (i < pattern.length) {
    const c = pattern[i]
    if (c === '\\') { const [t, n] = escape(pattern, i, false, opts.multiline); out += t; i += n; continue }
    if (c === '[') { const [t, next] = charClass(pattern, i, opts.multiline); out += t; i = next; continue }
    if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2)
      if (/^(=|!|<=|<!)/.test(rest)) bad(pattern, 'look-around, including look-ahead and look-behind, is not supported')
      if (rest.startsWith(':')) { out += '(?:'; i += 3; continue }
      const named = /^P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest)
      if (named) { out += `(?<${named[1]}>`; i += 2 + named[0].length; continue }
      bad(pattern, 'inline flags are not supported by the JavaScript engine here; use the -i or multiline parameters')
    }
    if (c === '{') {
      const q = /^\{\d+(,\d*)?\}/.exec(pattern.slice(i))
      if (!q) bad(pattern, 'a { must start a repetition like {2} or {1,3}; escape a literal one as \\{')
      out += q[0]; i += q[0].length; continue
    }
    if (c === '\n' && !opts.multiline) bad(pattern, NEWLINE_MSG)
    if (c === '.') out += dotAll ? '[^]' : '[^\\n]'
    else if (c === '^') out += '(?<![^\\n])'
    else if (c === '$') out += '(?![^\\n])'
    else if (c === ']' || c === '}' || c === '/') out += `\\${c}`
    else out += c
    i++
  }
  const flags = `u${ignoreCase ? 'i' : ''}`
  try {
    return { line: new RegExp(out, flags), global: new RegExp(out, `${flags}g`) }
  } catch (err) {
    return bad(pattern, (err as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, ''))
  }
}
