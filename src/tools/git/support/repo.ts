/**
 * Where every git tool meets git: `repo_path` through the workspace guard, then the repository
 * itself checked as the hostile input it is. Its work tree, git folder, common folder and every
 * alternate object store must be inside the caller's workspace, and only the inert part of its
 * config counts (safe-config.ts). Each command then runs through run.ts.
 *
 * These checks run on the server, outside the sandbox, so none may answer differently for what
 * lies outside the workspace: a path a repository names is refused on its spelling first, then
 * followed only by the workspace guard (which never looks outside), and the files naming such
 * paths are read through checked folders without following a link.
 */
import { constants, type Dirent, promises as fs, type Stats } from 'node:fs'
import path from 'node:path'
import { fail } from '../../../errors.js'
import { type CheckedDir, isInside, lstatBeneath, openChild, openFolderBeneath, readUpTo, relOf, resolveInside, usingFolder } from '../../../workspace/index.js'
import type { ToolContext } from '../../define.js'
import { assertNotOption } from './args.js'
import { isInert, parseConfigList, parseConfigOnce, writeInertConfig } from './safe-config.js'
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

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants
/** More than any real `.git` file, `commondir`, alternates list or config; nothing bigger is read into memory. */
const MAX_TEXT = 1 << 20

// One message per check, whatever the cause (outside, missing, a link, unreadable): a cause would tell what is outside.
const GIT_LINK = "The repository's .git file or link points outside the workspace"
const COMMON_DIR = "The repository's common git folder (commondir) is missing or outside the workspace"
const ALTERNATES = 'The repository borrows objects from a store outside the workspace (objects/info/alternates)'
const CONFIG = "The repository's config must be a plain file of at most 1 MiB that git can read, not a symbolic link"
const GIT_DATA =
  "The repository's git folder holds a link, pipe or device where git reads its own data (HEAD, index, packed-refs, shallow, refs/, logs/, info/, objects/info/, objects/pack/…); only folders and plain files may be there"
const missingOrOutside = (what: string) => `The repository's ${what} is missing or outside the workspace`

const unsafe = (why: string): never => fail('GIT_UNSAFE_REPOSITORY', `${why}; git tools only work on repositories kept entirely inside your workspace`)

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException | null)?.code ?? '')

/**
 * The real path `p` leads to, refused with `why` unless inside the workspace: decided on its
 * spelling before anything is looked up, then followed by the workspace guard, which refuses a
 * link out (or out and back in) whatever is there. With `missingOk`, a missing path inside is null.
 */
async function realInside(root: string, p: string, why: string): Promise<string>
async function realInside(root: string, p: string, why: string, missingOk: true): Promise<string | null>
async function realInside(root: string, p: string, why: string, missingOk = false): Promise<string | null> {
  const abs = path.resolve(p)
  if (!isInside(root, abs)) unsafe(why)
  const res = await resolveInside(root, relOf(root, abs), { allowMissing: missingOk }).catch(() => unsafe(why))
  return res.real
}

/** Runs `fn` on the folder `dir` (real, inside), opened level by level without following a link. */
const inFolder = <T>(root: string, dir: string, why: string, fn: (folder: CheckedDir) => Promise<T>): Promise<T> =>
  usingFolder(
    openFolderBeneath(root, dir).catch(() => unsafe(why)),
    fn,
  )

/** lstat of the entry `name` in the folder `dir`, never following a link; null when missing. */
const lstatIn = (root: string, dir: string, name: string, why: string): Promise<Stats | null> =>
  inFolder(root, dir, why, (folder) => fs.lstat(folder.at(name)).catch((err: unknown) => (isMissing(err) ? null : unsafe(why))))

