/**
 * Running one git command: in the OS sandbox (the caller's workspace only, no network), with a
 * clean environment that reads no system or global config, prompts nothing and pages nothing,
 * and constant switches that turn hooks and fsmonitor off. git only ever sees these switches,
 * object ids and checked values (args.ts).
 */
import path from 'node:path'
import { fail } from '../../../errors.js'
import { type ChunkedText, OutputText } from '../../../lib/chunked-text.js'
import { DEFAULT_PATH, type PrivateDir, sandboxSetupFailed, spawnConfined } from '../../../sandbox/index.js'
import type { ToolContext } from '../../define.js'

export interface GitResult {
  /** stdout decoded as it was read (bytes that were not UTF-8 became replacement characters). */
  out: ChunkedText
  /** The same, whole: for output that is small or must be whole. */
  readonly stdout: string
  stderr: string
  exitCode: number
}

export interface RunOptions {
  /** Answer non-zero exits instead of failing with INVALID_REQUEST. */
  allowFail?: boolean
  /** Run at the repository's top level instead of repo_path. */
  atTop?: boolean
  /** Extra environment (author names for commits). */
  env?: Record<string, string>
  /** Written to git's stdin (a patch). */
  input?: string
}

/** Where a command runs: its folder, the workspace root it may see, and the repository once checked. */
export interface GitPlace {
  cwd: string
  root: string
  /** GIT_DIR and GIT_WORK_TREE once the repository is found and checked: git never looks for it again. */
  pinned?: { gitDir: string; workTree: string }
  /** The real common git folder and the checked copy of its config that git reads instead (sandboxed only). */
  common?: { dir: string; config: string }
}

/** Where git finds its common folder inside the sandbox: outside the workspace, so nothing is mounted there (policy.ts). */
const COMMON_INSIDE = '/run/toolgate-git'
/** What git keeps in the common folder besides config (git's path.c, common_list); hooks are off. */
const COMMON_NAMES = [
  'objects',
  'refs',
  'packed-refs',
  'logs',
  'info',
  'shallow',
  'remotes',
  'branches',
  'worktrees',
  'rr-cache',
  'lost-found',
  'svn',
  'common',
  'gc.pid',
]

/** git's common folder as the sandbox lays it out: the checked config, and links to the rest of the real one. */
function commonFolder(common: NonNullable<GitPlace['common']>): PrivateDir {
  const links = Object.fromEntries(COMMON_NAMES.map((name) => [name, path.join(common.dir, name)]))
  return { path: COMMON_INSIDE, links, files: { config: common.config } }
}

const HARDENING = [
  '--no-pager',
  '--literal-pathspecs',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.quotePath=false',
  // Answers are text for a model: a repository's color.ui=always would put escape codes in them.
  '-c',
  'color.ui=false',
  '-c',
  'protocol.allow=never',
  '-c',
  'safe.bareRepository=explicit',
  // A submodule is another repository whose config nobody checked: git must not enter it.
  '-c',
  'diff.ignoreSubmodules=all',
  '-c',
  'status.submoduleSummary=false',
  '-c',
  'submodule.recurse=false',
]
const MAX_OUTPUT = 64 << 20
const MAX_STDERR = 64 << 10

/** HOME and XDG_CONFIG_HOME are /dev/null: no folder, so no global config can be found or put there. */
function cleanEnv(root: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: DEFAULT_PATH,
    HOME: '/dev/null',
    XDG_CONFIG_HOME: '/dev/null',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_PAGER: 'cat',
    GIT_EDITOR: 'false',
    GIT_CEILING_DIRECTORIES: path.dirname(root),
    ...extra,
  }
}

/** Server paths never reach callers: git's messages name paths relative to the workspace. */
export function scrub(text: string, root: string): string {
  return text.split(`${root}/`).join('').split(root).join('.')
}

export async function runGit(place: GitPlace, args: string[], ctx: Pick<ToolContext, 'signal' | 'services'>, opts: RunOptions = {}): Promise<GitResult> {
  ctx.signal.throwIfAborted()
  const child = spawnConfined(
    ctx.services.sandbox,
    ['git', ...HARDENING, ...args],
    {
      writable: [place.root],
      privateDir: place.common && commonFolder(place.common),
      network: false,
      cwd: place.cwd,
      env: cleanEnv(place.root, {
        ...(place.pinned && { GIT_DIR: place.pinned.gitDir, GIT_WORK_TREE: place.pinned.workTree }),
        ...(place.common && { GIT_COMMON_DIR: COMMON_INSIDE }),
        ...opts.env,
      }),
    },
    { stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] },
  )
  const out = new OutputText()
  let stderr = ''
  let tooBig = false
  child.stdout!.on('data', (b: Buffer) => {
    if (out.bytesRead + b.length > MAX_OUTPUT) {
      tooBig = true
      child.kill('SIGKILL')
    } else out.add(b)
  })
  child.stderr!.on('data', (b: Buffer) => {
    if (stderr.length < MAX_STDERR) stderr += b.toString('utf8')
  })
  if (opts.input !== undefined) {
    child.stdin!.on('error', () => {}) // git may exit before reading it all; its exit code says why
    child.stdin!.end(opts.input)
  }
  const kill = () => child.kill('SIGKILL')
  ctx.signal.addEventListener('abort', kill, { once: true })
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve(code ?? -1))
  }).finally(() => ctx.signal.removeEventListener('abort', kill))
  ctx.signal.throwIfAborted()
  if (tooBig) fail('PAYLOAD_TOO_LARGE', `git ${args[0]} printed more than ${MAX_OUTPUT} bytes; narrow the request (a path or a smaller range)`)
  if (ctx.services.sandbox.mode !== 'off' && sandboxSetupFailed(stderr)) {
    fail('CONFLICT', `git ${args[0]} did not run: its sandbox could not be set up, as a folder of the repository changed meanwhile; try again`)
  }
  const text = out.end()
  const res: GitResult = {
    out: text,
    get stdout() {
      return text.text
    },
    stderr: scrub(stderr, place.root),
    exitCode,
  }
  if (exitCode !== 0 && !opts.allowFail) {
    const why = res.stderr.trim().split('\n').slice(0, 3).join('; ') || `exit code ${exitCode}`
    fail('INVALID_REQUEST', `git ${args[0]} failed: ${why}`, { details: { returncode: exitCode } })
  }
  return res
}
