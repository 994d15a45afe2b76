/**
 * Checks made after a descriptor is open, and safe folder creation. A path checked a moment ago
 * can be swapped for a symlink before open(); O_NOFOLLOW covers the last component, and asking
 * the kernel where the open descriptor really lives (/proc/self/fd) covers every other one.
 */
import { promises as fs, type Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { fail } from '../errors.js'
import { assertNotBlocked, type AccessMode, type BlockPolicy } from './blocked.js'
import { mapFsError } from './fs-errors.js'
import { openCheckedDir } from './checked-dir.js'
import { errnoOf, isInside, relOf, segmentsOf } from './paths.js'
import { assertNotProtected } from './protected.js'

const swapped = (rel: string): never =>
  fail('PATH_OUTSIDE_WORKSPACE', `${rel} changed while it was being opened and now leads outside the workspace; access refused`)

/**
 * Verifies that an opened descriptor is inside `root` (real root) and not blocked. Uses
 * /proc/self/fd on Linux; without /proc, compares device and inode with the checked path.
 */
export async function verifyOpened(handle: FileHandle, root: string, checked: string, rel: string, mode: AccessMode, policy?: BlockPolicy): Promise<Stats> {
  // Two independent questions about the same descriptor: asked together.
  const [st, actual] = await Promise.all([handle.stat(), fs.realpath(`/proc/self/fd/${handle.fd}`).catch(() => null)])
  if (actual !== null && path.isAbsolute(actual)) {
    if (!isInside(root, actual)) swapped(rel)
    assertNotProtected(rel, actual)
    assertNotBlocked(rel, relOf(root, actual), mode, policy)
    return st
  }
  let expected: Stats
  try {
    expected = await fs.stat(checked)
  } catch {
    return swapped(rel)
  }
  if (expected.dev !== st.dev || expected.ino !== st.ino) swapped(rel)
  return st
}

/**
 * Creates the folder `dir` (a physical path under the real root) and any missing parents, one
 * level at a time inside the folder opened before it (checked-dir.ts): a folder swapped for a link
 * meanwhile is refused, and nothing is created where it leads.
 */
export async function mkdirInside(root: string, dir: string): Promise<void> {
  if (!isInside(root, dir)) swapped(relOf(root, dir))
  let parent = await openCheckedDir(root, root, '.')
  try {
    let cur = root
    for (const seg of segmentsOf(relOf(root, dir))) {
      cur = path.join(cur, seg)
      const rel = relOf(root, cur)
      assertNotProtected(rel, cur)
      await fs.mkdir(parent.at(seg)).catch((err: unknown) => errnoOf(err) === 'EEXIST' || mapFsError(err, rel))
      const next = await openCheckedDir(parent.at(seg), cur, rel)
      await parent.close()
      parent = next
    }
  } finally {
    await parent.close()
  }
}

/** Makes sure the folder that will hold `target` exists, creating it when asked. */
export async function ensureParent(root: string, target: string, createParents: boolean): Promise<void> {
  const parent = path.dirname(target)
  if (createParents) return mkdirInside(root, parent)
  try {
    if ((await fs.stat(parent)).isDirectory()) return
  } catch {
    // reported below
  }
  fail('FILE_NOT_FOUND', `Folder not found: ${relOf(root, parent)}; create it first or ask for parent folders to be created`)
}
