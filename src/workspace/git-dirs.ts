/**
 * Writes never go into a git directory, whatever it is called: a `.git` file can make any folder
 * a repository's git directory, and a file written there (config, hooks, commondir, alternates)
 * is how a repository is turned against the tools that read it. A folder counts as one when it
 * holds what git needs to take it for one: a HEAD, and objects (of any kind) or a commondir.
 */
import { promises as fs, type Stats } from 'node:fs'
import { fail } from '../errors.js'
import { type CheckedDir, forEachFolderDown } from './checked-dir.js'
import { isInside, relOf, segmentsOf } from './paths.js'

const PARTS = ['HEAD', 'objects', 'refs', 'commondir']
type Parts = Map<string, Stats | null>

/** What of git's own names a folder holds, looked at through the open folder. */
async function partsIn(folder: CheckedDir): Promise<Parts> {
  const found = await Promise.all(PARTS.map((n) => fs.lstat(folder.at(n)).catch(() => null)))
  return new Map(PARTS.map((n, i) => [n, found[i]]))
}

// git asks only that `objects` be accessible (setup.c: access(X_OK)): a link, an executable file or a pipe there counts too.
const looksLikeGitDir = (parts: Parts): boolean => parts.get('HEAD') != null && (parts.get('objects') != null || parts.get('commondir') != null)

/** Writing one of git's own names beside another would make (or finish making) a git directory. */
function wouldMakeGitDir(name: string, parts: Parts): boolean {
  const lower = name.toLowerCase()
  if (!PARTS.some((p) => p.toLowerCase() === lower)) return false
  return PARTS.some((p) => p.toLowerCase() !== lower && parts.get(p) != null)
}

/**
 * git's names in each folder from the root down to the one holding `target`, reached through
 * checked folders (checked-dir.ts), so a folder swapped for a link is refused, never looked into.
 * Stops at the first folder that does not exist (yet).
 */
async function partsOnTheWay(root: string, segs: string[]): Promise<Parts[]> {
  const levels: Parts[] = []
  await forEachFolderDown(
    root,
    segs.slice(0, -1),
    async (folder) => {
      levels.push(await partsIn(folder))
    },
    { untilMissing: true },
  )
  return levels
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
  if (target === root || !isInside(root, target)) return
  const segs = segmentsOf(relOf(root, target))
  const levels = await partsOnTheWay(root, segs)
  // Every folder on the way counts (`mkdir -p a/refs/heads` creates `a/refs` too), the deepest first.
  for (let i = levels.length - 1; i >= 0; i--) {
    if (wouldMakeGitDir(segs[i], levels[i])) refuse(shown, 'would make its folder a git directory')
    if (looksLikeGitDir(levels[i])) refuse(shown, 'is inside a git directory')
  }
}

/**
 * Refuses (as above) writing `paths` (relative, one batch: a patch) when together they would give
 * one folder two of git's names, which each alone, checked against the disk, would not.
 */
export function assertNoGitDirAmong(paths: readonly string[]): void {
  const names = new Map<string, Set<string>>() // folder → git's names the batch puts there
  for (const p of paths) {
    const segs = segmentsOf(p)
    for (const [i, seg] of segs.entries()) {
      const name = seg.toLowerCase()
      if (!PARTS.some((part) => part.toLowerCase() === name)) continue
      const folder = segs.slice(0, i).join('/')
      const here = names.get(folder) ?? new Set<string>()
      names.set(folder, here.add(name))
      if (here.size > 1) refuse(p, 'would make its folder a git directory, with the other files of the patch')
    }
  }
}
