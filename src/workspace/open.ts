/**
 * Opening files for the tools: the only way file, shell and git tools should get a descriptor for
 * a caller-supplied path. Every open goes check → open without following links → verify the
 * descriptor, and a handle is never left open when a check fails.
 */
import { constants, promises as fs, type Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { fail } from '../errors.js'
import { assertAllowed, type BlockPolicy } from './blocked.js'
import { closeLater, inParentOf, movedBehindLink } from './checked-dir.js'
import { openPlainFolder, plainPath } from './plain.js'
import { fileNotFound, mapFsError } from './fs-errors.js'
import { errnoOf } from './paths.js'
import { openParentFolder, verifyOpened } from './verify.js'

const { O_RDONLY, O_WRONLY, O_APPEND, O_CREAT, O_NOFOLLOW, O_NONBLOCK } = constants

export interface OpenedFile {
  handle: FileHandle
  stat: Stats
  /** Path relative to the workspace root, as the caller named it. */
  rel: string
  /** Real absolute path of the file (server side; never show it to callers). */
  real: string
  /** Real path of the workspace root. */
  root: string
}

export interface ReadOptions {
  maxBytes?: number
  policy?: BlockPolicy
}
export interface AppendOptions {
  policy?: BlockPolicy
  createParents?: boolean
}

function assertRegular(st: Stats, rel: string): void {
  if (st.isDirectory()) fail('INVALID_REQUEST', `${rel} is a directory; pass the path of a file inside it`)
  if (!st.isFile()) fail('INVALID_REQUEST', `${rel} is not a regular file (device, socket or pipe); pass a file path`)
}

async function openChecked(path: string, flags: number, rel: string, mode?: number): Promise<FileHandle> {
  try {
    return await fs.open(path, flags, mode)
  } catch (err) {
    return mapFsError(err, rel)
  }
}

/** Runs `fn` with `handle`, closing the handle if anything throws. */
async function orClose<T>(handle: FileHandle, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    await handle.close().catch(() => undefined)
    throw err
  }
}

/** 413 FILE_TOO_LARGE when the file holds more than `maxBytes`. */
function assertWithin(stat: Stats, rel: string, maxBytes: number | undefined): void {
  if (maxBytes !== undefined && stat.size > maxBytes) {
    fail('FILE_TOO_LARGE', `File too large: ${rel} is ${stat.size} bytes; the limit is ${maxBytes} bytes. Read a smaller range or a smaller file`, {
      details: { path: rel, size: stat.size, limit: maxBytes },
    })
  }
}

/** Opens a workspace file for reading. The caller owns (and must close) the returned handle. */
export async function openForRead(root: string, userPath: string, opts: ReadOptions = {}): Promise<OpenedFile> {
  return (await openPlainFile(root, userPath, opts)) ?? openResolved(root, userPath, opts)
}

/**
 * A file on a path without links (plain.ts): its folders opened once from the root, the file
 * looked up in the last of them without following a link. Missing there, it is not found, as the
 * full guard would answer; null when anything else is not plain.
 */
