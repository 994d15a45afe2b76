/**
 * Grep's look at a file named as its `path` before rg runs: opened without following a link at
 * the name, its descriptor's real location checked (inside the workspace, not blocked), and its
 * first chunk tested for NUL bytes. One shared read buffer: each fill is tested synchronously.
 */
import fs, { constants } from 'node:fs'
import { isBlocked, isInside, relOf, type BlockPolicy } from '../../../workspace/index.js'

const CHUNK = 1 << 20
const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants
const shared = Buffer.allocUnsafe(CHUNK)

/**
 * Opens a file without following a link at its name, and checks where the descriptor really is
 * (inside the root, not blocked), so a path swapped after it was checked is never read. Null:
 * skip it.
 */
export function openChecked(root: string, abs: string, policy: BlockPolicy): { fd: number; size: number } | null {
  let fd: number
  try {
    fd = fs.openSync(abs, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
  } catch {
    return null
  }
  try {
    const st = fs.fstatSync(fd)
    let real: string
    try {
      real = fs.readlinkSync(`/proc/self/fd/${fd}`)
    } catch {
      real = fs.realpathSync(abs) // no /proc: the path's real location, compared by inode below
      const again = fs.statSync(real)
      if (again.ino !== st.ino || again.dev !== st.dev) throw new Error('moved')
    }
    if (!st.isFile() || !isInside(root, real) || isBlocked(relOf(root, real), 'read', policy) !== null) throw new Error('refused')
    return { fd, size: st.size }
  } catch {
    fs.closeSync(fd)
    return null
  }
}

/** Whether a file's first chunk holds a NUL byte (rg's binary test). */
export function isBinary(fd: number): boolean {
  const n = fs.readSync(fd, shared, 0, CHUNK, 0)
  return shared.subarray(0, n).includes(0)
}