/** The text of the file `name` in the folder `dir`, null when missing; anything but a plain file (a link) is refused. */
async function readPlain(root: string, dir: string, name: string, why: string, decode = (b: Buffer) => b.toString('utf8')): Promise<string | null> {
  return inFolder(root, dir, why, async (folder) => {
    const st = await fs.lstat(folder.at(name)).catch((err: unknown) => (isMissing(err) ? null : unsafe(why)))
    if (st === null) return null
    if (!st.isFile()) unsafe(why)
    // O_NOFOLLOW: a link swapped in since the lstat is refused, not followed; O_NONBLOCK: nor does a pipe hang us.
    const file = await fs.open(folder.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(() => unsafe(why))
    try {
      const now = await file.stat()
      if (!now.isFile() || now.size > MAX_TEXT) unsafe(why)
      const bytes = await readUpTo(file, MAX_TEXT)
      return bytes === null ? unsafe(why) : decode(bytes)
    } finally {
      await file.close()
    }
  })
}

/** The folders of a git folder whose files git reads as its own data, besides the git folder itself; DEEP: every folder below too. */
type Layout = { [name: string]: Layout }
const DEEP: Layout = {}
/** An object store's, the repository's own or an alternate: git opens every pack's index and reads info/ before any loose object. */
const OBJECTS_LAYOUT: Layout = { info: DEEP, pack: {} }
const DATA_LAYOUT: Layout = {
  info: {},
  logs: DEEP,
  refs: DEEP,
  worktrees: DEEP,
  sequencer: {},
  'rebase-merge': {},
  'rebase-apply': {},
  objects: OBJECTS_LAYOUT,
  // git reads remotes/<name> and branches/<name> for a branch's upstream when no config URL names it
  remotes: {},
  branches: {},
  // and rr-cache/<id>/ when a commit records a resolution (rerere is on wherever rr-cache exists)
  'rr-cache': DEEP,
}
const inner = (layout: Layout, name: string): Layout | undefined => (layout === DEEP ? DEEP : Object.hasOwn(layout, name) ? layout[name] : undefined)

/** A folder, a plain file, or a socket (fsmonitor's): what git itself leaves in a git folder. */
const isPlainEntry = (e: Dirent) => e.isDirectory() || e.isFile() || e.isSocket()

/**
 * git follows links to its own data (HEAD, index, packed-refs, shallow, MERGE_HEAD,
 * info/attributes…) and quotes a bad line in its errors: a link there would put a line of a
 * blocked or outside file into an answer, a pipe would hang the call, /dev/zero eat memory.
 * git only ever writes folders and plain files there, so anything else is refused. The walk
 * stops when the call does: a git folder of 100,000 folders took a minute.
 */
async function assertPlainData(folder: CheckedDir, signal: AbortSignal, layout: Layout = DATA_LAYOUT): Promise<void> {
  signal.throwIfAborted()
  const entries = await fs.readdir(folder.at('.'), { withFileTypes: true }).catch(() => unsafe(GIT_DATA))
  if (!entries.every(isPlainEntry)) unsafe(GIT_DATA)
  for (const e of entries) {
    const below = inner(layout, e.name)
    if (!below || !e.isDirectory()) continue
    const child = openChild(folder, e.name, e.name).catch(() => unsafe(GIT_DATA))
    await usingFolder(child, (f) => assertPlainData(f, signal, below))
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The path a `.git` file (after `gitdir: `) or a commondir names, as git reads it (setup.c): only
 * trailing CRs and LFs dropped, up to a NUL. Trimmed further, `gitdir: y ` was checked as `y` while
 * git used `y `. Bytes that are not UTF-8 are refused: they name a path no string here can.
 */
const readPathFile = (root: string, dir: string, name: string, why: string): Promise<string | null> =>
  readPlain(root, dir, name, why, (bytes) => {
    let text: string
    try {
      text = strictUtf8.decode(bytes)
    } catch {
      return unsafe(why)
    }
    return text.replace(/[\r\n]+$/, '').split('\0')[0]
  })

/**
 * Every `.git` from `dir` up to the root (git passes over one it finds invalid): where a `.git`
 * file or link leads, the `commondir` of that git folder, and its config must be inside and
 * plain, and its data plain files (assertPlainData), before git reads them. (Sandboxed, git could not see outside anyway; this names the
 * refusal, and without the sandbox it is what keeps git in.)
 */
async function checkGitLinks(root: string, dir: string, signal: AbortSignal): Promise<Set<string>> {
  const checked = new Set<string>()
  for (let d = dir; isInside(root, d); d = path.dirname(d)) {
    const st = await lstatIn(root, d, '.git', GIT_LINK)
    if (st === null) continue
    let gitDir = path.join(d, '.git')
    if (st.isFile()) {
      const text = (await readPathFile(root, d, '.git', GIT_LINK)) ?? ''
      if (!text.startsWith('gitdir: ') || text.length === 8) continue // not a gitfile: git refuses it itself
      const spelt = text.slice(8)
      gitDir = path.resolve(d, spelt)
    }
    gitDir = await realInside(root, gitDir, GIT_LINK)
    const common = await readPathFile(root, gitDir, 'commondir', COMMON_DIR)
    const commonDir = common ? await realInside(root, path.resolve(gitDir, common), COMMON_DIR) : gitDir
    const config = await lstatIn(root, commonDir, 'config', CONFIG)
    if (config !== null && !config.isFile()) unsafe(CONFIG)
    for (const data of new Set([gitDir, commonDir])) await inFolder(root, data, GIT_DATA, (folder) => assertPlainData(folder, signal))
    checked.add(gitDir).add(commonDir)
  }
  return checked
}

/** How deep git follows alternates of alternates (object-file.c reads no list past the fifth level). */
const ALTERNATES_DEPTH = 5
/** More stores than any real repository borrows from; beyond it the checks themselves would be the cost. */
const ALTERNATES_MAX = 100

/** The stores `objects/info/alternates` lists, as git reads it: each line a path relative to `objects`. */
async function alternatesOf(root: string, objects: string): Promise<string[]> {
  const file = await realInside(root, path.join(objects, 'info', 'alternates'), ALTERNATES, true)
  const text = file === null ? null : await readPlain(root, path.dirname(file), path.basename(file), ALTERNATES)
  // git unquotes a line in C style (\057 is "/"): refused rather than parsed.
  if (text?.includes('"')) unsafe(ALTERNATES)
  const lines = (text ?? '').split('\n').filter((l) => l && !l.startsWith('#'))
  if (lines.length > ALTERNATES_MAX) unsafe(ALTERNATES)
  return lines.map((l) => path.resolve(objects, l))
}

/**
 * Every alternate object store, and theirs in turn, must be inside the workspace too; a missing
 * one is ignored, as by git. Level by level, so that each store's list is read at the shallowest
 * depth git would read it.
 */
async function checkAlternates(root: string, objectsDir: string, signal: AbortSignal): Promise<void> {
  const seen = new Set<string>()
  let level = [objectsDir]
  for (let depth = 0; level.length > 0; depth++) {
    const next: string[] = []
    for (const dir of level) {
      const objects = await realInside(root, dir, ALTERNATES, true)
      if (objects === null || seen.has(objects)) continue
      seen.add(objects)
      if (seen.size > ALTERNATES_MAX) unsafe(ALTERNATES)
      if (depth > 0) await inFolder(root, objects, GIT_DATA, (folder) => assertPlainData(folder, signal, OBJECTS_LAYOUT))
      if (depth <= ALTERNATES_DEPTH) next.push(...(await alternatesOf(root, objects)))
    }
    level = next
  }
}

/**
 * The config git reads instead of the repository's (run.ts), reduced to inert keys; without a
 * sandbox, none: a repository with any other key is refused. Read here as a plain file (never
 * through a link) and handed to git on stdin, so what is checked is what git reads.
 */
async function safeConfig(place: GitPlace, commonDir: string, ctx: GitCtx): Promise<GitPlace['common']> {
  const text = await readPlain(place.root, commonDir, 'config', CONFIG)
  if (text === null) return ctx.services.sandbox.mode === 'off' ? undefined : { dir: commonDir, config: await writeInertConfig([]) }
  const entries =
    (await parseConfigOnce(place.root, text, async () => {
      const r = await runGit(place, ['config', '--file', '-', '--no-includes', '--null', '--list'], ctx, { allowFail: true, input: text })
      return r.exitCode === 0 ? { entries: parseConfigList(r.stdout), listed: r.stdout.length } : null
    })) ?? unsafe(CONFIG)
  if (ctx.services.sandbox.mode === 'off') {
    const active = [...new Set(entries.filter((e) => !isInert(e.key)).map((e) => e.key))]
    if (active.length > 0) {
      unsafe(`Without the OS sandbox (TOOLGATE_SANDBOX=off) git tools refuse a repository whose config sets ${active.slice(0, 5).join(', ')}`)
    }
    return undefined
  }
  return { dir: commonDir, config: await writeInertConfig(entries) }
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
  const checked = await checkGitLinks(root, dir, ctx.signal)
  const bare: GitPlace = { cwd: dir, root }
  const probe = await runGit(bare, ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-common-dir'], ctx, { allowFail: true })
  const [top, gitDir, commonDir] = probe.stdout.split('\n')
  if (probe.exitCode !== 0 || !top || !gitDir || !commonDir) {
    fail('INVALID_REQUEST', `${res.rel} is not in a git work tree inside the workspace; pass repo_path of a repository (run "git init" there first)`, {
      details: { repo_path: res.rel },
    })
  }
  const realTop = await realInside(root, top, missingOrOutside('work tree'))
  const realGitDir = await realInside(root, gitDir, missingOrOutside('.git folder'))
  const realCommon = await realInside(root, path.resolve(dir, commonDir), COMMON_DIR)
  // The folders git itself reports, should they differ from those read above: its data is checked before any command reads it.
  for (const data of [realGitDir, realCommon]) {
    if (!checked.has(data)) await inFolder(root, data, GIT_DATA, (folder) => assertPlainData(folder, ctx.signal))
  }
  await checkAlternates(root, path.join(realCommon, 'objects'), ctx.signal)
  const common = await safeConfig(bare, realCommon, ctx)
  return {
    rel: res.rel,
    topRel: relOf(root, realTop),
    git: (args, opts = {}) => runGit({ cwd: opts.atTop ? realTop : dir, root, common, pinned: { gitDir: realGitDir, workTree: realTop } }, args, ctx, opts),
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
