/** Reading a notebook file from the caller's workspace, through the workspace guard; it is parsed off the event loop (off-thread.ts). */
import type { Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { openForRead, readWithin, type BlockPolicy } from '../workspace/index.js'

/** Notebooks larger than this are refused (FILE_TOO_LARGE) rather than parsed in memory. */
export const MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024

export interface NotebookFile {
  /** The path relative to the workspace root, as the caller named it. */
  rel: string
  /** The file's bytes, as read. */
  bytes: Buffer
  stat: Stats
  /** Real path (server side; never shown to callers). */
  real: string
  /** Real path of the workspace root. */
  root: string
}

/** Opens and reads a notebook: FILE_NOT_FOUND, PATH_* refusals or FILE_TOO_LARGE. */
export async function readNotebook(root: string, userPath: string, policy?: BlockPolicy): Promise<NotebookFile> {
  const file = await openForRead(root, userPath, { maxBytes: MAX_NOTEBOOK_BYTES, policy })
  try {
    const bytes = await readAll(file.handle, file.stat.size, file.rel)
    return { rel: file.rel, bytes, stat: file.stat, real: file.real, root: file.root }
  } finally {
    await file.handle.close()
  }
}

/** The whole file into one buffer sized by its stat (no copies on the server's thread); FILE_TOO_LARGE if it grew past the limit meanwhile. */
export async function readAll(handle: FileHandle, size: number, rel: string): Promise<Buffer> {
  const buf = Buffer.allocUnsafeSlow(size + 1) // one byte more: a file that grew is told apart
  let total = 0
  for (;;) {
    const { bytesRead } = await handle.read(buf, total, buf.length - total, total)
    total += bytesRead
    if (bytesRead === 0 || total === buf.length) break
  }
  if (total <= size) return buf.subarray(0, total)
  return readWithin(handle, MAX_NOTEBOOK_BYTES, rel) // it grew: read it again, within the limit
}
