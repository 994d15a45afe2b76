/**
 * Creating things in a folder without following a link swapped in meanwhile. The folder is opened
 * once (no final link followed) and checked to be the very path the guard accepted; names are then
 * created through /proc/self/fd/N/<name>, which the kernel resolves to that open folder, however
 * the path to it is changed (Node has no mkdirat/openat). A path would be looked up again on each
 * call, and a folder swapped for a link by another process would put the new entry elsewhere.
 */
import { constants, promises as fs } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { fail } from '../errors.js'
import { mapFsError } from './fs-errors.js'
import { errnoOf } from './paths.js'

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants

export interface CheckedDir {
  /** The path that reaches this very folder: /proc/self/fd/N, or the folder's path without /proc. */
  readonly at: (name: string) => string
  close(): Promise<void>
  sync(): Promise<void>
}

let procWorks: boolean | undefined

/** /proc/self/fd/N for an open folder, which reaches that very folder; null without /proc. */
export async function procPathOf(handle: FileHandle): Promise<string | null> {
  procWorks ??= await fs.stat(`/proc/self/fd/${handle.fd}`).then(
    (s) => s.isDirectory(),
    () => false,
  )
  return procWorks ? `/proc/self/fd/${handle.fd}` : null
}

/**
 * Opens the folder at `where` (its path, or a name in a CheckedDir) that must really be `real`;
 * refuses it when it is, or passes through, a link. `rel` names it in messages.
 */
export async function openCheckedDir(where: string, real: string, rel: string): Promise<CheckedDir> {
  let handle: FileHandle
  try {
    handle = await fs.open(where, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
  } catch (err) {
    // O_DIRECTORY makes a final link ENOTDIR, not ELOOP: tell it from a file.
    const link =
      errnoOf(err) === 'ELOOP' ||
      (await fs.lstat(where).then(
        (st) => st.isSymbolicLink(),
        () => false,
      ))
    if (link) movedBehindLink(rel)
    if (errnoOf(err) === 'ENOTDIR') fail('INVALID_REQUEST', `${rel} is not a folder (a file is there, or it changed while it was being written)`)
    return mapFsError(err, rel)
  }
  let base: string | null
  try {
    base = await procPathOf(handle)
    if (base !== null && (await fs.realpath(base)) !== real) movedBehindLink(rel)
  } catch (err) {
    await handle.close()
    throw err
  }
  base ??= real
  return { at: (name) => path.join(base, name), close: () => handle.close(), sync: () => handle.sync() }
}

export const movedBehindLink = (rel: string): never =>
  fail('PATH_OUTSIDE_WORKSPACE', `${rel} changed while it was being written and now is, or passes through, a symbolic link; nothing was written there`)
