/**
 * The common case in one descent: a relative path with no link on it. Opening its folders from the
 * root, each through the one before and never following a link (checked-dir.ts), proves there is
 * none, so the link-following resolution (resolve.ts) and its own descent are not needed. Anything
 * else (a link, a missing folder, `..` out, a blocked or protected name, no /proc) gives null, and
 * the full guard then decides, so its refusals and their wording stay its own. The one answer
 * given here is its not-found, for a last name missing from a plain folder (open.ts).
 */
import path from 'node:path'
import { isBlocked, type AccessMode, type BlockPolicy } from './blocked.js'
import { closeLater, openFolderBeneath, type CheckedDir } from './checked-dir.js'
import { climbsAbove, isInside, relOf } from './paths.js'
import { protectedHit } from './protected.js'

export interface PlainPath {
  /** Posix path relative to the root, normalised as resolve.ts normalises it. */
  rel: string
  /** The root joined with `rel`: once its folders are opened plainly, also its real path. */
  abs: string
  /** The workspace root as given, resolved; openPlainFolder proves it is its own real path. */
  root: string
}

/** `userPath` when it is relative, below the root, and neither blocked nor protected as written; else null. */
export function plainPath(root: string, userPath: unknown, mode: AccessMode, policy?: BlockPolicy): PlainPath | null {
  if (typeof userPath !== 'string' || userPath === '' || userPath.includes('\0') || path.isAbsolute(userPath) || climbsAbove(userPath)) return null
  const lexRoot = path.resolve(root)
  const abs = path.resolve(lexRoot, userPath) // `..` lexically, as lexicalRel in resolve.ts
  if (abs === lexRoot || !isInside(lexRoot, abs)) return null
  const rel = relOf(lexRoot, abs)
  if (isBlocked(rel, mode, policy) !== null || protectedHit(abs) !== undefined) return null
  return { rel, abs, root: lexRoot }
}

/**
 * The folder `dir` (under `root`), every folder from the root down opened without following a
 * link, the root checked to be its own real path (openCheckedDir); null when one is a link, is
 * missing or is not a folder, or without /proc (where names are reached by path, not descriptor).
 */
export async function openPlainFolder(root: string, dir: string): Promise<CheckedDir | null> {
  const folder = await openFolderBeneath(root, dir).catch(() => null)
  if (folder?.viaProc === false) {
    closeLater(folder)
    return null
  }
  return folder
}
