/**
 * Fixtures for the git tool suites: the real app with every tool plus the git tools, and real
 * repositories made with the git CLI in folders of the test workspace.
 */
import { execFileSync } from 'node:child_process'
import { promises as fs, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { allTools } from '../../../src/tools/index.js'
import { gitTools } from '../../../src/tools/git/index.js'
import type { AnyTool } from '../../../src/tools/define.js'
import { buildTestApp, type TestApp, type TestAppOptions } from '../../helper.js'

export const tools: AnyTool[] = [...new Map([...allTools, ...gitTools].map((t) => [t.name, t])).values()]

export const buildGitApp = (opts: TestAppOptions = {}): Promise<TestApp> => buildTestApp({ tools, ...opts })

/** The git CLI as a test author would run it, isolated from the machine's configuration. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test Author', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  })
}

/** `git` with `input` on its stdin, for repositories built from large listings (mktree, update-index). */
export function gitFed(cwd: string, input: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test Author', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim()
}

/**
 * A repository at `dir` with two commits: `README.md` ("hello" → "hello\nworld") and `src/app.txt`,
 * plus a tag v1 on the first commit and a branch `feature`. Made with git once per worker and
 * copied (no process at all, where git takes seven); into a folder that exists, made there with git.
 */
export async function makeRepo(dir: string): Promise<string> {
  if (await exists(dir)) return buildRepo(dir)
  original ??= fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-repo-')).then((root) => {
    process.once('exit', () => rmSync(root, { recursive: true, force: true }))
    return buildRepo(path.join(root, 'repo'))
  })
  await fs.mkdir(path.dirname(dir), { recursive: true })
  // Timestamps kept, as `cp -a` would: the index's cached stat data stays valid.
  await fs.cp(await original, dir, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true })
  return dir
}
let original: Promise<string> | undefined

async function buildRepo(dir: string): Promise<string> {
  await fs.mkdir(path.join(dir, 'src'), { recursive: true })
  git(dir, 'init', '-q')
  await fs.writeFile(path.join(dir, 'README.md'), 'hello\n')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'first commit')
  git(dir, 'tag', '-a', 'v1', '-m', 'version one')
  await fs.writeFile(path.join(dir, 'README.md'), 'hello\nworld\n')
  await fs.writeFile(path.join(dir, 'src/app.txt'), 'one\ntwo\nthree\n')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'second commit')
  git(dir, 'branch', 'feature')
  return dir
}

export async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  )
}
