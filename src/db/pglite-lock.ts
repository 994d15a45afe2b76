/**
 * One process per PGlite folder. PGlite is Postgres in single-user mode inside this process: a
 * second process opening the same folder (a second server, `npm run seed` beside a running one)
 * corrupts it. The lock is a file beside the folder, created exclusively, that names its holder;
 * a holder whose process no longer runs on this host left a stale lock, which is taken over. A
 * holder with this process's pid but not its token is another process with the same pid: an
 * earlier run of a restarted container, or a live server in another container. The live one keeps
 * touching the lock (a heartbeat), so a lock silent for SILENT_MS is taken over.
 * The file is never seen half-written: it is written aside, then linked (created) or renamed
 * (rewritten) into place, and a stale one is moved aside before it is removed, so that two openers
 * taking over the same stale lock cannot remove each other's.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'

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
      `The embedded database ${dir} is in use by another process ${holder ? describe(holder) : `(its lock ${lockPath} does not say which: damaged, or not written by toolgate)`}. ` +
        (holder?.pid === process.pid
          ? `That is this process's pid: if it was an earlier run of this container, its lock frees itself ${SILENT_MS / 1000} s after its last heartbeat. `
          : '') +
        (holder ? '' : `That lock is taken over once untouched for ${SILENT_MS / 1000} s. `) +
        'PGlite allows one process per folder: stop that process, point TOOLGATE_DATA_DIR elsewhere, or use PostgreSQL (DATABASE_URL).',
    )
    this.name = 'DataDirLockedError'
  }
}

const describe = (holder: LockHolder) =>
  `(pid ${holder.pid} on ${holder.host}, since ${holder.started_at}: ${holder.command})${holder.url ? `, a toolgate server at ${holder.url}` : ''}`

// One per process, even if this module is loaded twice (src and dist, test isolation).
const PROCESS_TOKEN: string = ((globalThis as Record<symbol, string>)[Symbol.for('toolgate.lockToken')] ??= randomUUID())
const HEARTBEAT_MS = 10_000
const SILENT_MS = 30_000

/** Whether the lock file was touched within SILENT_MS: its holder still beats. */
function heardFrom(lockPath: string): boolean {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < SILENT_MS
  } catch {
    return false
  }
}

export const lockPathOf = (dir: string) => `${dir.replace(/\/+$/, '')}.lock`

function readText(lockPath: string): string | undefined {
  try {
    return fs.readFileSync(lockPath, 'utf8')
  } catch {
    return undefined
  }
}

const parsed = (text: string | undefined): LockHolder | undefined => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as LockHolder)
  } catch {
    return undefined
  }
}

export const readHolder = (lockPath: string): LockHolder | undefined => parsed(readText(lockPath))

function isRunning(holder: LockHolder | undefined, lockPath: string): boolean {
  if (!holder) return heardFrom(lockPath) // not a lock this code writes: stale only once silent
  if (holder.host !== os.hostname()) return true // another machine's process: cannot tell, assume it runs
  if (holder.pid === process.pid) return holder.token === PROCESS_TOKEN || heardFrom(lockPath)
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Runs `place` with a file beside `lockPath` holding `text`, removed after. */
function withFileAside<T>(lockPath: string, text: string, place: (aside: string) => T): T {
  const aside = `${lockPath}.${PROCESS_TOKEN}.${process.hrtime.bigint()}`
  fs.writeFileSync(aside, text, { flag: 'wx', mode: 0o600 })
  try {
    return place(aside)
  } finally {
    fs.rmSync(aside, { force: true })
  }
}

/** Creates the lock, whole, unless one exists (link(2) fails on an existing name). */
function tryCreate(lockPath: string, me: LockHolder): boolean {
  return withFileAside(lockPath, JSON.stringify(me), (aside) => {
    try {
      fs.linkSync(aside, lockPath)
      return true
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw err
    }
  })
}

/**
 * Removes the lock if it still says `seen` (read as stale): moved aside first, so that a lock
 * another opener has just created in its place is put back, not removed. True when removed.
 */
export function removeIfStill(lockPath: string, seen: string | undefined): boolean {
  const aside = `${lockPath}.stale.${PROCESS_TOKEN}.${process.hrtime.bigint()}`
  try {
    fs.renameSync(lockPath, aside)
  } catch {
    return false // gone already: whoever removed it may have created theirs since
  }
  let text: string | undefined
  try {
    text = fs.readFileSync(aside, 'utf8')
  } catch {}
  if (text !== seen) {
    try {
      fs.linkSync(aside, lockPath) // put back; if a third opener took the name meanwhile, theirs stands
    } catch {}
  }
  fs.rmSync(aside, { force: true })
  return text === seen
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
  // Twice at most: once more after removing a stale lock (a racing opener may win that second try).
  for (let attempt = 0; !tryCreate(lockPath, me); attempt++) {
    const text = readText(lockPath)
    if (text === undefined && attempt === 0) continue // removed meanwhile: the name is free again
    const holder = parsed(text)
    if (attempt > 0 || isRunning(holder, lockPath) || !removeIfStill(lockPath, text)) throw new DataDirLockedError(dir, holder)
  }
  let held = true
  // Asynchronous: a data folder on a slow mount must not hold the event loop. A lock removed by hand has nothing to keep alive.
  const heartbeat = setInterval(() => fs.utimes(lockPath, new Date(), new Date(), () => {}), HEARTBEAT_MS)
  heartbeat.unref()
  return {
    path: lockPath,
    advertise(url) {
      if (held) withFileAside(lockPath, JSON.stringify({ ...me, url }), (aside) => fs.renameSync(aside, lockPath))
    },
    release() {
      if (!held) return
      held = false
      clearInterval(heartbeat)
      if (readHolder(lockPath)?.token === PROCESS_TOKEN) fs.rmSync(lockPath, { force: true })
    },
  }
}
