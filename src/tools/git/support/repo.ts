/**
 * Where every git tool meets git: `repo_path` through the workspace guard, then the repository
 * itself checked as the hostile input it is. Its work tree, git folder, common folder and every
 * alternate object store must be inside the caller's workspace, and only the inert part of its
 * config counts (safe-config.ts). Each command then runs through run.ts.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fail } from '../../../errors.js'
import { isInside, lstatBeneath, relOf, resolveInside } from '../../../workspace/index.js'
import type { ToolContext } from '../../define.js'
import { assertNotOption } from './args.js'
import { isInert, parseConfigList, writeInertConfig } from './safe-config.js'
import { runGit, type GitPlace, type GitResult, type RunOptions } from './run.js'

export { scrub, type GitResult, type RunOptions } from './run.js'

export interface Repo {
  /** repo_path relative to the workspace root ('.' = the root). */
  rel: string
  /** The work tree's top level, relative to the workspace root. */
  topRel: string
  git(args: string[], opts?: RunOptions): Promise<GitResult>
}

type GitCtx = Pick<ToolContext, 'workspace' | 'signal' | 'services'>

const unsafe = (why: string): never => fail('GIT_UNSAFE_REPOSITORY', `${why}; git tools only work on repositories kept entirely inside your workspace`)

async function realInside(root: string, p: string, what: string): Promise<string> {
  const real = await fs.realpath(p).catch(() => unsafe(`The repository's ${what} cannot be resolved`))
  if (!isInside(root, real)) unsafe(`The repository's ${what} is outside the workspace`)
  return real
}

/**
 * The nearest `.git` above `dir` (up to the root): where a `.git` file or link leads, and the
 * `commondir` of the git folder it names, must be inside. (Sandboxed, git could not see outside
 * anyway; this names the refusal.)
 */
async function checkGitLink(root: string, dir: string): Promise<void> {
  for (let d = dir; isInside(root, d); d = path.dirname(d)) {
    const dotGit = path.join(d, '.git')
    const st = await fs.lstat(dotGit).catch(() => null)
    if (st === null) {
      if (d === root) return
      continue
    }
    let gitDir = dotGit
    if (!st.isDirectory()) {
      const text = st.isFile() ? await fs.readFile(dotGit, 'utf8').catch(() => '') : ''
      gitDir = st.isFile() ? path.resolve(d, /^gitdir: (.*)$/m.exec(text)?.[1]?.trim() ?? '.git') : dotGit
      if (!isInside(root, await fs.realpath(gitDir).catch(() => gitDir))) unsafe("The repository's .git file or link points outside the workspace")
    }
    const common = (await fs.readFile(path.join(gitDir, 'commondir'), 'utf8').catch(() => '')).trim()
    if (common) await realInside(root, path.resolve(gitDir, common), 'common git folder (commondir)')
    return
  }
}

/** Every alternate object store (objects/info/alternates) must be inside the workspace too. */
async function checkAlternates(root: string, commonDir: string): Promise<void> {
  const objects = path.join(commonDir, 'objects')
  const text = await fs.readFile(path.join(objects, 'info', 'alternates'), 'utf8').catch(() => '')
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))) {
    const target = path.resolve(objects, line.replace(/^"|"$/g, ''))
    const real = await fs.realpath(target).catch(() => target)
    if (!isInside(root, real)) unsafe('The repository borrows objects from a store outside the workspace (objects/info/alternates)')
  }
}

/** The config git would read, reduced to inert keys: mounted over the real one, or refused without a sandbox. */
async function safeConfig(place: GitPlace, commonDir: string, ctx: GitCtx): Promise<GitPlace['overlays']> {
  const file = path.join(commonDir, 'config')
  if (!(await fs.stat(file).catch(() => null))?.isFile()) return []
  const r = await runGit(place, ['config', '--file', file, '--no-includes', '--null', '--list'], ctx, { allowFail: true })
  if (r.exitCode !== 0) unsafe("The repository's config file cannot be read")
  const entries = parseConfigList(r.stdout)
  if (ctx.services.sandbox.mode === 'off') {
    const active = [...new Set(entries.filter((e) => !isInert(e.key)).map((e) => e.key))]
    if (active.length > 0) {
      unsafe(`Without the OS sandbox (TOOLGATE_SANDBOX=off) git tools refuse a repository whose config sets ${active.slice(0, 5).join(', ')}`)
    }
    return []
  }
  // bwrap mounts onto no link: a config that is one is covered where it leads, which git sees only inside the bound root.
  const target = await fs.realpath(file)
  if (!isInside(place.root, target)) unsafe("The repository's config file is a link that leads out of the repository's folder")
  return [{ source: await writeInertConfig(entries), target }]
}

/**
 * Resolves `repo_path` inside the caller's workspace (through links, which must stay inside),
 * finds the repository it belongs to, checks it, and returns a runner bound to it.
 */
export async function openRepo(ctx: GitCtx, repoPath = '.'): Promise<Repo> {
  assertNotOption('repo_path', repoPath)
  const res = await resolveInside(ctx.workspace, repoPath)
  const dir = res.real as string
  const st = await lstatBeneath(res.root, dir, res.rel)
  if (!st.isDirectory()) fail('INVALID_REQUEST', `repo_path ${res.rel} is a file; pass the folder of a git repository`)
  const root = res.root
  await checkGitLink(root, dir)
  const bare: GitPlace = { cwd: dir, root, overlays: [] }
  const probe = await runGit(bare, ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-common-dir'], ctx, { allowFail: true })
  const [top, gitDir, commonDir] = probe.stdout.split('\n')
  if (probe.exitCode !== 0 || !top || !gitDir || !commonDir) {
    fail('INVALID_REQUEST', `${res.rel} is not in a git work tree inside the workspace; pass repo_path of a repository (run "git init" there first)`, {
      details: { repo_path: res.rel },
    })
  }
  const realTop = await realInside(root, top, 'work tree')
  const realGitDir = await realInside(root, gitDir, '.git folder')
  const realCommon = await realInside(root, path.resolve(dir, commonDir), 'common git folder (commondir)')
  await checkAlternates(root, realCommon)
  const overlays = await safeConfig(bare, realCommon, ctx)
  return {
    rel: res.rel,
    topRel: relOf(root, realTop),
    git: (args, opts = {}) => runGit({ cwd: opts.atTop ? realTop : dir, root, overlays, pinned: { gitDir: realGitDir, workTree: realTop } }, args, ctx, opts),
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
    fail(
      'NOT_FOUND',
      `Unknown revision for ${field}: ${JSON.stringify(rev)} is not a ${peel === '^{commit}' ? 'commit' : 'git object'} in ${repo.rel}; list branches with git_branches`,
      { details: { field, received: rev } },
    )
  }
  return sha
}
