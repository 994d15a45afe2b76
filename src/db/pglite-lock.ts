/**
 * One process per PGlite folder. PGlite is Postgres in single-user mode inside this process: a
 * second process opening the same folder (a second server, `npm run seed` beside a running one)
 * corrupts it. The lock is a file beside the folder, created exclusively, that names its holder;
 * a holder whose process no longer runs on this host left a stale lock, which is taken over. A
 * holder with this process's pid but not its token is another process with the same pid: an
 * earlier run of a restarted container, or a live server in another container. The live one keeps
 * touching the lock (a heartbeat), so a lock silent for SILENT_MS is taken over.
 * The file is never seen half-written: it is written aside, then linked (created) or renamed
 * (rewritten, taken over) into place. Taking over goes one opener at a time (a folder beside the
 * lock is the turn) and renames the new lock over the stale one, so the name is never empty and
 * two openers cannot both end up holding it.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface LockHolder {
  pid: number
  /** This process's own mark: a lock with our pid and another token was left by an earlier process (a container restart reuses pids). */
  token?: string
  host: string
  started_at: string
  command: string
  /** Where the holding server listens, once it does: `npm run seed` goes through its API. */
  url?: string
}

export interface DataDirLock {
  readonly path: string
  /**
   * Settles once a heartbeat finds the lock naming another process: it took the folder over while
   * this one was silent past SILENT_MS (stopped, paused). This process must then write nothing more.
   */
  readonly lost: Promise<Error>
  /** Tells later openers where this server listens. */
  advertise(url: string): void
  release(): void
}

/** The folder is held by a running process: carries the holder (when its lock says) so that callers can say who. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | undefined,
    lockPath = lockPathOf(dir),
  ) {
    super(
      `The embedded database ${dir} is in use by another process ${holder ? describe(holder) : `(its lock ${lockPath} names none that runs: the lock is unreadable, or another opener is taking it over just now)`}. ` +
        (holder?.pid === process.pid
          ? `That is this process's pid: if it was an earlier run of this container, its lock frees itself ${SILENT_MS / 1000} s after its last heartbeat. `
          : '') +
        (holder ? '' : `Try again: an unreadable lock is taken over once untouched for ${SILENT_MS / 1000} s. `) +
        'PGlite allows one process per folder: stop that process, point TOOLGATE_DATA_DIR elsewhere, or use PostgreSQL (DATABASE_URL).',
    )
    this.name = 'DataDirLockedError'
  }
}

/** The lock's path holds what toolgate never writes there (a folder, a pipe): a person has to move it. */
export class LockPathError extends Error {
  constructor(lockPath: string, what: string) {
    super(`${lockPath} is ${what}, where toolgate keeps the lock of its embedded database (PGlite): move it away, then start again`)
    this.name = 'LockPathError'
  }
}

const describe = (holder: LockHolder) =>
  `(pid ${holder.pid} on ${holder.host}, since ${holder.started_at}: ${holder.command})${holder.url ? `, a toolgate server at ${holder.url}` : ''}`

// One per process, even if this module is loaded twice (src and dist, test isolation).
const PROCESS_TOKEN: string = ((globalThis as Record<symbol, string>)[Symbol.for('toolgate.lockToken')] ??= randomUUID())
const HEARTBEAT_MS = 10_000
const SILENT_MS = 30_000

/** Whether `file` was touched within SILENT_MS (its own time, not a link's target's). */
function heardFrom(file: string): boolean {
  try {
    // A time far in the future (a clock stepped back, a mount's own clock) counts as silent too.
    return Math.abs(Date.now() - fs.lstatSync(file).mtimeMs) < SILENT_MS
  } catch {
    return false
  }
}

/** The inode of `file`, or undefined when it is gone. */
const inodeOf = (file: string) => {
  try {
    return fs.lstatSync(file).ino
  } catch {
    return undefined
  }
}

export const lockPathOf = (dir: string) => `${dir.replace(/\/+$/, '')}.lock`

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants
const READ_LOCK = O_RDONLY | O_NOFOLLOW | O_NONBLOCK
/** A lock is a line of JSON: anything larger is unreadable, never read whole. */
const MAX_LOCK_BYTES = 64 * 1024
const isLockFile = (st: fs.Stats) => st.isFile() && st.size <= MAX_LOCK_BYTES

/**
 * The lock's text; undefined when it is gone, a link or not a file. Never follows a link and never
 * waits: a named pipe put there (or swapped in after assertLockFile) would hold the start for ever.
 */
