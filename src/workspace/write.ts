/**
 * writeFileInside: whole-file writes that readers never see half done. The data goes to a fresh
 * temp file (O_EXCL) in the target's own checked folder, is fsynced, then renamed over the
 * target; the existing file's mode is kept. A symlink at the final component is never followed:
 * the write lands at its checked real location, and the link stays as it is.
 */
import { constants, promises as fs } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fail } from '../errors.js'
import { assertAllowed, type BlockPolicy } from './blocked.js'
import { mapFsError } from './fs-errors.js'
import { writeAll, toBuffer } from './open.js'
import { openParentFolder, verifyOpened } from './verify.js'

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants

export interface WriteOptions {
  policy?: BlockPolicy
  createParents?: boolean
  /** Mode for a new file (the process umask applies); an existing file keeps its own mode. */
  mode?: number
}

export interface WriteResult {
  /** Path relative to the workspace root, as the caller named it. */
  rel: string
  bytes: number
  /** True when the file did not exist before. */
  created: boolean
}

/** The mode of the file being replaced; anything but a regular file is refused. */
async function modeOfExisting(at: string, rel: string): Promise<number> {
  const st = await fs.lstat(at).catch((err: unknown) => mapFsError(err, rel))
  if (st.isDirectory()) fail('INVALID_REQUEST', `${rel} is a directory; pass the path of a file`)
  if (!st.isFile()) fail('INVALID_REQUEST', `${rel} is not a regular file; pass a file path`)
  return st.mode & 0o7777
}

export async function writeFileInside(root: string, userPath: string, data: string | Uint8Array, opts: WriteOptions = {}): Promise<WriteResult> {
  const res = await assertAllowed(root, userPath, 'write', { allowMissing: true, policy: opts.policy })
  // Created, renamed and synced inside the checked folder itself (checked-dir.ts).
  const folder = await openParentFolder(res.root, res.target, opts.createParents === true)
  try {
    const name = path.basename(res.target)
    const keepMode = res.real === null ? null : await modeOfExisting(folder.at(name), res.rel)
    const tmp = `.${name}.${randomBytes(6).toString('hex')}.tmp`
    const buf = toBuffer(data)
    const flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
    const handle = await fs.open(folder.at(tmp), flags, keepMode === null ? (opts.mode ?? 0o666) : 0o600).catch((err: unknown) => mapFsError(err, res.rel))
    let renamed = false
    try {
      // the temp file must be where the checked folder is; its name is ours, so only the folder matters
      await verifyOpened(handle, res.root, path.join(folder.real, tmp), res.rel, 'write', { read: [], write: [] })
      await writeAll(handle, buf)
      if (keepMode !== null) await handle.chmod(keepMode)
      await handle.sync()
      await handle.close()
      await fs.rename(folder.at(tmp), folder.at(name)).catch((err: unknown) => mapFsError(err, res.rel))
      renamed = true
    } finally {
      if (!renamed) {
        await handle.close().catch(() => undefined)
        await fs.unlink(folder.at(tmp)).catch(() => undefined)
      }
    }
    // Best effort: persist the rename itself (some file systems refuse fsync on folders).
    await folder.sync().catch(() => undefined)
    return { rel: res.rel, bytes: buf.length, created: res.real === null }
  } finally {
    await folder.close()
  }
}