async function openPlainFile(root: string, userPath: string, opts: ReadOptions): Promise<OpenedFile | null> {
  const plain = plainPath(root, userPath, 'read', opts.policy)
  const folder = plain && (await openPlainFolder(plain.root, path.dirname(plain.abs)))
  if (!plain || !folder) return null
  let handle: FileHandle | null = null
  try {
    const name = path.basename(plain.abs)
    const pre = await fs.lstat(folder.at(name)).catch((err: unknown) => (errnoOf(err) === 'ENOENT' ? fileNotFound(plain.rel) : null))
    // a regular file before open(): opening a FIFO or a device could block or act
    if (pre?.isFile()) handle = await fs.open(folder.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(() => null)
  } finally {
    closeLater(folder)
  }
  if (handle === null) return null
  const opened = handle
  return orClose(opened, async () => {
    const stat = await opened.stat()
    if (!stat.isFile()) {
      await opened.close()
      return null // swapped since the lstat: the full guard says what it is now
    }
    assertWithin(stat, plain.rel, opts.maxBytes)
    return { handle: opened, stat, rel: plain.rel, real: plain.abs, root: plain.root }
  })
}

/** openForRead for any path: resolved link by link (resolve.ts), then opened in its checked folder. */
async function openResolved(root: string, userPath: string, opts: ReadOptions): Promise<OpenedFile> {
  const res = await assertAllowed(root, userPath, 'read', { policy: opts.policy })
  const real = res.real as string
  if (real === res.root) fail('INVALID_REQUEST', `${res.rel} is a directory; pass the path of a file inside it`)
  const { handle, viaProc } = await inParentOf(res.root, real, res.rel, async (folder, name) => {
    const pre = await fs.lstat(folder.at(name)).catch((err: unknown) => mapFsError(err, res.rel))
    if (pre.isSymbolicLink()) movedBehindLink(res.rel)
    assertRegular(pre, res.rel) // before open(): opening a FIFO could block
    // O_NONBLOCK: a pipe swapped in after the check must not hang the open
    return { handle: await openChecked(folder.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK, res.rel), viaProc: folder.viaProc }
  })
  return orClose(handle, async () => {
    // Opened in the checked folder itself without following a link, it is the checked file: only
    // without /proc is there a path left to compare with.
    const stat = viaProc ? await handle.stat() : await verifyOpened(handle, res.root, real, res.rel, 'read', opts.policy)
    assertRegular(stat, res.rel)
    assertWithin(stat, res.rel, opts.maxBytes)
    return { handle, stat, rel: res.rel, real, root: res.root }
  })
}

/** What readUpTo reads at a time past the size it was given. */
const READ_CHUNK = 64 * 1024

/**
 * The file's bytes, at most `max` of them; null when it holds more. A size checked at open can
 * be outgrown before the read (another process appends), and a plain readFile would then read
 * whatever is there: gigabytes, or past Node's 2 GiB limit. `size` (its stat) sizes the first
 * buffer, read into directly: the copy happens in the thread pool, not on the event loop (10 MiB
 * copied and concatenated there held it 40 ms); a file that grew is read on a chunk at a time.
 */
export async function readUpTo(handle: FileHandle, max: number, size = 0): Promise<Buffer | null> {
  const parts: Buffer[] = []
  let total = 0
  for (let room = Math.min(size > 0 ? size : READ_CHUNK - 1, max) + 1; ; room = Math.min(READ_CHUNK, max + 1 - total)) {
    const buf = Buffer.allocUnsafeSlow(room)
    let filled = 0
    while (filled < room) {
      const { bytesRead } = await handle.read(buf, filled, room - filled, total + filled)
      if (bytesRead === 0) break
      filled += bytesRead
    }
    parts.push(buf.subarray(0, filled))
    total += filled
    if (filled < room) return parts.length === 1 ? parts[0] : Buffer.concat(parts, total)
    if (total > max) return null
  }
}

/** readUpTo, or 413 FILE_TOO_LARGE naming the file. */
export async function readWithin(handle: FileHandle, max: number, rel: string, size = 0): Promise<Buffer> {
  const bytes = await readUpTo(handle, max, size)
  if (bytes === null)
    fail('FILE_TOO_LARGE', `File too large: ${rel} grew past the limit of ${max} bytes while it was being read`, { details: { path: rel, limit: max } })
  return bytes
}

/** Writes all of `buf` through `handle`: one write call, more only after a short write. */
export async function writeAll(handle: FileHandle, buf: Uint8Array): Promise<void> {
  let off = 0
  while (off < buf.length) {
    const { bytesWritten } = await handle.write(buf, off, buf.length - off, null)
    off += bytesWritten
  }
}

export const toBuffer = (data: string | Uint8Array): Buffer =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength)

/**
 * Appends `data` to a workspace file, creating it (and, if asked, its folders) when missing.
 * One write(2) on an O_APPEND descriptor, so small concurrent appends never interleave.
 * Returns the number of bytes written.
 */
export async function appendInside(root: string, userPath: string, data: string | Uint8Array, opts: AppendOptions = {}): Promise<number> {
  const res = await assertAllowed(root, userPath, 'write', { allowMissing: true, policy: opts.policy })
  const buf = toBuffer(data)
  const flags = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK
  // Created inside the checked folder itself, never where a folder swapped for a link leads (checked-dir.ts).
  const folder = await openParentFolder(res.root, res.target, opts.createParents === true)
  const name = path.basename(res.target)
  let handle: FileHandle
  try {
    if (res.real !== null) assertRegular(await fs.lstat(folder.at(name)).catch((err: unknown) => mapFsError(err, res.rel)), res.rel)
    handle = await openChecked(folder.at(name), flags, res.rel, 0o666)
  } finally {
    await folder.close()
  }
  await orClose(handle, async () => {
    // refused even if O_CREAT just made the file: whatever it is, it is not what was checked
    const stat = await verifyOpened(handle, res.root, res.target, res.rel, 'write', opts.policy)
    assertRegular(stat, res.rel)
    await writeAll(handle, buf)
  })
  await handle.close()
  return buf.length
}
