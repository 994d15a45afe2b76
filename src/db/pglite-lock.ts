/**
 * One process per PGlite folder. PGlite is Postgres in single-user mode inside this process: a
 * second process opening the same folder (a second server, `npm run seed` beside a running one)
 * corrupts it. The lock is a file beside the folder, created exclusively, that names its holder;
 * a holder whose process no longer runs on this host left a stale lock, which is taken over. A
 * holder with this process's pid but not its token is another process with the same pid: an
 * earlier run of a restarted container, or a live server in another container. The live one keeps
 * touching the lock (a heartbeat), so a lock silent for SILENT_MS is taken over.
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

/** The folder is held by a running process: carries the holder so that callers can say who. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database ${dir} is in use by another process (pid ${holder.pid} on ${holder.host}, ` +
        `since ${holder.started_at}: ${holder.command})${holder.url ? `, a toolgate server at ${holder.url}` : ''}. ` +
        (holder.pid === process.pid
          ? `That is this process's pid: if it was an earlier run of this container, its lock frees itself ${SILENT_MS / 1000} s after its last heartbeat. `
          : '') +
        'PGlite allows one process per folder: stop that process, point TOOLGATE_DATA_DIR elsewhere, or use PostgreSQL (DATABASE_URL).',
    )
    this.name = 'DataDirLockedError'
  }
}

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

export function readHolder(lockPath: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockHolder
  } catch {
    return undefined
  }
}

function isRunning(holder: LockHolder, lockPath: string): boolean {
  if (holder.host !== os.hostname()) return true // another machine's process: cannot tell, assume it runs
  if (holder.pid === process.pid) return holder.token === PROCESS_TOKEN || heardFrom(lockPath)
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function tryCreate(lockPath: string, me: LockHolder): boolean {
  try {
    fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx', mode: 0o600 })
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
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
    const holder = readHolder(lockPath)
    if (attempt > 0 || (holder && isRunning(holder, lockPath))) throw new DataDirLockedError(dir, holder ?? me)
    fs.rmSync(lockPath, { force: true }) // stale: its holder is gone
  }
  let held = true
  // Asynchronous: a data folder on a slow mount must not hold the event loop. A lock removed by hand has nothing to keep alive.
  const heartbeat = setInterval(() => fs.utimes(lockPath, new Date(), new Date(), () => {}), HEARTBEAT_MS)
  heartbeat.unref()
  return {
    path: lockPath,
    advertise(url) {
      if (held) fs.writeFileSync(lockPath, JSON.stringify({ ...me, url }), { mode: 0o600 })
    },
    release() {
      if (!held) return
      held = false
      clearInterval(heartbeat)
      if (readHolder(lockPath)?.token === PROCESS_TOKEN) fs.rmSync(lockPath, { force: true })
    },
  }
}
