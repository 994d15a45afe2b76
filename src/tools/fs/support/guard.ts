/**
 * What the file tools need from the workspace guard beyond opening files: the checks a write
 * would make, without writing (dry runs must refuse what the real call would refuse), and folders
 * opened so that a link swapped in after the check cannot redirect the operation. On Linux an
 * open folder is reached again as /proc/self/fd/N, which stays on the very folder that was checked.
 */
import { constants, promises as fs, type Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { fail } from '../../../errors.js'
import { assertAllowed, type BlockPolicy, type Resolution } from '../../../workspace/index.js'
import { mapFsError } from '../../../workspace/fs-errors.js'
import { verifyOpened } from '../../../workspace/verify.js'
import { procPathOf } from '../../../workspace/checked-dir.js'

/** The checks writeFileInside makes before writing; returns the resolution and what exists there. */
export async function planWrite(root: string, userPath: string, policy: BlockPolicy): Promise<{ res: Resolution; existing: Stats | null }> {
  const res = await assertAllowed(root, userPath, 'write', { allowMissing: true, policy })
  if (res.real === null) return { res, existing: null }
  const st = await fs.stat(res.real).catch((err: unknown) => mapFsError(err, res.rel))
  if (st.isDirectory()) fail('INVALID_REQUEST', `${res.rel} is a directory; pass the path of a file`)
  if (!st.isFile()) fail('INVALID_REQUEST', `${res.rel} is not a regular file; pass a file path`)
  return { res, existing: st }
}

export interface OpenedDir {
  handle: FileHandle
  /** A path that reaches the opened folder itself (/proc/self/fd/N), or its checked real path. */
  path: string
}

/**
 * Opens the folder `real` (already resolved by the guard, `rel` as the caller named it) without
 * following a final link, and checks where the descriptor really is. The caller closes it.
 */
export async function openDir(root: string, real: string, rel: string, mode: 'read' | 'write', policy: BlockPolicy): Promise<OpenedDir> {
  const flags = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW
  const handle = await fs.open(real, flags).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') fail('INVALID_REQUEST', `${rel} is not a folder; pass the path of a folder`)
    return mapFsError(err, rel)
  })
  try {
    await verifyOpened(handle, root, real, rel, mode, policy)
    return { handle, path: (await procPathOf(handle)) ?? real }
  } catch (err) {
    await handle.close().catch(() => undefined)
    throw err
  }
}
