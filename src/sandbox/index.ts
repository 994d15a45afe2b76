/**
 * The OS sandbox every child process of a tool runs in (shell, git, ripgrep, python). bubblewrap
 * is Debian's own, small and audited, and takes a fresh policy per call as plain arguments, which
 * suits per-key workspaces and the `network` scope. `auto` uses it when a probe shows it works
 * here; `off` runs children with a clean environment only (one user on their own machine).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fail } from '../errors.js'
import { ARG_BYTES_MAX, ARGV_BYTES_MAX, ARGV_COUNT_MAX } from '../tools/limits.js'
import { closeSources } from './bind-sources.js'
import { createBwrapPlanner } from './bwrap.js'
import { seccompProgram, seccompSource } from './seccomp.js'
import { type LaunchedChild, type LaunchOptions, launch } from './launch.js'
import { DEFAULT_PATH, type Sandbox, type SandboxMode, type SandboxPolicy, type SpawnPlan } from './policy.js'

export type { LaunchedChild } from './launch.js'
export { DEFAULT_PATH, type PrivateDir, type Sandbox, type SandboxMode, type SandboxPolicy, type SpawnPlan } from './policy.js'

export interface SandboxOptions {
  mode: 'auto' | SandboxMode
  memoryBytes: number
  /** bwrap's path; found in the system folders by default. */
  bwrapPath?: string
}

function which(name: string): string | null {
  for (const dir of DEFAULT_PATH.split(':')) {
    const p = path.join(dir, name)
    try {
      fs.accessSync(p, fs.constants.X_OK)
      return p
    } catch {
      /* next */
    }
  }
  return null
}

const offSandbox = (fallbackReason?: string): Sandbox => ({
  mode: 'off',
  fallbackReason,
  plan: (argv, policy): SpawnPlan => ({ file: argv[0], args: argv.slice(1), env: policy.env, cwd: policy.cwd, fds: [] }),
})

const probed = new Map<string, string | null>()

/** Runs `true` under a full policy: what fails here (no bwrap, no user namespaces) fails every call. */
function probe(bwrap: string, planner: (argv: string[], policy: SandboxPolicy) => SpawnPlan): string | null {
  if (!probed.has(bwrap)) probed.set(bwrap, runProbe(planner))
  return probed.get(bwrap) as string | null
}

function runProbe(planner: (argv: string[], policy: SandboxPolicy) => SpawnPlan): string | null {
  // By its real path: what the sandbox binds must be (TMPDIR may be a link).
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'toolgate-sandbox-probe-'))
  try {
    let plan: SpawnPlan
    try {
      plan = planner(['/bin/true'], { writable: [dir], network: false, cwd: dir, env: { PATH: DEFAULT_PATH }, cpuSeconds: 5 })
    } catch (err) {
      return (err as Error).message
    }
    let r: SpawnSyncReturns<string>
    try {
      r = spawnSync(plan.file, plan.args, { env: plan.env, cwd: plan.cwd, timeout: 10_000, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', ...plan.fds] })
    } finally {
      closeSources(plan.fds)
    }
    if (r.error) return r.error.message
    return r.status === 0 ? null : r.stderr.trim().split('\n')[0] || `bwrap exited with ${r.status ?? r.signal}`
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Decides the mode once at start. Throws when `bwrap` was asked for and cannot work here. */
export function createSandbox(opts: SandboxOptions): Sandbox {
  if (opts.mode === 'off') return offSandbox()
  const bwrap = opts.bwrapPath ?? which('bwrap')
  let reason = 'bubblewrap (bwrap) is not installed'
  if (bwrap && fs.existsSync(bwrap)) {
    const program = seccompProgram()
    const seccomp = program ? seccompSource(program) : null
    const plan = createBwrapPlanner({ bwrap, memoryBytes: opts.memoryBytes, prlimit: which('prlimit'), seccomp })
    const failed = probe(bwrap, plan)
    if (failed === null) return { mode: 'bwrap', plan }
    reason = failed.includes('--bind-fd')
      ? `bwrap is too old: it lacks --bind-fd (bubblewrap 0.10 or later, or Debian 12's 0.8.0-2+deb12u1): ${failed}`
      : `bwrap does not work here: ${failed}`
  }
  if (opts.mode === 'bwrap') throw new Error(`TOOLGATE_SANDBOX=bwrap but ${reason}`)
  return offSandbox(reason)
}

/**
 * Refuses, as a 413, arguments the kernel would refuse with E2BIG: spawn would fail only after the
 * call was accepted, as a 500. Tools check their own big values first, with their own words.
 */
export function checkArgvSize(args: readonly string[]): void {
  if (args.length > ARGV_COUNT_MAX)
    fail('PAYLOAD_TOO_LARGE', `${args.length} arguments are more than the ${ARGV_COUNT_MAX} a process can be given here; pass fewer values`)
  let total = 0
  for (const arg of args) {
    const bytes = Buffer.byteLength(arg)
    if (bytes > ARG_BYTES_MAX) {
      fail('PAYLOAD_TOO_LARGE', `An argument of ${bytes} bytes (in UTF-8) is too long to pass to a process: the limit is ${ARG_BYTES_MAX} bytes per argument`)
    }
    total += bytes + 1
  }
  if (total > ARGV_BYTES_MAX)
    fail(
      'PAYLOAD_TOO_LARGE',
      `The arguments come to ${total} bytes (in UTF-8), more than the ${ARGV_BYTES_MAX} bytes a process can be given; pass fewer or shorter values`,
    )
}

/**
 * True when bwrap itself failed to set a sandbox up (its own messages start "bwrap: "): nothing
 * ran. Its words can name host paths and depend on what lies outside, so callers answer with a
 * fixed message instead of passing them on.
 */
export const sandboxSetupFailed = (stderr: string): boolean => /^bwrap: /m.test(stderr)

/** The OS temp folder by its real path: files bound into a sandbox must be named by their real paths (bind-sources.ts). */
export const realTmpdir = (): Promise<string> => fs.promises.realpath(os.tmpdir())

/**
 * Spawns `argv` as `sandbox` confines it under `policy`, through the process launcher (launch.ts),
 * as the leader of a process group of its own: ending the group ends everything it started.
 */
export function spawnConfined(sandbox: Sandbox, argv: string[], policy: SandboxPolicy, opts: LaunchOptions): LaunchedChild {
  const plan = sandbox.plan(argv, policy)
  try {
    checkArgvSize(plan.args)
  } catch (err) {
    closeSources(plan.fds)
    throw err
  }
  const stdio = [...opts.stdio, 'ignore', 'ignore', 'ignore'].slice(0, 3) as LaunchOptions['stdio']
  // Its descriptors stay open here until the launcher has its own copies (launch.ts closes them).
  return launch(plan, { stdio })
}
