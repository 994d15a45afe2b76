/**
 * resolveInside: the one answer to "which file does this caller-supplied path name, and is it in
 * the workspace?". Lexical checks (NUL, `..`, absolute paths, prefix siblings) come first; then
 * the path is followed from the real root, link by link, so symlinks to the outside,
 * including dangling ones and chains, are refused before anything is opened or created.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fail } from '../errors.js'
import { climbsAbove, isInside, relOf } from './paths.js'
import { assertNotProtected } from './protected.js'
import { viaRootSpellings } from './root-spellings.js'
import { outside, walk } from './walk.js'

export interface Resolution {
  /** Lexical absolute path: the real root joined with `rel`. */
  abs: string
  /** Posix path relative to the real root, as the caller wrote it once normalised ('.' = root). */
  rel: string
  /** Real path of the target when it exists, else null. */
  real: string | null
  /** Physical path operations must use: `real`, or where a missing target would be created. */
  target: string
  /** `target` relative to the real root. */
  targetRel: string
  /** Real path of the workspace root. */
  root: string
}

export interface ResolveOptions {
  /** Accept a target that does not exist yet (writes); its deepest existing folder is checked. */
  allowMissing?: boolean
}

/**
 * Real path of the workspace root, which must be its own real path: the server names every
 * workspace so (resolved at start, a key's folder made without links). One that now leads
 * elsewhere was swapped for a link, e.g. by another key's shell writing in a parent folder, and
 * following it would confine the call to wherever the link points.
 */
export async function realRootOf(root: string): Promise<string> {
  const given = path.resolve(root)
  let real: string
  try {
    real = await fs.realpath(given)
  } catch {
    return fail('FILE_NOT_FOUND', 'The workspace folder does not exist; ask the operator to create it or fix the workspace setting')
  }
  if (real !== given) {
    fail(
      'PATH_OUTSIDE_WORKSPACE',
      'The workspace folder has been replaced by a symbolic link (or moved behind one); access refused. Ask an admin to restore the folder',
    )
  }
  return real
}

/**
 * An absolute caller path, relative to the real root, decided lexically: spelt with the root (real,
 * or as given) or a registered spelling of a server root (root-spellings.ts) that maps inside.
 * Never followed through host links: that told callers what exists outside, and looked up host
 * paths they chose.
 */
function absoluteRel(input: string, lexRoot: string, realRoot: string): string {
  const norm = path.resolve(input)
  if (isInside(realRoot, norm)) return relOf(realRoot, norm)
  if (isInside(lexRoot, norm)) return relOf(lexRoot, norm)
  const mapped = viaRootSpellings(norm).find((m) => isInside(realRoot, m))
  if (mapped !== undefined) return relOf(realRoot, mapped)
  return fail('PATH_OUTSIDE_WORKSPACE', 'Absolute paths must point inside the workspace; use a path relative to the workspace root')
}

/**
 * A relative caller path, normalised without touching the disk: refused when its `..` climb above
 * the root as given (the only root a caller knows), even to come back in, before anything is looked up.
 */
function lexicalRel(input: string, lexRoot: string): string {
  const norm = path.resolve(lexRoot, input)
  if (climbsAbove(input) || !isInside(lexRoot, norm)) {
    const shown = input.length > 200 ? `${input.slice(0, 200)}…` : input
    fail('PATH_OUTSIDE_WORKSPACE', `Path ${JSON.stringify(shown)} climbs out of the workspace with '..'; use a path inside the workspace root`)
  }
  return relOf(lexRoot, norm)
}

/**
 * The caller's path relative to the workspace root, without following it inside the root: for
 * tools that must know what was named (fs_remove removes a link, not what it points to).
 */
export async function relInside(root: string, userPath: string): Promise<string> {
  assertPlainPath(userPath)
  const input = userPath === '' ? '.' : userPath
  const lexRoot = path.resolve(root)
  if (!path.isAbsolute(input)) return lexicalRel(input, lexRoot)
  return absoluteRel(input, lexRoot, await realRootOf(root))
}

/** A string without NUL: checked first by both guards, so that they answer alike. */
function assertPlainPath(userPath: unknown): asserts userPath is string {
  if (typeof userPath !== 'string') fail('INVALID_REQUEST', 'Path must be a string relative to the workspace root')
  if (userPath.includes('\0')) fail('PATH_OUTSIDE_WORKSPACE', 'Path contains a NUL byte; remove it and pass a plain path relative to the workspace root')
}

/** The real root and the caller's path relative to it. */
async function locate(root: string, input: string): Promise<{ realRoot: string; rel: string }> {
  const lexRoot = path.resolve(root)
  if (!path.isAbsolute(input)) {
    const rel = lexicalRel(input, lexRoot) // before anything is looked up
    return { realRoot: await realRootOf(root), rel }
  }
  const realRoot = await realRootOf(root)
  return { realRoot, rel: absoluteRel(input, lexRoot, realRoot) }
}

export async function resolveInside(root: string, userPath: string, opts: ResolveOptions = {}): Promise<Resolution> {
  assertPlainPath(userPath)
  const { realRoot, rel } = await locate(root, userPath === '' ? '.' : userPath)
  const abs = rel === '.' ? realRoot : path.join(realRoot, rel)
  // The server's own files, as written: refused whether or not they exist.
  assertNotProtected(rel, abs)
  const found = (real: string): Resolution => {
    if (!isInside(realRoot, real)) outside(rel)
    assertNotProtected(rel, real)
    return { abs, rel, real, target: real, targetRel: relOf(realRoot, real), root: realRoot }
  }

  // Not realpath: it looks the whole path up by name, and a folder swapped for a link meanwhile
  // would make it answer for a place outside. The walk goes folder by folder (walk.ts).
  const { dir, dirIsDir, missing } = await walk(realRoot, rel)
  if (missing.length === 0) return found(dir) // reached through links that stay inside
  const target = path.join(dir, ...missing)
  if (!isInside(realRoot, dir) || !isInside(realRoot, target)) outside(rel)
  assertNotProtected(rel, dir, target)
  if (!opts.allowMissing) fail('FILE_NOT_FOUND', `File not found: ${rel}`)
  if (missing.includes('..')) {
    // a link target like `gone/../x`: the kernel cannot resolve it either
    fail('INVALID_REQUEST', `${rel} is a symbolic link whose target passes through a missing folder; fix or remove the link`)
  }
  if (!dirIsDir) {
    fail('INVALID_REQUEST', `Cannot create ${rel}: ${relOf(realRoot, dir)} is a file, not a folder`)
  }
  return { abs, rel, real: null, target, targetRel: relOf(realRoot, target), root: realRoot }
}
