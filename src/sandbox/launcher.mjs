// @ts-check
/**
 * The small process that starts toolgate's child processes for it (launch.ts is the server side).
 * A fork copies the forking process's page tables, and Node forks on the event loop: from a server
 * holding PGlite (~700 MB) a spawn blocked it ~40 ms, from this process ~3 ms. It runs what the
 * server planned, exactly: the descriptors bwrap binds are reopened through /proc/<server>/fd,
 * which names the open files themselves (no path is looked up again), and checked by inode.
 * Plain JavaScript: node runs it as it is, from src/ under the tests as from dist/.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'

/** Output sent and not yet written to the server: children's output pauses above it. */
const UNSENT_MAX = 4 << 20
/** How long what a command left behind in its group gets between SIGTERM and SIGKILL, unless it was ended with a grace of its own. */
const GROUP_GRACE_MS = 100
const server = Number(process.argv[2])
/** @type {Map<number, { child: import('node:child_process').ChildProcess, graceMs?: number }>} */
const running = new Map()
let unsent = 0
/** Groups whose command was reaped and whose leftovers are in their grace: killed at once if we go. */
const ending = new Set()

/**
 * Descriptors the server inherited without close-on-exec (a supervisor's pipe, say) would pass into
 * every child, and bwrap passes them into the sandbox: closed here, all but stdio and our channel
 * to the server (3, as launch.ts spawns us). Node's own descriptors are close-on-exec.
 */
function closeInherited() {
  for (const name of fs.readdirSync('/proc/self/fd')) {
    const fd = Number(name)
    if (fd <= 3) continue
    let flags
    try {
      flags = /^flags:\s*([0-7]+)/m.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1]
    } catch {
      continue // the listing's own descriptor, closed since
    }
    if (flags !== undefined && (Number.parseInt(flags, 8) & 0o2000000) === 0) fs.closeSync(fd)
  }
}
if (process.platform === 'linux') closeInherited()

/** @param {object} msg @param {number} [bytes] */
function send(msg, bytes = 0) {
  if (!process.connected) return
  unsent += bytes
  if (bytes && unsent > UNSENT_MAX) for (const { child } of running.values()) pauseOutput(child, true)
  process.send?.(msg, undefined, {}, () => {
    unsent -= bytes
    if (bytes && unsent <= UNSENT_MAX / 2) for (const { child } of running.values()) pauseOutput(child, false)
  })
}

/** @param {import('node:child_process').ChildProcess} child @param {boolean} pause */
function pauseOutput(child, pause) {
  for (const s of [child.stdout, child.stderr]) if (s && !s.destroyed) pause ? s.pause() : s.resume()
}

/** The server's descriptor `fd` opened again, refused unless it is still the file the server checked. */
function reopen(/** @type {{ fd: number, dev: number, ino: number }} */ source) {
  const fd = fs.openSync(`/proc/${server}/fd/${source.fd}`, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
  const st = fs.fstatSync(fd)
  if (st.dev !== source.dev || st.ino !== source.ino) {
    fs.closeSync(fd)
    throw Object.assign(new Error('a descriptor to bind changed before the launcher opened it'), { code: 'ESTALE' })
  }
  return fd
}

/**
 * Every child leads a process group of its own, and is signalled as a group: bwrap's inner process
 * ignores its parent's death until its set-up is done, and a group signal reaches it before that.
 * @param {{ id: number, file: string, args: string[], env: Record<string, string>, cwd: string, stdio: string[], sources: { fd: number, dev: number, ino: number }[] }} m
 */
function start(m) {
  /** @type {number[]} */
  const fds = []
  let child
  try {
    for (const s of m.sources) fds.push(reopen(s))
    child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, stdio: /** @type {any} */ ([...m.stdio, ...fds]), detached: true })
  } catch (err) {
    const e = /** @type {NodeJS.ErrnoException} */ (err)
    send({ t: 'error', id: m.id, code: e.code, message: e.message })
    return
  } finally {
    // The child has its copies once spawn returns.
    for (const fd of fds) fs.closeSync(fd)
  }
  child.once('error', (err) => {
    running.delete(m.id)
    send({ t: 'error', id: m.id, code: /** @type {NodeJS.ErrnoException} */ (err).code, message: err.message })
  })
  if (child.pid === undefined) return
  running.set(m.id, { child })
  send({ t: 'spawn', id: m.id, pid: child.pid })
  for (const [n, stream] of /** @type {const} */ ([[1, child.stdout], [2, child.stderr]])) {
    if (!stream) continue
    if (unsent > UNSENT_MAX) stream.pause()
    stream.on('data', (/** @type {Buffer} */ data) => send({ t: 'out', id: m.id, n, data }, data.length))
    stream.on('end', () => send({ t: 'end', id: m.id, n }))
    stream.on('error', () => {})
  }
  child.stdin?.on('error', (err) => send({ t: 'stdin-error', id: m.id, code: /** @type {NodeJS.ErrnoException} */ (err).code, message: err.message }))
  child.on('exit', (code, signal) => {
    const ended = running.get(m.id)?.graceMs
    endGroup(/** @type {number} */ (child.pid), ended ?? GROUP_GRACE_MS, ended !== undefined)
    send({ t: 'exit', id: m.id, code, signal })
  })
  child.on('close', (code, signal) => {
    running.delete(m.id)
    send({ t: 'close', id: m.id, code, signal })
  })
}