function readText(lockPath: string): string | undefined {
  let fd: number | undefined
  try {
    fd = fs.openSync(lockPath, READ_LOCK)
    return isLockFile(fs.fstatSync(fd)) ? fs.readFileSync(fd, 'utf8') : undefined
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

/** readText off the event loop, for the heartbeat: a data folder on a slow mount must not hold it. */
async function readTextLater(lockPath: string): Promise<string | undefined> {
  const handle = await fs.promises.open(lockPath, READ_LOCK).catch(() => undefined)
  try {
    return handle && isLockFile(await handle.stat()) ? await handle.readFile('utf8') : undefined
  } catch {
    return undefined
  } finally {
    await handle?.close().catch(() => {})
  }
}

/** The holder a lock names; undefined when it names none (not JSON, or without a pid above 0 and a host: `null`, `{}`, `{"pid":5}`). */
const parsed = (text: string | undefined): LockHolder | undefined => {
  try {
    const value = text === undefined ? undefined : JSON.parse(text)
    return Number.isInteger(value?.pid) && value.pid > 0 && typeof value.host === 'string' ? (value as LockHolder) : undefined
  } catch {
    return undefined
  }
}

export const readHolder = (lockPath: string): LockHolder | undefined => parsed(readText(lockPath))

function isRunning(holder: LockHolder | undefined, lockPath: string): boolean {
  if (!holder) return heardFrom(lockPath) // unreadable, or not written by toolgate: stale only once silent
  if (holder.host !== os.hostname()) return true // another machine's process: cannot tell, assume it runs
  if (holder.pid === process.pid) return holder.token === PROCESS_TOKEN || heardFrom(lockPath)
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Runs `place` with a file beside `lockPath` holding `text`; the file is gone after, placed or not. */
function withFileAside<T>(lockPath: string, text: string, place: (aside: string) => T): T {
  const aside = `${lockPath}.${PROCESS_TOKEN}.${process.hrtime.bigint()}`
  try {
    fs.writeFileSync(aside, text, { flag: 'wx', mode: 0o600 })
    return place(aside)
  } finally {
    fs.rmSync(aside, { force: true })
  }
}

const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'])
const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code

/**
 * Creates the lock, whole, unless one exists (link(2) fails on an existing name). Where the file
 * system has no hard links (vfat, some network mounts), an exclusive create and write: a lock
 * read half-written there is taken for unreadable, and so is refused while it is fresh.
 */
function tryCreate(lockPath: string, text: string): boolean {
  try {
    return withFileAside(lockPath, text, (aside) => {
      fs.linkSync(aside, lockPath)
      return true
    })
  } catch (err) {
    if (codeOf(err) === 'EEXIST') return false
    if (!NO_LINKS.has(codeOf(err) ?? '')) throw cannotWrite(lockPath, err)
  }
  try {
    fs.writeFileSync(lockPath, text, { flag: 'wx', mode: 0o600 })
    return true
  } catch (err) {
    if (codeOf(err) === 'EEXIST') return false
    throw cannotWrite(lockPath, err)
  }
}

/** A lock that cannot be written (a read-only or full disk), named as the lock, not as the file aside. */
const cannotWrite = (lockPath: string, err: unknown) =>
  new Error(`Cannot write ${lockPath}, the lock of the embedded database (PGlite) (${codeOf(err) ?? String(err)}): its folder must be writable`, {
    cause: err,
  })

/**
 * Removes the turn folder if it is still the one seen (inode `ino`). It is renamed aside first: a
 * turn another opener has made since is then left aside (the sweep clears it once silent), so its
 * owner, checking its turn before it writes, gives up rather than taking the lock beside another.
 */
function removeTurn(turn: string, ino: number | undefined): void {
  const aside = `${turn}.${PROCESS_TOKEN}.${process.hrtime.bigint()}`
  try {
    fs.renameSync(turn, aside)
  } catch {
    return
  }
  if (inodeOf(aside) === ino) fs.rmdirSync(aside)
}

/**
 * Replaces the stale lock that read `seen` with `text`, one opener at a time: the turn is a folder
 * beside the lock, made exclusively, and one left by an opener that died there is cleared once
 * silent. False when another opener has the turn, or the lock changed since it was read.
 */
export function takeOver(lockPath: string, seen: string | undefined, text: string): boolean {
  const turn = `${lockPath}.takeover`
  try {
    fs.mkdirSync(turn, { mode: 0o700 })
  } catch (err) {
    if (codeOf(err) !== 'EEXIST') throw err
    assertKind(turn, (st) => st.isDirectory())
    if (!heardFrom(turn)) removeTurn(turn, inodeOf(turn)) // the next try may take its turn
    return false
  }
  const mine = inodeOf(turn)
  try {
    assertLockFile(lockPath) // again, in our turn: what is renamed over must be a lock
    if (readText(lockPath) !== seen || (seen === undefined && inodeOf(lockPath) === undefined)) return false
    // Still our turn (not cleared by an opener that took us for dead): then ours goes in.
    return withFileAside(lockPath, text, (aside) => inodeOf(turn) === mine && (fs.renameSync(aside, lockPath), true))
  } finally {
    removeTurn(turn, mine)
  }
}

/** Files aside (`<lock>.<token>.<n>`) and the turn (`<lock>.takeover`): nothing else beside the lock is toolgate's. */
const LEFT_BESIDE = /^\.(?:takeover|[0-9a-f-]{36}\.\d+|takeover\.[0-9a-f-]{36}\.\d+)$/

/** Removes what openers that died left beside the lock, once silent; never anything else, never recursively. */
function sweepBeside(lockPath: string): void {
  const dir = path.dirname(lockPath)
  const base = path.basename(lockPath)
  let names: string[] = []
  try {
    names = fs.readdirSync(dir)
  } catch {}
  for (const name of names) {
    const file = path.join(dir, name)
    const rest = name.startsWith(base) ? name.slice(base.length) : ''
    if (!LEFT_BESIDE.test(rest) || heardFrom(file)) continue
    try {
      if (rest === '.takeover') removeTurn(file, inodeOf(file))
      else if (rest.startsWith('.takeover.'))
        fs.rmdirSync(file) // a turn moved aside, always empty
      else fs.rmSync(file) // a file aside; never a folder (rm refuses one without `recursive`)
    } catch {} // best effort: what cannot be removed now is tried again by the next opener
  }
}

/**
 * Refuses a lock path holding what toolgate never writes there: a folder (the takeover's rename
 * fails on it), a pipe (reading it waits for a writer, holding the start for ever), a socket.
 * A link is never followed: it is an unreadable lock, taken over once silent.
 */
const assertLockFile = (lockPath: string) => assertKind(lockPath, (st) => st.isFile() || st.isSymbolicLink())

/** Throws LockPathError, saying what is there, when `file` exists and is not of the kind `ok` accepts. */
function assertKind(file: string, ok: (st: fs.Stats) => boolean): void {
  let st: fs.Stats
  try {
    st = fs.lstatSync(file)
  } catch {
    return
  }
  if (ok(st)) return
  const what = st.isDirectory() ? 'a folder' : st.isFIFO() ? 'a named pipe' : st.isSymbolicLink() ? 'a link' : st.isFile() ? 'a file' : 'not a file'
  throw new LockPathError(file, what)
}

/** Creates the lock, or takes over a stale one; throws naming the holder when it runs. */
function acquire(dir: string, lockPath: string, text: string): void {
  for (let tries = 0; tries < 2; tries++) {
    if (tryCreate(lockPath, text)) return
    assertLockFile(lockPath)
    const seen = readText(lockPath)
    if (seen === undefined && inodeOf(lockPath) === undefined) continue // released meanwhile: the name is free again
    if (!isRunning(parsed(seen), lockPath) && takeOver(lockPath, seen, text)) return
    break
  }
  const holder = readHolder(lockPath)
  throw new DataDirLockedError(dir, holder && isRunning(holder, lockPath) ? holder : undefined)
}

export function lockDataDir(dir: string): DataDirLock {
  const lockPath = lockPathOf(dir)
  const me: LockHolder = {
    pid: process.pid,
    token: PROCESS_TOKEN,
    host: os.hostname(),
    started_at: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 300),
  }
  acquire(dir, lockPath, JSON.stringify(me))
  sweepBeside(lockPath)
  let held = true
  let lostNow: (err: Error) => void = () => {}
  const lost = new Promise<Error>((resolve) => (lostNow = resolve))
  // Asynchronous: a data folder on a slow mount must not hold the event loop. A lock removed by
  // hand has nothing to keep alive; one naming another holder is no longer ours to touch.
  const beat = async () => {
    const holder = parsed(await readTextLater(lockPath))
    if (!held) return
    // lutimes: a link put there is touched itself, never what it points to.
    if (holder === undefined || holder.token === PROCESS_TOKEN) return fs.lutimes(lockPath, new Date(), new Date(), () => {})
    held = false
    clearInterval(heartbeat)
    lostNow(new Error(`The lock ${lockPath} now names another process ${describe(holder)}: it took the folder over while this one was silent`))
  }
  const heartbeat = setInterval(beat, HEARTBEAT_MS)
  heartbeat.unref()
  return {
    path: lockPath,
    lost,
    advertise(url) {
      // Only over our own lock: one taken over meanwhile (this process stalled past SILENT_MS) is not ours to write.
      if (held && readHolder(lockPath)?.token === PROCESS_TOKEN)
        withFileAside(lockPath, JSON.stringify({ ...me, url }), (aside) => fs.renameSync(aside, lockPath))
    },
    release() {
      if (!held) return
      held = false
      clearInterval(heartbeat)
      if (readHolder(lockPath)?.token === PROCESS_TOKEN) fs.rmSync(lockPath, { force: true })
    },
  }
}
