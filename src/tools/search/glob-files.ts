/**
 * File-name globbing shared by Glob and fs_glob: the shared walker (.gitignore honoured, `.git`
 * and blocked names left out, links listed only when they lead to a file inside the workspace,
 * never followed into folders), the pattern matched against paths relative to the searched
 * folder. Walks only below the pattern's literal leading folders (`src/**` walks `src`).
 */
import { promises as fs, statSync } from 'node:fs'
import path from 'node:path'
import { fail } from '../../errors.js'
import type { ToolContext } from '../define.js'
import { EntryFilter } from './filter.js'
import { compileGlob } from './glob-match.js'
import { resolveTarget } from './target.js'
import { ancestorIgnores, slicer, walk } from './walk.js'

export const MAX_GLOB_RESULTS = 1000

export interface GlobMatch { rel: string; mtimeMs: number }

function checkPattern(pattern: string): void {
  if (pattern.includes('\0')) fail('VALIDATION_ERROR', 'pattern contains a NUL byte; remove it')
  if (pattern.startsWith('/')) {
    fail('VALIDATION_ERROR', `pattern ${JSON.stringify(pattern)} is absolute; write it relative to the folder searched (e.g. "**/*.ts") and pass the folder as path`)
  }
  if (pattern.split('/').includes('..')) fail('VALIDATION_ERROR', `pattern ${JSON.stringify(pattern)} climbs out with '..'; pass the folder to search as path instead`)
}

/** Literal leading folders of a pattern (`src/lib/**\/*.ts` → `src/lib`), or ''. */
function literalBase(pattern: string): string {
  const segs = pattern.split('/')
  const lit: string[] = []
  for (const s of segs.slice(0, -1)) {
    if (/[*?[\]{}\\]/.test(s) || s === '.' || s === '') break
    lit.push(s)
  }
  return lit.join('/')
}

/** Whether the full walk from `from` would enter every folder down to `to` (filters, .gitignore). */
function reachable(root: string, from: string, to: string, filter: EntryFilter): boolean {
  const levels = ancestorIgnores(root, to)
  const segs = to.split('/')
  for (let i = from === '.' ? 0 : from.split('/').length; i < segs.length; i++) {
    const rel = segs.slice(0, i + 1).join('/')
    const above = levels.filter((l) => l.base === '.' || rel.startsWith(`${l.base}/`))
    if (!filter.includes(rel, true, above)) return false
  }
  return true
}

/** Every file matching `pattern` under `userPath`; mtimes only when asked (one stat per match, synchronous as the walk). */
export async function globFiles(ctx: ToolContext, pattern: string, userPath: string | undefined, withMtime: boolean): Promise<GlobMatch[]> {
  checkPattern(pattern)
  const re = compileGlob(pattern, { what: 'pattern' })
  const target = await resolveTarget(ctx, userPath, 'folder')
  const join = (a: string, b: string) => (a === '.' ? b : b === '' ? a : `${a}/${b}`)
  const policy = ctx.settings.blockPolicy
  const filter = new EntryFilter({ blocked: policy.read, gitignore: true })
  // start below the literal folders when they are real folders the full walk would enter
  let start = target.rel
  const base = literalBase(pattern)
  if (base !== '') {
    const candidate = join(target.rel, base)
    const abs = path.join(target.root, candidate)
    const real = await fs.realpath(abs).catch(() => null)
    if (real === null) return []
    if (real === abs && (await fs.stat(abs)).isDirectory()) {
      if (!reachable(target.root, target.rel, candidate, filter)) return []
      start = candidate
    }
  }
  const found: { rel: string; stat: string }[] = []
  const breathe = slicer(ctx.signal)
  for (const e of walk({ root: target.root, start, filter, signal: ctx.signal, symlinks: 'files-inside', policy })) {
    const rel = target.rel === '.' ? e.rel : e.rel.slice(target.rel.length + 1)
    if (re.test(rel)) found.push({ rel: e.rel, stat: e.target ?? e.abs })
    await breathe()
  }
  const out: GlobMatch[] = []
  for (const f of found) {
    out.push({ rel: f.rel, mtimeMs: withMtime ? (statSync(f.stat, { throwIfNoEntry: false })?.mtimeMs ?? 0) : 0 })
    await breathe()
  }
  return out
}
