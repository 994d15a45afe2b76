/**
 * Reaching a checked folder without following a link swapped in after the check. Every folder
 * from the real root down is opened through the one before it, never following a link, and names
 * are then used through /proc/self/fd/N/<name>, which the kernel resolves to that open folder
 * however the path to it changes (Node has no openat). A folder replaced by a link therefore fails
 * to open instead of leading elsewhere, and no answer depends on what lies outside the workspace.
 */
import { constants, promises as fs, readlinkSync, type Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { fail } from '../errors.js'
import { mapFsError } from './fs-errors.js'
import { errnoOf, isInside, relOf, segmentsOf } from './paths.js'
import { assertNotProtected } from './protected.js'

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants

export interface CheckedDir {
  /** The real path of the folder (server side; never show it to callers). */
  readonly real: string
  /** True when `at` reaches names through the open folder itself (/proc), not by path. */
  readonly viaProc: boolean
  /** The path that reaches this very folder's entry `name`: /proc/self/fd/N/name, or by path without /proc. */
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
 * The kernel's own name for an open descriptor's file (its path when opened, " (deleted)" after),
 * or null without /proc. readlink, not realpath: realpath would look that path up again, and
 * follow a folder swapped for a link since. Synchronous: /proc answers from memory, never from a
 * disk, and a thread-pool round trip cost more than the call.
 */
export function whereOpened(handle: FileHandle): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${handle.fd}`)
  } catch {
    return null
  }
}

/** Closes a folder the walk has moved on from, without waiting: the next step need not wait for it. */
export const closeLater = (dir: CheckedDir | null): void => void dir?.close().catch(() => undefined)

export const movedBehindLink = (rel: string): never =>
  fail('PATH_OUTSIDE_WORKSPACE', `${rel} changed while it was being opened: it is, or was, or passes through a symbolic link; access refused`)

/** Opens the folder at `where` without following a final link; a link, or a file, there is refused. */
async function openDirAt(where: string, rel: string): Promise<FileHandle> {
  try {
    return await fs.open(where, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
  } catch (err) {
    // O_DIRECTORY makes a final link ENOTDIR, not ELOOP: tell it from a file (a folder now was a link then).
    const link =
      errnoOf(err) === 'ELOOP' ||
      (await fs.lstat(where).then(
        (st) => st.isSymbolicLink() || st.isDirectory(),
        () => false,
      ))
    if (link) movedBehindLink(rel)
    if (errnoOf(err) === 'ENOTDIR') fail('INVALID_REQUEST', `${rel} is not a folder (a file is there, or it changed meanwhile)`)
    return mapFsError(err, rel)
  }
}

function checkedDir(handle: FileHandle, base: string | null, real: string): CheckedDir {
  const at = base ?? real
  return { real, viaProc: base !== null, at: (name) => path.join(at, name), close: () => handle.close(), sync: () => handle.sync() }
}

/**
 * Opens the folder at `where` (a path) that must really be `real`; refuses it when it is, or
 * passes through, a link. `rel` names it in messages.
 */
export async function openCheckedDir(where: string, real: string, rel: string): Promise<CheckedDir> {
  const handle = await openDirAt(where, rel)
  try {
    const base = await procPathOf(handle)
    if (base !== null && whereOpened(handle) !== real) movedBehindLink(rel)
    return checkedDir(handle, base, real)
  } catch (err) {
    await handle.close()
    throw err
  }
}

/**
 * Opens the folder `name` in `parent`. Through /proc/self/fd/N the kernel looks `name` up in the
 * open parent itself, and O_NOFOLLOW refuses a link there: nothing is left to check after.
 */
export async function openChild(parent: CheckedDir, name: string, rel: string): Promise<CheckedDir> {
  const real = path.join(parent.real, name)
  if (!parent.viaProc) return openCheckedDir(parent.at(name), real, rel)
  const handle = await openDirAt(parent.at(name), rel)
  return checkedDir(handle, `/proc/self/fd/${handle.fd}`, real)
}

/**
 * Opens the folder `dir` (a physical path under the real root `root`) one level at a time, each
 * through the folder opened before it. With `create`, missing folders are made on the way, each
 * inside its checked parent, so nothing is ever created where a swapped-in link leads. `rel`
 * names `dir` in messages as the caller spelt it.
 */
export async function openFolderBeneath(root: string, dir: string, opts: { create?: boolean; rel?: string } = {}): Promise<CheckedDir> {
  if (!isInside(root, dir)) movedBehindLink(opts.rel ?? relOf(root, dir))
  let folder = await openCheckedDir(root, root, '.')
  try {
    for (const seg of segmentsOf(relOf(root, dir))) {
      const cur = path.join(folder.real, seg)
      const rel = cur === dir && opts.rel !== undefined ? opts.rel : relOf(root, cur)
      if (opts.create === true) {
        assertNotProtected(rel, cur)
        await fs.mkdir(folder.at(seg)).catch((err: unknown) => errnoOf(err) === 'EEXIST' || mapFsError(err, rel))
      }
      const next = await openChild(folder, seg, rel)
      closeLater(folder)
      folder = next
    }
    return folder
  } catch (err) {
    await folder.close().catch(() => undefined)
    throw err
  }
}

/**
 * Calls `visit` with each folder from the real root down along `segs` (the root first, the folder
 * `segs` names last), each opened through the one before it. With `untilMissing`, a folder that is
 * missing (or a file) ends the walk quietly instead of failing it.
 */
export async function forEachFolderDown(
  root: string,
  segs: string[],
  visit: (folder: CheckedDir, depth: number) => Promise<void>,
  opts: { untilMissing?: boolean } = {},
): Promise<void> {
  let folder = await openCheckedDir(root, root, '.')
  try {
    for (let i = 0; ; i++) {
      await visit(folder, i)
      if (i === segs.length) return
      const next = await openChild(folder, segs[i], segs.slice(0, i + 1).join('/')).catch((err: { code?: string }) => {
        if (opts.untilMissing && (err.code === 'FILE_NOT_FOUND' || err.code === 'INVALID_REQUEST')) return null
        throw err
      })
      if (next === null) return
      closeLater(folder)
      folder = next
    }
  } finally {
    await folder.close()
  }
}

/** Runs `fn` with the folder `opening` opens, and closes it after, whatever `fn` does. */
export async function usingFolder<T>(opening: Promise<CheckedDir>, fn: (folder: CheckedDir) => Promise<T>): Promise<T> {
  const folder = await opening
  try {
    return await fn(folder)
  } finally {
    await folder.close()
  }
}

/** Runs `fn` with the checked folder that holds `real` and its name there; the folder is closed after. */
export async function inParentOf<T>(root: string, real: string, rel: string, fn: (folder: CheckedDir, name: string) => Promise<T>): Promise<T> {
  if (real === root) fail('INVALID_REQUEST', `${rel} is the workspace root folder; pass the path of something inside it`)
  return usingFolder(openFolderBeneath(root, path.dirname(real)), (folder) => fn(folder, path.basename(real)))
}

/** lstat of a checked path reached through its checked folders; a link there now means it was swapped. */
export async function lstatBeneath(root: string, real: string, rel: string): Promise<Stats> {
  if (real === root) return fs.lstat(root)
  return inParentOf(root, real, rel, async (folder, name) => {
    const st = await fs.lstat(folder.at(name)).catch((err: unknown) => mapFsError(err, rel))
    return st.isSymbolicLink() ? movedBehindLink(rel) : st
  })
}