/** Signals process group `pgid`; false when no process is left in it. */
function signalGroup(/** @type {number} */ pgid, /** @type {NodeJS.Signals | 0} */ sig) {
  try {
    process.kill(-pgid, sig)
    return true
  } catch {
    return false
  }
}

/** Signals `child`'s group; nothing once it was reaped (its number may be another's by then). */
function signal(/** @type {import('node:child_process').ChildProcess} */ child, /** @type {NodeJS.Signals} */ sig) {
  if (child.exitCode === null && child.signalCode === null && child.pid) signalGroup(child.pid, sig)
}

/** How often a group in its grace is looked at: it is let go as soon as it is empty. */
const GROUP_POLL_MS = 25

/**
 * What a command left running in its group (`&` jobs) ends with it: signalled here, as it is reaped,
 * while the group's number cannot yet be another process's (the server hears of the exit later).
 * A command that was ended (`end`) had its SIGTERM already: a second one means "now" to many
 * programs. The group is looked at every few ms and let go once empty, so that a number freed
 * during the grace and taken by another group is not killed at its end.
 */
function endGroup(/** @type {number} */ pgid, /** @type {number} */ graceMs, /** @type {boolean} */ termed) {
  if (!signalGroup(pgid, termed ? 0 : 'SIGTERM')) return
  ending.add(pgid)
  const until = Date.now() + graceMs
  const look = () => {
    if (!signalGroup(pgid, 0)) return ending.delete(pgid)
    if (Date.now() < until) return setTimeout(look, GROUP_POLL_MS).unref()
    ending.delete(pgid)
    signalGroup(pgid, 'SIGKILL')
  }
  setTimeout(look, Math.min(GROUP_POLL_MS, graceMs)).unref()
}

/**
 * Ends a command and its group: SIGTERM, then SIGKILL after `graceMs` unless it was reaped by then.
 * Done here, not by pid from the server: only this process knows when the number stops being the command's.
 * What the command leaves in its group gets the same grace (endGroup).
 */
function end(/** @type {{ id: number, graceMs: number }} */ m) {
  const r = running.get(m.id)
  if (!r) return
  r.graceMs = m.graceMs
  signal(r.child, 'SIGTERM')
  const timer = setTimeout(() => signal(r.child, 'SIGKILL'), m.graceMs)
  r.child.once('exit', () => clearTimeout(timer))
}

/** @type {Record<string, (m: any) => void>} */
const handlers = {
  start,
  in: (m) => running.get(m.id)?.child.stdin?.write(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength)),
  'in-end': (m) => running.get(m.id)?.child.stdin?.end(),
  kill: (m) => {
    const r = running.get(m.id)
    if (r) signal(r.child, m.signal)
  },
  end,
  destroy: (m) => (m.n === 1 ? running.get(m.id)?.child.stdout : running.get(m.id)?.child.stderr)?.destroy(),
}

process.on('message', (/** @type {any} */ m) => handlers[m.t]?.(m))

// The server is gone: nothing it started may outlive it.
process.on('disconnect', () => {
  for (const { child } of running.values()) signal(child, 'SIGKILL')
  for (const pgid of ending) signalGroup(pgid, 'SIGKILL')
  process.exit(0)
})
// Signals meant for the server (Ctrl-C reaches the terminal's whole group; systemd may signal every
// process of the service) must not end the commands it is still draining: it ends when the server does.
// SIGUSR1 would open Node's inspector on 127.0.0.1:9229, where a sandbox with the network could reach it.
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR1'])) process.on(sig, () => {})
