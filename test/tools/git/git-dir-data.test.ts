/**
 * git reads its own data (HEAD, packed-refs, shallow, info/attributes…) through links and quotes
 * a bad line in its fatal errors. A repository whose git folder holds a link, a pipe or a device
 * there would let a `read` key see a line of a file it may not read (`.env`), hang a call until
 * its timeout, or make git eat memory. Each attack is first shown to work on plain git.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { openRepo } from '../../../src/tools/git/support/repo.js'
import { buildGitApp, git, makeRepo } from './helpers.js'

const SECRET = 'OPENAI_API_KEY=sk-proj-git-dir-data-0123456789'

let t: TestApp
let ws: string
let key: string

beforeAll(async () => {
  t = await buildGitApp()
  ws = await fs.realpath(t.workspace)
  key = await t.key(['read'], 'read-only')
  await fs.writeFile(path.join(ws, '.env'), `${SECRET}\n`)
})
afterAll(async () => {
  await t.close()
})

const status = (repo_path: string) => t.call('git_status', { repo_path }, { key })

/** A repository whose git folder's `file` is a link to the workspace's `.env`. */
async function leaking(name: string, file: string): Promise<string> {
  const dir = await makeRepo(path.join(ws, name))
  await fs.mkdir(path.dirname(path.join(dir, '.git', file)), { recursive: true })
  await fs.rm(path.join(dir, '.git', file), { force: true })
  await fs.symlink(path.relative(path.dirname(path.join(dir, '.git', file)), path.join(ws, '.env')), path.join(dir, '.git', file))
  return dir
}

describe('links in the git folder', () => {
  it('would leak on plain git: the attack is real', async () => {
    const dir = await leaking('plain-shallow', 'shallow')
    const r = spawnSync('git', ['status'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } })
    expect(r.stderr).toContain(SECRET)
    expect((await t.call('Read', { file_path: '.env' }, { key })).body.error_code).toBe('PATH_BLOCKED')
  })

  it.each([
    'shallow',
    'packed-refs',
    'MERGE_HEAD',
    'info/attributes',
    'info/exclude',
    'logs/HEAD',
    'logs/refs/heads/main',
    'refs/heads/x',
    'refs/tags/deep/y',
    'objects/info/packs',
    'objects/pack/pack-0.idx',
    'sequencer/todo',
    'rebase-merge/head-name',
    'remotes/origin',
    'branches/origin',
    'rr-cache/0123abcd/preimage',
  ])('.git/%s as a link to .env: 403 GIT_UNSAFE_REPOSITORY, and no line of it in the answer', async (file) => {
    await leaking(`link-${file.replace(/\W/g, '-')}`, file)
    const res = await status(`link-${file.replace(/\W/g, '-')}`)
    expect(res.statusCode, JSON.stringify(res.body)).toBe(403)
    expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
    expect(JSON.stringify(res.body)).not.toContain('sk-proj')
  })

  it('a clean repository beside them keeps working, and so does one whose hooks folder holds links', async () => {
    const dir = await makeRepo(path.join(ws, 'clean-data'))
    await fs.writeFile(path.join(dir, 'README.md'), 'changed\n')
    await fs.symlink('../../.env', path.join(dir, '.git/hooks/pre-commit'))
    const res = await status('clean-data')
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.output).toContain('README.md')
  })
})

describe('pipes and devices', () => {
  it.each(['packed-refs', 'refs/heads/fifo', 'sequencer/todo', 'objects/pack/pack-0.idx', 'objects/info/commit-graphs/commit-graph-chain'])(
    'a pipe as .git/%s is refused at once instead of hanging git until the timeout',
    async (file) => {
      const name = `fifo-${file.replace(/\W/g, '-')}`
      const dir = await makeRepo(path.join(ws, name))
      await fs.mkdir(path.dirname(path.join(dir, '.git', file)), { recursive: true })
      execFileSync('mkfifo', [path.join(dir, '.git', file)])
      const started = Date.now()
      const res = await t.call('git_branches', { repo_path: name }, { key, headers: { 'x-timeout-ms': '20000' } })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(403)
      expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
      expect(Date.now() - started).toBeLessThan(10_000)
    },
  )

  it('/dev/zero linked as .git/info/attributes is refused before git reads it', async () => {
    const dir = await makeRepo(path.join(ws, 'zero'))
    await fs.mkdir(path.join(dir, '.git/info'), { recursive: true })
    await fs.symlink('/dev/zero', path.join(dir, '.git/info/attributes'))
    const res = await status('zero')
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
  })
})

