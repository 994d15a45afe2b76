/**
 * A key's workspace is a real folder below the server's workspace: no part of its path may be a
 * symbolic link, wherever the link leads (/etc, another tenant's folder, or back inside). A link
 * is refused when the key is created (400) and, should one appear later, when the key is used (403):
 * the tools confine a caller to the real path of its workspace, so a link there would move them.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fail } from '../errors.js'
import { mapFsError } from '../workspace/fs-errors.js'
import { climbsAbove, errnoOf, isInside, relOf, segmentsOf } from '../workspace/paths.js'
import { assertNotProtected } from '../workspace/protected.js'

const shown = (sub: string) => JSON.stringify(sub.length > 200 ? `${sub.slice(0, 200)}…` : sub)

/** The lexical folder `sub` names below the real root `root`; refuses `..` and absolute paths out of it. */
export function keyWorkspacePath(root: string, sub: string): string {
  if (sub.includes('\0')) fail('INVALID_REQUEST', 'Key workspace contains a NUL byte; name a folder inside the server workspace')
  const dir = path.resolve(root, sub)
  // A `..` above the root is refused even if it comes back in, as the path guard refuses it.
  if (!isInside(root, dir) || (!path.isAbsolute(sub) && climbsAbove(sub)))
    fail('PATH_OUTSIDE_WORKSPACE', `Key workspace ${shown(sub)} is outside the server workspace`)
  return dir
}

/**
 * Creates the key workspace `sub` one folder at a time (never through a link, whatever the folders
 * are swapped for meanwhile) and returns its path relative to the root.
 */
export function createKeyWorkspace(root: string, sub: string): string {
  const dir = keyWorkspacePath(root, sub)
  assertNotProtected(`Key workspace ${shown(sub)}`, dir)
  let cur = root
  for (const seg of segmentsOf(relOf(root, dir))) {
    cur = path.join(cur, seg)
    try {
      fs.mkdirSync(cur)
    } catch (err) {
      if (errnoOf(err) !== 'EEXIST') mapFsError(err, relOf(root, cur))
    }
    // lstat: a link is refused even when it leads to a folder inside the workspace.
    const st = fs.lstatSync(cur)
    if (st.isSymbolicLink()) {
      fail('INVALID_REQUEST', `Key workspace ${shown(sub)} passes through ${relOf(root, cur)}, a symbolic link; name the real folder instead`, {
        details: { workspace: sub },
      })
    }
    if (!st.isDirectory()) fail('INVALID_REQUEST', `Key workspace ${shown(sub)}: ${relOf(root, cur)} is a file, not a folder`, { details: { workspace: sub } })
  }
  assertKeyWorkspace(root, dir)
  return relOf(root, dir) === '.' ? '' : relOf(root, dir)
}

/**
 * At every use: the key's workspace `dir` (lexical, below the real root) must still be its own real
 * path. One realpath call when it is; a missing folder passes (the tools say it is missing) unless
 * the path to it goes through a link.
 */
export function assertKeyWorkspace(root: string, dir: string): void {
  if (dir === root) return
  // A key confined to the data folder would reach it through the shell, where nothing hides it.
  assertNotProtected("This key's workspace", dir)
  let real: string
  try {
    real = fs.realpathSync.native(dir)
  } catch (err) {
    if (errnoOf(err) === 'ENOENT' && !throughLink(root, dir)) return
    linked()
    return
  }
  if (real !== dir) linked()
}

const linked = (): never =>
  fail(
    'PATH_OUTSIDE_WORKSPACE',
    "This key's workspace folder has been replaced by a symbolic link (or moved behind one); access refused. Ask an admin to restore the folder or issue a new key",
  )

function throughLink(root: string, dir: string): boolean {
  let cur = root
  for (const seg of segmentsOf(relOf(root, dir))) {
    cur = path.join(cur, seg)
    try {
      if (fs.lstatSync(cur).isSymbolicLink()) return true
    } catch {
      return false
    }
  }
  return false
}
