/**
 * The always-on exclusions every search passes to rg as case-insensitive `--iglob` overrides:
 * `.git` and the names blocked for reading, and the server's own files below the root. Grep and
 * Glob/fs_glob share them.
 */
import { protectedBelow, type BlockRule } from '../../../workspace/index.js'

const GLOB_META = /[*?[\]{}\\!]/g

/** rg override globs (case-insensitive, `--iglob`) that keep `.git` and blocked names out. */
export function blockedGlobs(rules: readonly BlockRule[]): string[] {
  const globs = ['!.git']
  const byRule: Record<BlockRule, string> = {
    env: '!.env*',
    secrets: '!secrets',
    key: '!*.key',
    pem: '!*.pem',
    'git-config': '!**/.git/config',
    'git-hooks': '!**/.git/hooks',
    'git-dir': '!**/.git',
  }
  for (const r of rules) if (Object.hasOwn(byRule, r)) globs.push(byRule[r])
  return globs
}

/** Anchored excludes for the server's own files below `root`, the folder rg runs from (its overrides are relative to it). */
export function protectedGlobs(root: string): string[] {
  return protectedBelow(root).map((rel) => `!/${rel.replace(GLOB_META, '\\$&')}`)
}
