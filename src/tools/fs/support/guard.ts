/**
 * What the file tools need from the workspace guard beyond opening files: the checks a write
 * would make, without writing (dry runs must refuse what the real call would refuse), and folders
 * opened so that a link swapped in after the check cannot redirect the operation. On Linux an
 * open folder is reached again as /proc/self/fd/N, which stays on the very folder that was checked.
 */
import type { Stats } from 'node:fs'
import { fail } from '../../../errors.js'
import { assertAllowed, assertNotBlocked, openPlainFolder, plainPath, relOf, type BlockPolicy, type Resolution } from '../../../workspace/index.js'
import { lstatBeneath, openFolderBeneath, type CheckedDir } from '../../../workspace/checked-dir.js'

/** The checks writeFileInside makes before writing; returns the resolution and what exists there. */
export async function planWrite(root: string, userPath: string, policy: BlockPolicy): Promise<{ res: Resolution; existing: Stats | null }> {
  const res = await assertAllowed(root, userPath, 'write', { allowMissing: true, policy })
  if (res.real === null) return { res, existing: null }
  const st = await lstatBeneath(res.root, res.real, res.rel)
  if (st.isDirectory()) fail('INVALID_REQUEST', `${res.rel} is a directory; pass the path of a file`)
  if (!st.isFile()) fail('INVALID_REQUEST', `${res.rel} is not a regular file; pass a file path`)
  return { res, existing: st }
}

/**
 * Opens the folder `real` (already resolved by the guard, `rel` as the caller named it) through
 * its checked parents (checked-dir.ts). The caller closes it.
 */
export async function openDir(root: string, real: string, rel: string, mode: 'read' | 'write', policy: BlockPolicy): Promise<CheckedDir> {
  assertNotBlocked(rel, relOf(root, real), mode, policy)
  return openFolderBeneath(root, real, { rel }).catch((err: { code?: string; message?: string }) => {
    if (err.code === 'INVALID_REQUEST' && err.message?.includes('is not a folder')) fail('INVALID_REQUEST', `${rel} is not a folder; pass the path of a folder`)
    throw err
  })
}

/**
 * A folder to read, as the caller named it: a path without links opened in one descent
 * (workspace/plain.ts), any other resolved by the full guard first. The caller closes `dir`.
 */
export async function openFolderToRead(root: string, userPath: string, policy: BlockPolicy): Promise<{ dir: CheckedDir; rel: string; real: string }> {
  const plain = plainPath(root, userPath, 'read', policy)
  const dir = plain && (await openPlainFolder(plain.root, plain.abs))
  if (plain && dir) return { dir, rel: plain.rel, real: plain.abs }
  const res = await assertAllowed(root, userPath, 'read', { policy })
  return { dir: await openDir(res.root, res.real as string, res.rel, 'read', policy), rel: res.rel, real: res.real as string }
}
