/** Reading a notebook file from the caller's workspace, through the workspace guard; it is parsed off the event loop (off-thread.ts). */
import type { Stats } from 'node:fs'
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
    const bytes = await readWithin(file.handle, MAX_NOTEBOOK_BYTES, file.rel, file.stat.size)
    return { rel: file.rel, bytes, stat: file.stat, real: file.real, root: file.root }
  } finally {
    await file.handle.close()
  }
}
