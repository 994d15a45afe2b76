/**
 * Which walked entries Glob lists, decided as ripgrep decides (ignore crate's `Ignore::matched`):
 * the always-on exclusions first (`.git` and the names blocked for reading), then the .gitignore
 * stack from the deepest folder up. Grep's rg gets the same exclusions as `--iglob` arguments
 * from `blockedGlobs`.
 */
import type { BlockRule } from '../../workspace/index.js'
import { RuleSet, compileLine } from './ignore-rules.js'

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
  blocked: readonly BlockRule[]
  gitignore: boolean
}

export class EntryFilter {
  readonly gitignore: boolean
  private readonly forced: RuleSet

  constructor(spec: FilterSpec) {
    this.gitignore = spec.gitignore
    this.forced = new RuleSet(blockedGlobs(spec.blocked).map((g) => compileLine(g, { nocase: true })!))
  }

  /** True when the entry at `rel` (posix, from the workspace root) is walked into or listed. */
  includes(rel: string, isDir: boolean, stack: readonly IgnoreLevel[]): boolean {
    if (this.forced.last(rel, isDir)) return false
    for (let i = stack.length - 1; i >= 0; i--) {
      const { base, rules } = stack[i]
      const v = rules.gitignore(base === '.' ? rel : rel.slice(base.length + 1), isDir)
      if (v === 'ignore') return false
      if (v === 'whitelist') break
    }
    return true
  }
}
