/**
 * What bwrap binds into a sandbox (the workspace, a repository, rg's files) is opened by the server
 * first and checked to be its own real path; bwrap then binds what each descriptor is. Given a
 * path instead, bwrap would look it up again when it starts, and a folder swapped for a link in
 * between (by another process writing in the workspace) would bind the link's target: a host
 * folder, read-write, inside the sandbox.
 */
import fs from 'node:fs'
import { codedError, fail } from '../errors.js'

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants

/** The descriptor number the child gets for the first source: after stdin, stdout and stderr. */
export const FIRST_SOURCE_FD = 3

// One answer whether a folder was removed or swapped for a link: which of the two happened can
// depend on whether the place the link points to exists, and that must not show.
export const folderChanged = () =>
  codedError(
    'PATH_OUTSIDE_WORKSPACE',
    'A folder this command needs changed while it was being started: it was removed, or is now (or passes through) a symbolic link. Nothing was run',
  )
const changed = (): never => {
  throw folderChanged()
}

/** Opens one source without following a final link (O_NONBLOCK: a FIFO never blocks the open). */
function openSource(p: string): number {
  try {
    return fs.openSync(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ELOOP') changed()
    if (code === 'ENOENT' || code === 'ENOTDIR') changed()
    if (code === 'EACCES' || code === 'EPERM')
      fail('PATH_BLOCKED', 'The operating system does not let the server open a folder this command needs. Nothing was run')
    if (code === 'ENXIO') fail('INVALID_REQUEST', 'A folder this command needs is a socket or a device, not a folder. Nothing was run')
    throw err
  }
}

/** The kernel's name for an open descriptor's file; readlink, as realpath would look it up again (checked-dir.ts). */
function realOf(fd: number): string | null {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`)
  } catch {
    return null
  }
}

/** Opens every source, each checked to be its own real path; on any failure none is left open. */
export function openSources(paths: readonly string[]): number[] {
  const fds: number[] = []
  try {
    for (const p of paths) {
      fds.push(openSource(p))
      const real = realOf(fds[fds.length - 1])
      if (real !== p) changed()
    }
    return fds
  } catch (err) {
    closeSources(fds)
    throw err
  }
}

export function closeSources(fds: readonly number[]): void {
  for (const fd of fds) fs.closeSync(fd)
}
