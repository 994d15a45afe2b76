/**
 * The server's own files (workspace/protected.ts) seen from a sandbox: a protected folder inside
 * a bound one is covered by an empty read-only tmpfs, a protected file by /dev/null (which the
 * sandbox cannot even open: binds are nodev), so `cat data/secret.key`, `git -C data` or `rg` in
 * the workspace find nothing. Binding a protected path itself (a key confined to the data folder)
 * is refused outright.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fail } from '../errors.js'
import { isInside } from '../workspace/paths.js'
import { protectedPaths } from '../workspace/protected.js'
import type { SandboxPolicy } from './policy.js'

/** A folder bound onto itself, by descriptor like every bind (bind-sources.ts). */
export interface Pin {
  flag: '--bind-fd' | '--ro-bind-fd'
  source: string
  target: string
}

export interface Hidden {
  /** Folders between a bind and a protected path below it, outermost first: bound right after the binds. */
  pins: Pin[]
  /** The covers over the protected paths themselves: after every bind. */
  args: string[]
}

/**
 * Pins each folder between `bound` and `form` (a mount point cannot be renamed or removed: EBUSY,
 * so the protected path keeps its name inside); false when one is a link or missing, and what
 * lies below is not there by this name.
 */
function pinAbove(bound: string, form: string, writable: boolean, pins: Map<string, Pin>): boolean {
  let dir = bound
  for (const name of path.relative(bound, form).split(path.sep).slice(0, -1)) {
    dir = path.join(dir, name)
    if (!fs.lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) return false
    pins.set(dir, { flag: writable ? '--bind-fd' : '--ro-bind-fd', source: dir, target: dir })
  }
  return true
}

/** What hides every protected path lying below what `policy` binds. */
export function hideProtected(policy: SandboxPolicy): Hidden {
  const folders = [...policy.writable, ...(policy.readable ?? [])]
  const args: string[] = []
  const pins = new Map<string, Pin>()
  const done = new Set<string>()
  for (const p of protectedPaths()) {
    for (const form of p.forms) {
      if (folders.some((b) => p.covers(b))) {
        fail('PATH_BLOCKED', "Access denied: this workspace is, or lies inside, the server's own files; no tool may run there")
      }
      if (done.has(form) || !folders.some((b) => isInside(b, form))) continue
      done.add(form)
      const bound = folders.filter((b) => isInside(b, form)).sort((a, b) => b.length - a.length)[0]
      // Reached through a link (or itself one), this name could be swapped while bwrap mounts on it, and bwrap creates what it
      // mounts onto, on the host; the real form, when bound, is hidden in its own right.
      if (!pinAbove(bound, form, policy.writable.includes(bound), pins)) continue
      const st = fs.lstatSync(form, { throwIfNoEntry: false })
      if (st?.isDirectory()) args.push('--tmpfs', form, '--remount-ro', form)
      else if (st && !st.isSymbolicLink()) args.push('--ro-bind', '/dev/null', form)
    }
  }
  // Shorter first: a folder is pinned before the folders inside it.
  return { pins: [...pins.values()].sort((a, b) => a.target.length - b.target.length), args }
}
