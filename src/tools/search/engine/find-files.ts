/**
 * File-name globbing for Glob and fs_glob. ripgrep walks (`rg --files`: the same .gitignore
 * handling and exclusions as Grep, `.git` and blocked names out, links never followed, in the
 * sandbox, in another process); the pattern is matched here by glob-match.ts, because rg's own
 * `--glob` overrides would bypass .gitignore for whatever they match.
 */
import { fail } from '../../../errors.js'
import { Slices } from '../../../lib/slices.js'
import { sortInSlices } from '../../../lib/sort-in-slices.js'
import { spawnConfined } from '../../../sandbox/index.js'
import { lstatEachBeneath, realRootOf } from '../../../workspace/index.js'
import type { ToolContext } from '../../define.js'
import { blockedGlobs, protectedGlobs } from './blocked-globs.js'
import { compileGlob, type GlobMatcher } from './glob-match.js'
import { parentIgnoreRules } from './parent-ignores.js'
import { RG_BASE } from './rg-args.js'
import { requireRg, rgPolicy, withIgnoreFile } from './rg.js'
import { resolveTarget } from './target.js'
import type { SearchTarget } from './job.js'

export const MAX_GLOB_RESULTS = 1000
/** Paths kept at most; past it the list is cut (and said to be). */
const MAX_FOUND = 200_000

export interface FoundFiles {
  /** Matching files, relative to the workspace root, in no particular order. */
  paths: string[]
  /** False when more files matched than MAX_FOUND. */
  complete: boolean
}

function checkPattern(pattern: string): void {
  if (pattern.includes('\0')) fail('VALIDATION_ERROR', 'pattern contains a NUL byte; remove it')
  if (pattern.startsWith('/')) {
    fail(
      'VALIDATION_ERROR',
      `pattern ${JSON.stringify(pattern)} is absolute; write it relative to the folder searched (e.g. "**/*.ts") and pass the folder as path`,
    )
  }
  if (pattern.split('/').includes('..'))
    fail('VALIDATION_ERROR', `pattern ${JSON.stringify(pattern)} climbs out with '..'; pass the folder to search as path instead`)
}

/** Every file under `userPath` (default: the root) whose path relative to it matches `pattern`. */
export async function findFiles(ctx: ToolContext, pattern: string, userPath: string | undefined, tool: string): Promise<FoundFiles> {
  checkPattern(pattern)
  const matcher = compileGlob(pattern, { what: 'pattern' })
  const rg = await requireRg(ctx.settings.rg, tool)
  const target = await resolveTarget(ctx, userPath, 'folder')
  return withIgnoreFile(await parentIgnoreRules(target.root, target.rel), (ignoreFile) => listFiles(ctx, rg.path, target, ignoreFile, matcher))
}

async function listFiles(ctx: ToolContext, rg: string, target: SearchTarget, ignoreFile: string | null, matcher: GlobMatcher): Promise<FoundFiles> {
  const run = rgPolicy(ctx.services.sandbox, target.root, rg, ignoreFile)
  const args = [...RG_BASE, '--files', '--null']
  for (const g of [...blockedGlobs(ctx.settings.blockPolicy.read), ...protectedGlobs(target.root)]) args.push('--iglob', g)
  if (run.ignoreFile !== null) args.push('--ignore-file', run.ignoreFile)
  args.push('--', target.rel)
  const child = spawnConfined(ctx.services.sandbox, [run.rg, ...args], run.policy, { stdio: ['ignore', 'pipe', 'pipe'] })
  const skip = target.rel === '.' ? 2 : target.rel.length + 1 // `./` or `folder/` before each path
  const paths: string[] = []
  let complete = true
  let stderr = ''
  const stop = () => child.kill('SIGKILL')
  ctx.signal.addEventListener('abort', stop, { once: true })
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 8192) stderr += chunk
  })
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  await eachName(child.stdout!, (p) => {
    if (matcher.test(p.slice(skip))) paths.push(target.rel === '.' ? p.slice(2) : p)
    if (paths.length <= MAX_FOUND) return true
    complete = false
    paths.length = MAX_FOUND
    stop()
    return false
  })
  const code = await closed.finally(() => ctx.signal.removeEventListener('abort', stop))
  ctx.signal.throwIfAborted()
  if (code === 2 && paths.length === 0 && stderr.trim() !== '') throw new Error(`rg --files failed: ${stderr.trim().slice(0, 600)}`)
  return { paths, complete }
}

/**
 * Calls `take` with each NUL-separated name rg writes, until it returns false, with a turn of the
 * event loop whenever a slice of work is done (a glob of many alternatives costs ~1 ms per long
 * name): stdout is not read meanwhile, so rg waits.
 */
async function eachName(stdout: NodeJS.ReadableStream, take: (name: string) => boolean): Promise<void> {
  let pending = ''
  const slices = new Slices()
  for await (const chunk of stdout.setEncoding('utf8')) {
    const parts = (pending + (chunk as string)).split('\0')
    pending = parts.pop() as string
    for (const name of parts) {
      if (!take(name)) return
      if (slices.due) await slices.next()
    }
  }
}

/** `paths` (relative to the workspace root) newest first by modification time, then by path. */
export async function newestFirst(workspace: string, paths: string[], signal: AbortSignal): Promise<string[]> {
  const mtimes = await lstatEachBeneath(await realRootOf(workspace), paths, (st) => st.mtimeMs, signal)
  const mtime = (p: string) => mtimes.get(p) ?? 0
  return sortInSlices([...paths], (a, b) => mtime(b) - mtime(a) || (a < b ? -1 : a > b ? 1 : 0))
}
