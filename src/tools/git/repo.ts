/**
 * Where every git tool meets git: `repo_path` through the workspace guard, then one simple-git
 * instance per command with a clean environment, the call's abort signal, and fixed hardening.
 * git only ever sees constant options, object ids and checked values (args.ts).
 *
 * Hardening: no system config (GIT_CONFIG_NOSYSTEM), no global config (HOME and XDG_CONFIG_HOME
 * point at /dev/null: the workspace's own `.gitconfig` is writable by the file tools, so it must
 * not count), no prompts, no pager (`--no-pager`), hooks off (`core.hooksPath=/dev/null`),
 * no fsmonitor, literal pathspecs, and discovery stopped at the workspace root
 * (GIT_CEILING_DIRECTORIES). simple-git's unsafe-operation checks stay on; only the two categories
 * our own constant `-c` switches need are allowed.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { GitPluginError, simpleGit } from 'simple-git'
import { fail } from '../../errors.js'
import { isInside, relOf, resolveInside } from '../../workspace/index.js'
import type { ToolContext } from '../define.js'
import { assertNotOption } from './args.js'

export interface GitResult { stdout: string; stderr: string; exitCode: number }

export interface RunOptions {
  /** Answer non-zero exits instead of failing with INVALID_REQUEST. */
  allowFail?: boolean
  /** Run at the repository's top level instead of repo_path. */
  atTop?: boolean
  /** Extra environment (author names for commits). */
  env?: Record<string, string>
}

export interface Repo {
  /** repo_path relative to the workspace root ('.' = the root). */
  rel: string
  /** The work tree's top level, relative to the workspace root. */
  topRel: string
  git(args: string[], opts?: RunOptions): Promise<GitResult>
}

/** Our constant switches; simple-git refuses them unless these categories are allowed. */
const HARDENING = ['--no-pager', '--literal-pathspecs', '-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'core.quotePath=false']
const UNSAFE_ALLOWED = { allowUnsafeHooksPath: true, allowUnsafeFsMonitor: true } as const
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

/**
 * HOME and XDG_CONFIG_HOME: /dev/null is no folder, so git finds no global config there (and
 * quietly skips it), and nobody can put one there.
 */
const NO_HOME = '/dev/null'

function cleanEnv(root: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH || DEFAULT_PATH,
    HOME: NO_HOME,
    XDG_CONFIG_HOME: NO_HOME,
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_CEILING_DIRECTORIES: path.dirname(root),
    ...extra,
  }
}

/** Server paths never reach callers: git's messages name paths relative to the workspace. */
export function scrub(text: string, root: string): string {
  return text.split(`${root}/`).join('').split(root).join('.')
}

async function runGit(cwd: string, root: string, args: string[], ctx: Pick<ToolContext, 'signal'>, opts: RunOptions): Promise<GitResult> {
  let last: { exitCode: number; stderr: string } | undefined
  const git = simpleGit({
    baseDir: cwd,
    abort: ctx.signal,
    maxConcurrentProcesses: 1,
    trimmed: false,
    unsafe: UNSAFE_ALLOWED,
    errors(error, result) {
      last = { exitCode: result.exitCode, stderr: Buffer.concat(result.stdErr).toString('utf8') }
      // Plain non-zero exits are answered by the caller; plugin refusals and aborts stay errors.
      if (error instanceof GitPluginError) return error
      return typeof result.exitCode === 'number' && result.exitCode > 0 ? undefined : error
    },
  }).env(cleanEnv(root, opts.env))
  let stdout: string
  try {
    stdout = await git.raw([...HARDENING, ...args])
  } catch (err) {
    if (err instanceof GitPluginError && err.plugin === 'unsafe') {
      fail('GIT_OPTION_INJECTION', `git refused an unsafe option: ${err.message}; remove options from the values you pass`)
    }
    throw err
  }
  const res = { stdout, stderr: scrub(last?.stderr ?? '', root), exitCode: last?.exitCode ?? 0 }
  if (res.exitCode !== 0 && !opts.allowFail) {
    const why = res.stderr.trim().split('\n').slice(0, 3).join('; ') || `exit code ${res.exitCode}`
    fail('INVALID_REQUEST', `git ${args[0]} failed: ${why}`, { details: { returncode: res.exitCode } })
  }
  return res
}

/**
 * Resolves `repo_path` inside the caller's workspace (through links, which must stay inside) and
 * checks that the repository it belongs to, work tree and git folder alike, is inside too.
 */
export async function openRepo(ctx: Pick<ToolContext, 'workspace' | 'signal'>, repoPath = '.'): Promise<Repo> {
  assertNotOption('repo_path', repoPath)
  const res = await resolveInside(ctx.workspace, repoPath)
  const dir = res.real as string
  if (!(await fs.stat(dir)).isDirectory()) fail('INVALID_REQUEST', `repo_path ${res.rel} is a file; pass the folder of a git repository`)
  const root = res.root
  const probe = await runGit(dir, root, ['rev-parse', '--show-toplevel', '--absolute-git-dir'], ctx, { allowFail: true })
  const [top, gitDir] = probe.stdout.split('\n')
  if (probe.exitCode !== 0 || !top || !gitDir) {
    fail('INVALID_REQUEST', `${res.rel} is not in a git work tree inside the workspace; pass repo_path of a repository (run "git init" there first)`,
      { details: { repo_path: res.rel } })
  }
  const [realTop, realGitDir] = await Promise.all([fs.realpath(top), fs.realpath(gitDir)])
  if (!isInside(root, realTop) || !isInside(root, realGitDir)) {
    fail('PATH_OUTSIDE_WORKSPACE', `The repository at ${res.rel} keeps its work tree or .git folder outside the workspace; use a repository inside it`)
  }
  return {
    rel: res.rel,
    topRel: relOf(root, realTop),
    git: (args, opts = {}) => runGit(opts.atTop ? realTop : dir, root, args, ctx, opts),
  }
}

/** True when `rev` names an object, as its full id; never throws for unknown names. */
export async function resolveObject(repo: Repo, rev: string): Promise<string | null> {
  const r = await repo.git(['rev-parse', '--verify', '--quiet', '--end-of-options', rev], { allowFail: true })
  const sha = r.stdout.trim()
  return r.exitCode === 0 && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null
}

/** resolveObject, or 404 naming the field. */
export async function requireObject(repo: Repo, field: string, rev: string, peel = '^{object}'): Promise<string> {
  const sha = await resolveObject(repo, `${rev}${peel}`)
  if (sha === null) {
    fail('NOT_FOUND', `Unknown revision for ${field}: ${JSON.stringify(rev)} is not a ${peel === '^{commit}' ? 'commit' : 'git object'} in ${repo.rel}; list branches with git_branches`,
      { details: { field, received: rev } })
  }
  return sha
}
