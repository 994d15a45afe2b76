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
  const [head, objects, commondir] = await Promise.all(
    ['HEAD', 'objects', 'commondir'].map((n) => fs.lstat(path.join(dir, n)).catch(() => null)))
  return head !== null && (objects?.isDirectory() === true || commondir !== null)
}

/** Refuses (403 PATH_BLOCKED, rule git-dir) a write to `target` when a folder above it, up to `root`, is a git directory. */
export async function assertNotInGitDir(root: string, target: string, shown: string): Promise<void> {
  for (let dir = path.dirname(target); isInside(root, dir); dir = path.dirname(dir)) {
    if (await looksLikeGitDir(dir)) {
      fail('PATH_BLOCKED',
        `Access denied: ${shown} is inside a git directory (git-dir); files there cannot be written through tools, so choose another path`,
        { details: { path: shown, rule: 'git-dir', mode: 'write' } })
    }
    if (dir === root) return
  }
}
