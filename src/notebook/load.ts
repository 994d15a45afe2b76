/** Reading a notebook file from the caller's workspace, through the workspace guard. */
import type { Stats } from 'node:fs'
import { fail } from '../errors.js'
import { openForRead, readWithin, type BlockPolicy } from '../workspace/index.js'
import { parseNotebook, type Parsed } from './model.js'

/** Notebooks larger than this are refused (FILE_TOO_LARGE) rather than parsed in memory. */
export const MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024

export interface LoadedNotebook {
  /** The path relative to the workspace root, as the caller named it. */
  rel: string
  /** The file's text, as read. */
  text: string
  parsed: Parsed
  stat: Stats
  /** Real path (server side; never shown to callers). */
  real: string
  /** Real path of the workspace root. */
  root: string
}

/** Opens, reads and parses a notebook: FILE_NOT_FOUND, PATH_* refusals, FILE_TOO_LARGE or INVALID_NOTEBOOK. */
export async function loadNotebook(root: string, userPath: string, policy?: BlockPolicy): Promise<LoadedNotebook> {
  const file = await openForRead(root, userPath, { maxBytes: MAX_NOTEBOOK_BYTES, policy })
  let bytes: Buffer
  try {
    bytes = await readWithin(file.handle, MAX_NOTEBOOK_BYTES, file.rel)
  } finally {
    await file.handle.close()
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return fail('INVALID_NOTEBOOK', `${file.rel} is not a valid Jupyter notebook: it is not UTF-8 text`, { details: { notebook_path: file.rel } })
  }
  return { rel: file.rel, text, parsed: parseNotebook(text, file.rel), stat: file.stat, real: file.real, root: file.root }
}
