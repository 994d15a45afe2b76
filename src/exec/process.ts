/**
 * Starting and ending commands. Every command is `/bin/bash -c` in the OS sandbox (src/sandbox:
 * only the caller's workspace, its own pid namespace, no network without the `network` scope) and
 * in its own process group, with stdin closed and a clean environment, so that ending it means
 * ending the group, and with the sandbox its whole pid namespace: `setsid` escapees included.
 */
import os from 'node:os'
import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { DEFAULT_PATH, type LaunchedChild, spawnConfined, type Sandbox } from '../sandbox/index.js'

export { DEFAULT_PATH }
/** How long a process group gets between SIGTERM and SIGKILL when it is ended. */
export const KILL_GRACE_MS = 100
/** How long output pipes may stay open after the shell exited (held by a process outside the group). */
const PIPE_WAIT_MS = 1_000
/** How long `kill` waits past the grace for the shell to be reaped: one stuck in a disk wait outlasts SIGKILL. */
const REAP_WAIT_MS = 1_000

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface Running {
  pid: number
  /** Resolves once the shell has exited and its output is all read. */
  done: Promise<Exit>
  /**
   * Ends the whole process group: SIGTERM, then SIGKILL after `graceMs` if anything is left
   * (through the launcher, never by pid from here). Resolves once the shell was reaped.
   */
  kill(graceMs?: number): Promise<void>
}

export interface StartOptions {
  command: string
  /** Absolute working directory (already checked to be inside the workspace). */
  cwd: string
  /** HOME for the command: the caller's workspace root, the one folder it may write. */
  home: string
  sandbox: Sandbox
  /** The key has the `network` scope. */
  network: boolean
  /** CPU seconds per process (foreground commands: their timeout). */
  cpuSeconds?: number
  onOutput(text: string, stream: 'stdout' | 'stderr', bytes: number): void
}

/** The only variables a command sees. */
export function cleanEnv(cwd: string, home: string): Record<string, string> {
  return { PATH: DEFAULT_PATH, HOME: home, LANG: 'C.UTF-8', TERM: 'dumb', PWD: cwd }
}

/** bwrap reports a command ended by signal N as exit code 128+N, as a shell does: name the signal again. */
function exitInside(code: number | null, signal: NodeJS.Signals | null): Exit {
  const name = code !== null && code > 128 ? SIGNAL_NAMES.get(code - 128) : undefined
  return name ? { code: null, signal: name } : { code, signal }
}

const SIGNAL_NAMES = new Map(Object.entries(os.constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]))

type Streams = { stdout: Readable; stderr: Readable }

/** Hands each stream's text to `onOutput` as it arrives, a character split across chunks kept whole. */
function forwardOutput(streams: Streams, onOutput: StartOptions['onOutput']): void {
  for (const stream of ['stdout', 'stderr'] as const) {
    const decoder = new StringDecoder('utf8')
    streams[stream].on('data', (chunk: Buffer) => onOutput(decoder.write(chunk), stream, chunk.length))
    streams[stream].on('end', () => {
      const rest = decoder.end()
      if (rest) onOutput(rest, stream, 0)
    })
  }
}

/** Resolves once the shell has exited and its pipes are closed; rejects when it could not start. */
function exitOf(child: LaunchedChild, streams: Streams, sandbox: Sandbox): Promise<Exit> {
  return new Promise<Exit>((resolve, reject) => {
    let exit: Exit | undefined
    let straggler: NodeJS.Timeout | undefined
    child.once('error', reject)
    child.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      exit = sandbox.mode === 'bwrap' ? exitInside(code, signal) : { code, signal }
      // The launcher ends what the shell left in its group (`&` jobs) as it reaps it; a process that
      // escaped the group (setsid) and still holds the pipes open must not keep the call waiting,
      // so the pipes are closed after a while.
      straggler = setTimeout(() => {
        streams.stdout.destroy()
        streams.stderr.destroy()
      }, KILL_GRACE_MS + PIPE_WAIT_MS)
      straggler.unref()
    })
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(straggler)
      resolve(exit ?? { code, signal })
    })
  })
}

/** Starts the command; resolves once it runs (or could not be started: `done` then rejects). */
export async function startCommand(opts: StartOptions): Promise<Running> {
  const child = spawnConfined(
    opts.sandbox,
    ['/bin/bash', '-c', opts.command],
    { writable: [opts.home], network: opts.network, cwd: opts.cwd, env: cleanEnv(opts.cwd, opts.home), cpuSeconds: opts.cpuSeconds },
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  // Every listener before the first await: the launcher's messages about a short command (started,
  // output, exited, closed) can all arrive at once and be emitted before an await resumes.
  const streams = { stdout: child.stdout as Readable, stderr: child.stderr as Readable }
  forwardOutput(streams, opts.onOutput)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const done = exitOf(child, streams, opts.sandbox)
  done.catch(() => {}) // a start that failed: the caller sees it through `done`
  const started = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true))
    child.once('error', () => resolve(false))
  })
  if (!started) return { pid: -1, done, kill: async () => {} }
  const kill = async (graceMs = KILL_GRACE_MS) => {
    child.end(graceMs)
    let timer: NodeJS.Timeout | undefined
    await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs + REAP_WAIT_MS)))])
    clearTimeout(timer)
  }
  return { pid: child.pid as number, done, kill }
}
