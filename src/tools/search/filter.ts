/**
 * Which walked entries are searched or listed, decided as ripgrep decides (ignore crate's
 * `Ignore::matched`): overrides first (Grep's `glob`, then the always-on exclusions: `.git` and
 * the names blocked for reading), then the .gitignore stack from the deepest folder up, then file
 * types. The rg engine gets the same exclusions as `--iglob` arguments from `blockedGlobs`.
 */
import type { BlockRule } from '../../workspace/index.js'
import { compileGlob, type GlobMatcher } from './glob-match.js'
import { RuleSet, compileLine } from './ignore-rules.js'
import { FILE_TYPES } from './file-types.js'

/** rg override globs (case-insensitive, `--iglob`) that keep `.git` and blocked names out. */
export function blockedGlobs(rules: readonly BlockRule[]): string[] {
  const globs = ['!.git']
  const byRule: Record<BlockRule, string> = {
    env: '!.env*', secrets: '!secrets', key: '!*.key', pem: '!*.pem',
    'git-config': '!**/.git/config', 'git-hooks': '!**/.git/hooks', 'git-dir': '!**/.git',
  }
  for (const r of rules) if (Object.hasOwn(byRule, r)) globs.push(byRule[r])
  return globs
}

export interface IgnoreLevel { base: string; rules: RuleSet }

export interface FilterSpec {
  /** Grep's `glob`, split as rg receives them (each one a `--glob`). */
  globs?: string[]
  /** Grep's `type`: a name of FILE_TYPES. */
  type?: string
  blocked: readonly BlockRule[]
  gitignore: boolean
}

export class EntryFilter {
  readonly gitignore: boolean
  private readonly forced: RuleSet
  private readonly overrides: RuleSet | null
  private readonly hasWhitelist: boolean
  private readonly typeRes: GlobMatcher[] | null

  constructor(spec: FilterSpec) {
    this.gitignore = spec.gitignore
    this.forced = new RuleSet(blockedGlobs(spec.blocked).map((g) => compileLine(g, { nocase: true })!))
    const user = (spec.globs ?? []).map((g) => compileLine(g, { what: 'glob' })).filter((r) => r !== null)
    this.overrides = user.length > 0 ? new RuleSet(user) : null
    // an override without `!` is a whitelist; rg's own meaning is inverted from .gitignore's
    this.hasWhitelist = user.some((r) => !r.negated)
    this.typeRes = spec.type ? FILE_TYPES[spec.type].map((g) => compileGlob(g)) : null
  }

  /** True when the entry at `rel` (posix, from the workspace root) is walked into or searched. */
  includes(rel: string, name: string, isDir: boolean, stack: readonly IgnoreLevel[]): boolean {
    if (this.forced.last(rel, isDir)) return false
    if (this.overrides) {
      const r = this.overrides.last(rel, isDir)
      if (r) return !r.negated
      if (this.hasWhitelist && !isDir) return false
    }
    for (let i = stack.length - 1; i >= 0; i--) {
      const { base, rules } = stack[i]
      const v = rules.gitignore(base === '.' ? rel : rel.slice(base.length + 1), isDir)
      if (v === 'ignore') return false
      if (v === 'whitelist') break
    }
    if (this.typeRes && !isDir) return this.typeRes.some((re) => re.test(name))
    return true
  }
}
