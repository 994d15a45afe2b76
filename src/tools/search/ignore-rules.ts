/**
 * .gitignore lines and Grep's `glob` overrides, read the way ripgrep's `ignore` crate reads them:
 * a pattern without a slash matches a name at any depth, one with a slash is anchored to its
 * file's folder, a trailing `/` matches folders only, `!` flips the meaning, and the last matching
 * line wins. Also rebases ancestor .gitignore files so `rg --ignore-file` reads them the same way.
 */
import { compileGlob, type GlobMatcher } from './glob-match.js'

export type Verdict = 'ignore' | 'whitelist' | null

export interface Rule {
  /** `!` in a .gitignore re-includes; in an override, `!` excludes. */
  negated: boolean
  dirOnly: boolean
  re: GlobMatcher
}

export interface ParsedLine { negated: boolean; dirOnly: boolean; anchored: boolean; glob: string }

/** One line as the ignore crate parses it, or null for blanks and comments. */
export function parseLine(raw: string): ParsedLine | null {
  let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
  if (line.startsWith('#')) return null
  if (!line.endsWith('\\ ')) line = line.trimEnd()
  if (line === '') return null
  let negated = false
  let anchored = false
  if (line.startsWith('\\!') || line.startsWith('\\#')) {
    line = line.slice(1)
    anchored = line.startsWith('/')
  } else {
    if (line.startsWith('!')) { negated = true; line = line.slice(1) }
    if (line.startsWith('/')) { anchored = true; line = line.slice(1) }
  }
  let dirOnly = false
  if (line.endsWith('/')) {
    dirOnly = true
    line = line.slice(0, -1)
    if (line.endsWith('\\')) line = line.slice(0, -1)
  }
  if (line === '') return null
  return { negated, dirOnly, anchored: anchored || line.includes('/'), glob: line }
}

/** The glob a parsed line really matches against a path relative to its base folder. */
function effectiveGlob(p: ParsedLine): string {
  let glob = p.anchored || p.glob.startsWith('**/') ? p.glob : `**/${p.glob}`
  if (glob.endsWith('/**')) glob += '/*'
  return glob
}

export function compileLine(raw: string, opts: { nocase?: boolean; what?: string } = {}): Rule | null {
  const p = parseLine(raw)
  if (p === null) return null
  return { negated: p.negated, dirOnly: p.dirOnly, re: compileGlob(effectiveGlob(p), { ...opts, strictDoubleStar: true }) }
}

/** Rules of one .gitignore file (or one override list): the last rule that matches decides. */
export class RuleSet {
  readonly rules: Rule[]
  constructor(rules: Rule[]) { this.rules = rules }

  static parse(text: string, opts: { nocase?: boolean; lenient?: boolean } = {}): RuleSet {
    const rules: Rule[] = []
    for (const line of text.split('\n')) {
      try {
        const r = compileLine(line, opts)
        if (r) rules.push(r)
      } catch (err) {
        // an unparsable line in a .gitignore is skipped, as rg skips it; in an override it is an error
        if (!opts.lenient) throw err
      }
    }
    return new RuleSet(rules)
  }

  /** The last rule matching `rel` (relative to the set's folder): its rule, or undefined. */
  last(rel: string, isDir: boolean): Rule | undefined {
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const r = this.rules[i]
      if (r.dirOnly && !isDir) continue
      if (r.re.test(rel)) return r
    }
    return undefined
  }

  /** .gitignore meaning: a plain rule ignores, a `!` rule re-includes. */
  gitignore(rel: string, isDir: boolean): Verdict {
    const r = this.last(rel, isDir)
    return r === undefined ? null : r.negated ? 'whitelist' : 'ignore'
  }
}

const GLOB_META = /[*?[\]{}\\!]/g

/**
 * A .gitignore found at `dir` (posix, relative to the workspace root) rewritten so that its rules
 * mean the same when read relative to the root, as `rg --ignore-file` reads them.
 */
export function rebaseGitignore(text: string, dir: string): string {
  const prefix = dir === '.' || dir === '' ? '' : `${dir.replace(GLOB_META, '\\$&')}/`
  const out: string[] = []
  for (const raw of text.split('\n')) {
    const p = parseLine(raw)
    if (p === null) continue
    let glob: string
    if (p.anchored) glob = `/${prefix}${p.glob}`
    else if (prefix !== '') glob = `/${prefix}**/${p.glob}`
    else glob = /^[!#]/.test(p.glob) ? `\\${p.glob}` : p.glob
    out.push(`${p.negated ? '!' : ''}${glob}${p.dirOnly ? '/' : ''}`)
  }
  return out.join('\n')
}
