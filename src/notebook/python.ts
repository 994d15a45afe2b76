/**
 * One long-lived Python process per interpreter answers syntax checks, so a code cell costs a
 * pipe round trip rather than a Python start-up (~20 ms). The worker is restarted when it dies or
 * a request times out, stopped after a minute without work, and never keeps Node alive: its
 * process and pipes are unref'd, and it exits on its own when its stdin closes.
 */
import fs from 'node:fs'
import path from 'node:path'
import { codedError, type CodedError } from '../errors.js'
import { DEFAULT_PATH, type LaunchedChild, spawnConfined, type Sandbox } from '../sandbox/index.js'
import { WORKER_SOURCE } from './python-worker.js'

export const DEFAULT_PYTHON = '/usr/bin/python3'
const REQUEST_TIMEOUT_MS = 10_000
const IDLE_MS = 60_000
const STDERR_TAIL = 2_000

export interface Hello {
  version: [number, number, number]
  executable: string
  stdlib: string[]
}

interface Pending {
  resolve(v: any): void
  reject(e: CodedError): void
  timer: NodeJS.Timeout
}

/** The interpreter to use: TOOLGATE_PYTHON, else /usr/bin/python3 when present, else python3 on PATH. */
export function interpreterOf(configured: string | undefined): string {
  if (configured) return configured
  return fs.existsSync(DEFAULT_PYTHON) ? DEFAULT_PYTHON : 'python3'
}

const unavailable = (exe: string, why: string) =>
  codedError('PYTHON_NOT_AVAILABLE', `The Python interpreter ${exe} ${why}. Install python3 or set TOOLGATE_PYTHON to an interpreter's path`)

export class PythonWorker {
  private child?: LaunchedChild
  private pending = new Map<number, Pending>()
  private nextId = 1
  private buffer = ''
  private stderr = ''
  /** Whether the current child has answered at least once: a silent death means a bad interpreter. */
  private answered = false
  private idle?: NodeJS.Timeout
  private hello?: Promise<Hello>

  constructor(
    readonly exe: string,
    private readonly sandbox: Sandbox,
    private readonly opts: { timeoutMs?: number; idleMs?: number } = {},
  ) {}

  /** The running child's pid, if any (tests use it to see restarts). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Version and standard library of the interpreter; asked once, kept across restarts (same interpreter). */
  info(): Promise<Hello> {
    this.hello ??= this.request<Hello>({ op: 'hello' }).then((h) => {
      if (h.version[0] < 3 || (h.version[0] === 3 && h.version[1] < 8)) {
        throw codedError(
          'PYTHON_NOT_AVAILABLE',
          `${this.exe} is Python ${h.version.join('.')}; the notebook syntax check needs Python 3.8 or later (set TOOLGATE_PYTHON)`,
        )
      }
      return h
    })
    this.hello.catch(() => (this.hello = undefined))
    return this.hello
  }

