/**
 * Starts child processes through the launcher (launcher.mjs), a small process of its own, so that
 * no fork copies this process's page tables: ~40 ms of blocked event loop a spawn from a server
 * holding PGlite, ~3 ms from the launcher. What comes back behaves as a ChildProcess does for the
 * tools: stdio streams, `spawn`, `error`, `exit` and `close`, `kill`. Each child leads a process
 * group of its own, and `kill` and `end` signal the group, through the launcher, which knows when
 * the child was reaped and its number may be another's. One launcher per process, started on first use
 * and started again if it died; it ends what it started when we go.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { EventEmitter } from 'node:events'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Readable, Writable } from 'node:stream'
import { codedError } from '../errors.js'
import { folderChanged } from './bind-sources.js'
import type { SpawnPlan } from './policy.js'

const LAUNCHER = fileURLToPath(new URL('./launcher.mjs', import.meta.url))

export interface LaunchOptions {
  stdio: ('ignore' | 'pipe')[]
}

type FromLauncher =
  | { t: 'spawn'; id: number; pid: number }
  | { t: 'error' | 'stdin-error'; id: number; code?: string; message: string }
  | { t: 'out'; id: number; n: 1 | 2; data: Uint8Array }
  | { t: 'end'; id: number; n: 1 | 2 }
  | { t: 'exit' | 'close'; id: number; code: number | null; signal: NodeJS.Signals | null }

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength)

/**
 * A child started by the launcher: the parts of ChildProcess the tools use. Add every listener in
 * the tick that started it: the launcher's messages about a quick child can all arrive in one
 * read, and are emitted before an await resumes.
 */
export class LaunchedChild extends EventEmitter {
  pid: number | undefined
  exitCode: number | null = null
  signalCode: NodeJS.Signals | null = null
  readonly stdin: Writable | null
  readonly stdout: Readable | null
  readonly stderr: Readable | null
  private kept = true

  constructor(
    private readonly launcher: Launcher,
    readonly id: number,
    stdio: LaunchOptions['stdio'],
  ) {
    super()
    this.stdin = stdio[0] === 'pipe' ? this.input() : null
    this.stdout = stdio[1] === 'pipe' ? this.output(1) : null
    this.stderr = stdio[2] === 'pipe' ? this.output(2) : null
  }

  private input(): Writable {
    return new Writable({
      write: (chunk: Buffer, _enc, done) => {
        this.launcher.send({ t: 'in', id: this.id, data: chunk })
        done()
      },
      final: (done) => {
        this.launcher.send({ t: 'in-end', id: this.id })
        done()
      },
    })
  }

  private output(n: 1 | 2): Readable {
    return new Readable({
      read: () => {},
      destroy: (err, done) => {
        this.launcher.send({ t: 'destroy', id: this.id, n })
        done(err)
      },
    })
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    this.launcher.send({ t: 'kill', id: this.id, signal })
    return true
  }

  /**
   * Ends the child's process group: SIGTERM, then SIGKILL after `graceMs` unless the child has
   * exited by then; what it leaves in its group gets the same grace. Nothing once it was reaped.
   */
  end(graceMs: number): void {
    this.launcher.send({ t: 'end', id: this.id, graceMs })
  }

  /** Lets this process exit while the child runs (as ChildProcess.unref). */
  unref(): void {
    this.kept = false
    this.launcher.refresh()
  }

  get keepsAlive(): boolean {
    return this.kept
  }

  /** One message from the launcher about this child. */
  receive(m: FromLauncher): void {
    switch (m.t) {
      case 'spawn':
        this.pid = m.pid
        this.emit('spawn')
        return
      case 'error':
        this.emit('error', m.code === 'ESTALE' ? folderChanged() : Object.assign(new Error(m.message), { code: m.code }))
        return
      case 'stdin-error':
        this.stdin?.destroy(Object.assign(new Error(m.message), { code: m.code }))
        return
      case 'out': {
        const stream = m.n === 1 ? this.stdout : this.stderr
        if (stream && !stream.destroyed) stream.push(asBuffer(m.data))
        return
      }
      case 'end': {
        const stream = m.n === 1 ? this.stdout : this.stderr
        if (stream && !stream.destroyed) stream.push(null)
        return
      }
      case 'exit':
        this.exitCode = m.code
        this.signalCode = m.signal
        this.emit('exit', m.code, m.signal)
        return
      case 'close':
        this.closeStreams()
        this.emit('close', m.code, m.signal)
    }
  }

