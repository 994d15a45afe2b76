/**
 * Writes never go into a git directory, whatever it is called: a `.git` file can make any folder
 * a repository's git directory, and a file written there (config, hooks, commondir, alternates)
 * is how a repository is turned against the tools that read it. A folder counts as one when it
 * holds what git needs to take it for one: a HEAD, and objects or a commondir.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fail } from '../errors.js'
import { isInside } from './paths.js'

async function looksLikeGitDir(dir: string): Promise<boolean> {
  const [head, objects, commondir] = await Promise.all(['HEAD', 'objects', 'commondir'].map((n) => fs.lstat(path.join(dir, n)).catch(() => null)))
  return head !== null && (objects?.isDirectory() === true || commondir !== null)
}

const PARTS = ['HEAD', 'objects', 'refs', 'commondir']

/** Writing one of git's own names beside another would make (or finish making) a git directory. */
async function wouldMakeGitDir(target: string): Promise<boolean> {
  const name = path.basename(target).toLowerCase()
  if (!PARTS.some((p) => p.toLowerCase() === name)) return false
  const others = PARTS.filter((p) => p.toLowerCase() !== name)
  const found = await Promise.all(others.map((n) => fs.lstat(path.join(path.dirname(target), n)).catch(() => null)))
  return found.some((st) => st !== null)
}

const refuse = (shown: string, why: string): never =>
  fail('PATH_BLOCKED', `Access denied: ${shown} ${why} (git-dir); such files cannot be written through tools, so choose another path`, {
    details: { path: shown, rule: 'git-dir', mode: 'write' },
  })

/**
 * Refuses (403 PATH_BLOCKED, rule git-dir) a write to `target` when a folder above it, up to
 * `root`, is a git directory, or when the write would make a folder on its way one.
 */
export async function assertNotInGitDir(root: string, target: string, shown: string): Promise<void> {
  // Every folder on the way counts: `mkdir -p a/refs/heads` creates `a/refs` too.
  for (let p = target; p !== root && isInside(root, p); p = path.dirname(p)) {
    if (await wouldMakeGitDir(p)) refuse(shown, 'would make its folder a git directory')
    if (await looksLikeGitDir(path.dirname(p))) refuse(shown, 'is inside a git directory')
  }
}