  request<T>(message: Record<string, unknown>, timeoutMs = this.opts.timeoutMs ?? REQUEST_TIMEOUT_MS): Promise<T> {
    // Inside the sandbox a missing interpreter is only bwrap's exit code: say it plainly first.
    if (!this.child && path.isAbsolute(this.exe) && !fs.existsSync(this.exe)) return Promise.reject(unavailable(this.exe, 'was not found'))
    const child = this.child ?? this.start()
    const id = this.nextId++
    clearTimeout(this.idle)
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        // A worker stuck on one request is stuck for all: replace it.
        this.kill(codedError('SERVICE_UNAVAILABLE', 'The Python syntax checker was restarted after another request timed out; retry'))
        reject(codedError('TIMEOUT', `The Python syntax check did not answer within ${timeoutMs} ms`, { details: { timeout_ms: timeoutMs } }))
      }, timeoutMs)
      this.pending.set(id, { resolve, reject, timer })
      child.stdin!.write(`${JSON.stringify({ ...message, id })}\n`)
    })
  }

  /** Ends the worker; pending requests fail with `reason`. */
  stop(): void {
    this.kill(codedError('SERVICE_UNAVAILABLE', 'The Python syntax checker was stopped; retry'))
  }

  private start(): LaunchedChild {
    // It reads code from its stdin only: no workspace, no network, nothing writable.
    const child = spawnConfined(
      this.sandbox,
      [this.exe, '-I', '-c', WORKER_SOURCE],
      {
        writable: [],
        readable: installPrefix(this.exe),
        network: false,
        cwd: '/',
        env: { PATH: DEFAULT_PATH, LANG: 'C.UTF-8' },
      },
      { stdio: ['pipe', 'pipe', 'pipe'] },
    )
    this.child = child
    this.buffer = ''
    this.stderr = ''
    this.answered = false
    child.unref()
    for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as { unref?(): void } | null)?.unref?.()
    child.stdin!.on('error', () => {}) // EPIPE when it died: the exit handler reports it
    child.stdout!.setEncoding('utf8')
    child.stdout!.on('data', (chunk: string) => this.onData(child, chunk))
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (chunk: string) => (this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL)))
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (this.child !== child) return
      this.child = undefined
      this.failAll(unavailable(this.exe, err.code === 'ENOENT' ? 'was not found' : `could not be started (${err.code ?? err.message})`))
    })
    child.on('exit', (code, signal) => {
      if (this.child !== child) return
      this.child = undefined
      const tail = this.stderr.trim().split('\n').slice(-3).join(' | ')
      this.failAll(
        this.answered
          ? codedError('SERVICE_UNAVAILABLE', `The Python syntax checker stopped (${signal ?? `exit code ${code}`}); retry`)
          : codedError(
              'PYTHON_NOT_AVAILABLE',
              `The Python interpreter ${this.exe} exited (${signal ?? `exit code ${code}`}) before answering${tail ? `: ${tail}` : ''}. Set TOOLGATE_PYTHON to a Python 3.8+ interpreter`,
            ),
      )
    })
    return child
  }

  private onData(child: LaunchedChild, chunk: string): void {
    if (this.child !== child) return
    this.buffer += chunk
    let nl: number
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl)
      this.buffer = this.buffer.slice(nl + 1)
      let msg: { id?: number; failure?: string }
      try {
        msg = JSON.parse(line)
      } catch {
        continue
      }
      this.answered = true
      const p = msg.id === undefined ? undefined : this.pending.get(msg.id)
      if (!p) continue
      this.pending.delete(msg.id!)
      clearTimeout(p.timer)
      if (msg.failure) p.reject(codedError('INTERNAL_ERROR', 'The Python syntax checker failed on this request'))
      else p.resolve(msg)
    }
    if (this.pending.size === 0) this.armIdle()
  }

  private armIdle(): void {
    clearTimeout(this.idle)
    this.idle = setTimeout(() => this.stop(), this.opts.idleMs ?? IDLE_MS)
    this.idle.unref()
  }

  private kill(reason: CodedError): void {
    const child = this.child
    this.child = undefined
    clearTimeout(this.idle)
    this.failAll(reason)
    if (child) {
      child.stdin?.end()
      child.kill('SIGKILL')
    }
  }

  private failAll(reason: CodedError): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer)
      this.pending.delete(id)
      p.reject(reason)
    }
  }
}

/** An interpreter installed outside the system folders (pyenv, a venv) is shown to the sandbox read-only. */
function installPrefix(exe: string): string[] {
  let real: string
  try {
    real = fs.realpathSync(exe)
  } catch {
    return []
  } // not there: starting it reports that
  const prefix = path.dirname(path.dirname(real))
  return ['/usr', '/bin', '/lib', '/lib64'].some((d) => prefix === d || prefix.startsWith(`${d}/`)) ? [] : [prefix]
}

const workers = new Map<string, PythonWorker>()

/** The shared worker for an interpreter (one per process, interpreter path and sandbox mode). */
export function workerFor(configured: string | undefined, sandbox: Sandbox): PythonWorker {
  const exe = interpreterOf(configured)
  const key = `${exe}\0${sandbox.mode}`
  let w = workers.get(key)
  if (!w) workers.set(key, (w = new PythonWorker(exe, sandbox)))
  return w
}
