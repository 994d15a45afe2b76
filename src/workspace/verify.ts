/**
 * Checks made after a descriptor is open, and the folder a write lands in. Files are opened through
 * checked folders (checked-dir.ts); asking the kernel where the open descriptor really lives
 * (/proc/self/fd) checks the result once more, and is the only check on systems without /proc.
 */
import { promises as fs, type Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { fail } from '../errors.js'
import { assertNotBlocked, type AccessMode, type BlockPolicy } from './blocked.js'
import { openFolderBeneath, whereOpened, type CheckedDir } from './checked-dir.js'
import { isInside, relOf } from './paths.js'
import { assertNotProtected } from './protected.js'

const swapped = (rel: string): never =>
  fail('PATH_OUTSIDE_WORKSPACE', `${rel} changed while it was being opened and now leads outside the workspace; access refused`)

/**
 * Verifies that an opened descriptor is inside `root` (real root) and not blocked. Uses
 * /proc/self/fd on Linux; without /proc, compares device and inode with the checked path.
 */
export async function verifyOpened(handle: FileHandle, root: string, checked: string, rel: string, mode: AccessMode, policy?: BlockPolicy): Promise<Stats> {
  const actual = whereOpened(handle)
  const st = await handle.stat()
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

/** Creates the folder `dir` (a physical path under the real root) and any missing parents (checked-dir.ts). */
export async function mkdirInside(root: string, dir: string): Promise<void> {
  await (await openFolderBeneath(root, dir, { create: true })).close()
}

/** Opens the folder that will hold `target`, creating it when asked; a missing one is named in the error. */
export async function openParentFolder(root: string, target: string, createParents: boolean): Promise<CheckedDir> {
  if (target === root) fail('INVALID_REQUEST', 'That is the workspace root folder; pass the path of a file inside it')
  const parent = path.dirname(target)
  if (createParents) return openFolderBeneath(root, parent, { create: true })
  return openFolderBeneath(root, parent).catch((err: { code?: string }) => {
    if (err.code !== 'FILE_NOT_FOUND') throw err
    return fail('FILE_NOT_FOUND', `Folder not found: ${relOf(root, parent)}; create it first or ask for parent folders to be created`)
  })
}