  /** Ends the streams, as `close` promises they are; `gone` when the launcher died under the child. */
  closeStreams(gone?: Error): void {
    for (const s of [this.stdout, this.stderr]) if (s && !s.destroyed && !s.readableEnded) s.push(null)
    if (this.stdin && !this.stdin.destroyed) this.stdin.destroy(gone)
  }
}

class Launcher {
  private readonly process: ChildProcess
  private readonly children = new Map<number, LaunchedChild>()
  private nextId = 1
  private readonly held = new Map<number, number[]>()
  private dead = false

  constructor(private readonly onGone: (launcher: Launcher) => void) {
    // execArgv and the environment are not passed on: it needs neither (nor the server's secrets).
    this.process = spawn(process.execPath, [LAUNCHER, String(process.pid)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: {},
    })
    this.process.on('message', (m: FromLauncher) => this.onMessage(m))
    this.process.on('error', (err) => this.gone(`the process launcher could not be started: ${err.message}`))
    this.process.on('exit', (code, signal) => this.gone(`the process launcher exited (${signal ?? code})`))
    this.refresh()
  }

  get usable(): boolean {
    return !this.dead && this.process.connected
  }

  send(m: object): void {
    if (this.process.connected) this.process.send(m)
  }

  /** Starts `plan`; the descriptors it binds stay open here until the launcher has its own. */
  start(plan: SpawnPlan, opts: LaunchOptions): LaunchedChild {
    const id = this.nextId++
    const child = new LaunchedChild(this, id, opts.stdio)
    this.children.set(id, child)
    this.held.set(id, plan.fds)
    const sources = plan.fds.map((fd) => {
      const st = fs.fstatSync(fd)
      return { fd, dev: st.dev, ino: st.ino }
    })
    this.send({ t: 'start', id, file: plan.file, args: plan.args, env: plan.env, cwd: plan.cwd, stdio: opts.stdio, sources })
    this.refresh()
    return child
  }

  /** Holds this process open while a kept child runs, as spawned children do. */
  refresh(): void {
    const keep = [...this.children.values()].some((c) => c.keepsAlive)
    const channel = this.process.channel as { ref(): void; unref(): void } | undefined
    if (keep) {
      this.process.ref()
      channel?.ref()
    } else {
      this.process.unref()
      channel?.unref()
    }
  }

  private release(id: number): void {
    for (const fd of this.held.get(id) ?? []) fs.closeSync(fd)
    this.held.delete(id)
  }

  private onMessage(m: FromLauncher): void {
    const child = this.children.get(m.id)
    if (m.t === 'spawn' || m.t === 'error') this.release(m.id)
    if (m.t === 'close' || (m.t === 'error' && child?.pid === undefined)) {
      this.children.delete(m.id)
      this.refresh()
    }
    child?.receive(m)
  }

  /** The launcher died (killed from outside): what it started is ended too, and said to be. */
  private gone(why: string): void {
    if (this.dead) return
    this.dead = true
    this.onGone(this)
    for (const id of this.held.keys()) this.release(id)
    for (const child of this.children.values()) {
      if (child.exitCode !== null || child.signalCode !== null) {
        // Reaped already (its pipes held by a process that left its group): its number may be another's.
        child.closeStreams(new Error(why))
        child.emit('close', child.exitCode, child.signalCode)
        continue
      }
      if (child.pid === undefined) {
        child.emit('error', codedError('SERVICE_UNAVAILABLE', `The command was not started: ${why}; retry`))
        continue
      }
      // Its group, as the launcher would have: a sandbox being set up ignores its parent's death.
      killQuietly(-child.pid)
      child.closeStreams(new Error(why))
      child.emit('exit', null, 'SIGKILL')
      child.emit('close', null, 'SIGKILL')
    }
    this.children.clear()
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    /* gone already */
  }
}

let launcher: Launcher | undefined

/** Starts `plan` through this process's launcher (started now if it is not running, or no longer answers). */
export function launch(plan: SpawnPlan, opts: LaunchOptions): LaunchedChild {
  if (!launcher?.usable)
    launcher = new Launcher((gone) => {
      if (launcher === gone) launcher = undefined
    })
  return launcher.start(plan, opts)
}