describe("the legacy remotes/ and branches/ files git reads for a branch's upstream", () => {
  /** A repository whose main branch tracks `origin`, which no config URL names: git looks in remotes/ and branches/. */
  async function tracking(name: string): Promise<string> {
    const dir = await makeRepo(path.join(ws, name))
    git(dir, 'config', 'branch.main.remote', 'origin')
    git(dir, 'config', 'branch.main.merge', 'refs/heads/main')
    return dir
  }

  it('would hang plain git: the attack is real', async () => {
    const dir = await tracking('plain-remotes-fifo')
    await fs.mkdir(path.join(dir, '.git/remotes'))
    execFileSync('mkfifo', [path.join(dir, '.git/remotes/origin')])
    const r = spawnSync('git', ['status', '--branch', '--porcelain'], {
      cwd: dir,
      timeout: 2_000,
      env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
    })
    expect(r.signal).toBe('SIGTERM')
  })

  it.each(['remotes', 'branches'])('a pipe as .git/%s/origin is refused at once by git_branches and git_status', async (folder) => {
    const dir = await tracking(`fifo-${folder}-origin`)
    await fs.mkdir(path.join(dir, '.git', folder), { recursive: true })
    execFileSync('mkfifo', [path.join(dir, '.git', folder, 'origin')])
    for (const tool of ['git_branches', 'git_status']) {
      const started = Date.now()
      const res = await t.call(tool, { repo_path: `fifo-${folder}-origin` }, { key, headers: { 'x-timeout-ms': '15000' } })
      expect(res.statusCode, `${tool}: ${JSON.stringify(res.body)}`).toBe(403)
      expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
      expect(Date.now() - started).toBeLessThan(10_000)
    }
  })

  it('as plain files they still work: the upstream git reads from them is shown (positive control)', async () => {
    const dir = await tracking('plain-remotes-file')
    await fs.mkdir(path.join(dir, '.git/remotes'))
    await fs.writeFile(path.join(dir, '.git/remotes/origin'), 'URL: /nowhere/repo.git\nPull: refs/heads/main:refs/remotes/origin/main\n')
    git(dir, 'update-ref', 'refs/remotes/origin/main', 'HEAD')
    const res = await t.call('git_status', { repo_path: 'plain-remotes-file' }, { key })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.metadata.upstream).toBe('origin/main')
    const branches = await t.call('git_branches', { repo_path: 'plain-remotes-file' }, { key })
    expect(branches.statusCode, JSON.stringify(branches.body)).toBe(200)
    expect(JSON.stringify(branches.body)).toContain('origin/main')
  })
})

describe('alternate object stores', () => {
  /** A repository borrowing objects from `store-<name>/objects`, whose pack folder holds `pack-1….pack` and `.idx`. */
  async function borrowing(name: string): Promise<string> {
    const dir = await makeRepo(path.join(ws, name))
    const pack = path.join(ws, `store-${name}`, 'objects', 'pack')
    await fs.mkdir(pack, { recursive: true })
    await fs.writeFile(path.join(pack, `pack-${'1'.repeat(40)}.pack`), '')
    await fs.writeFile(path.join(dir, '.git/objects/info/alternates'), `../../../store-${name}/objects\n`)
    return path.join(pack, `pack-${'1'.repeat(40)}.idx`)
  }

  it('a pipe as a pack index of an alternate store is refused at once by git_status and git_show', async () => {
    execFileSync('mkfifo', [await borrowing('alt-fifo')])
    for (const tool of ['git_status', 'git_show']) {
      const started = Date.now()
      const res = await t.call(tool, { repo_path: 'alt-fifo', ...(tool === 'git_show' && { ref: 'HEAD' }) }, { key, headers: { 'x-timeout-ms': '15000' } })
      expect(res.statusCode, `${tool}: ${JSON.stringify(res.body)}`).toBe(403)
      expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
      expect(Date.now() - started).toBeLessThan(10_000)
    }
  })

  it('an alternate store of plain files is read (positive control)', async () => {
    await fs.rm(await borrowing('alt-plain'), { force: true }) // a pack without its index, as git leaves one it is writing
    const res = await t.call('git_status', { repo_path: 'alt-plain' }, { key })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  })
})

it('the check of a git folder stops when the call does', async () => {
  const dir = await makeRepo(path.join(ws, 'many-folders'))
  for (let i = 0; i < 100; i++) {
    const parent = path.join(dir, '.git/rr-cache', `p${i}`)
    await fs.mkdir(parent, { recursive: true })
    await Promise.all(Array.from({ length: 100 }, (_, j) => fs.mkdir(path.join(parent, `c${j}`))))
  }
  const walk = (signal: AbortSignal) => openRepo({ workspace: t.workspace, signal, services: t.app.toolServices }, 'many-folders')
  const started = Date.now()
  await walk(new AbortController().signal)
  const whole = Date.now() - started
  const cut = Date.now()
  await expect(walk(AbortSignal.timeout(Math.round(whole / 10)))).rejects.toThrow()
  expect(Date.now() - cut, `the whole check took ${whole} ms`).toBeLessThan(whole / 2)
}, 120_000)

it("a repository's color.ui=always puts no escape codes into answers", async () => {
  const dir = await makeRepo(path.join(ws, 'colored'))
  git(dir, 'config', 'color.ui', 'always')
  await fs.writeFile(path.join(dir, 'README.md'), 'changed\n')
  const plain = spawnSync('git', ['diff'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } })
  expect(plain.stdout).toContain('\u001b[')
  for (const tool of ['git_status', 'git_diff']) {
    const res = await t.call(tool, { repo_path: 'colored' }, { key })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.output).toContain('README.md')
    expect(res.body.output).not.toContain('\u001b[')
  }
})
