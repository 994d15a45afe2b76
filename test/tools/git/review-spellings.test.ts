/**
 * From an attacker review: spellings git reads one way and toolgate read another.
 *   - A `.git` file `gitdir: y ` (a trailing space) was checked as `y` while git used `y `, whose
 *     packed-refs link then leaked a line of `.env` to a read key.
 *   - A git folder whose `objects` is a link (or an executable file, or a pipe) was not taken for
 *     one: a write key wrote its config.
 *   - `new file mode  120000` (two spaces) behind a plain new file made a link through a patch.
 * Each is first shown to be git's reading, then refused, beside a positive control.
 */
import { spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildGitApp, exists, git, makeRepo } from './helpers.js'

const SECRET = 'API_KEY=supersecret-dotenv-4411'

let t: TestApp
let ws: string
let reader: string
let writer: string

beforeAll(async () => {
  t = await buildGitApp()
  ws = await fs.realpath(t.workspace)
  reader = await t.key(['read'], 'reader')
  writer = await t.key(['read', 'write'], 'writer')
  await fs.writeFile(path.join(ws, '.env'), `${SECRET}\n`)
})
afterAll(async () => {
  await t.close()
})

/** `sp/.git` reads `gitdir: <spelt>`; `sp/y` is a clean git folder, `sp/<git's name>` one whose packed-refs links to .env. */
async function twoFolders(name: string, spelt: string, gitsName: string): Promise<string> {
  const dir = path.join(ws, name)
  await fs.mkdir(dir)
  const clean = await makeRepo(path.join(dir, 'src-clean'))
  const evil = await makeRepo(path.join(dir, 'src-evil'))
  await fs.rename(path.join(clean, '.git'), path.join(dir, 'y'))
  await fs.rename(path.join(evil, '.git'), path.join(dir, gitsName))
  await fs.rm(path.join(dir, gitsName, 'packed-refs'), { force: true })
  await fs.symlink(path.relative(path.join(dir, gitsName), path.join(ws, '.env')), path.join(dir, gitsName, 'packed-refs'))
  await fs.writeFile(path.join(dir, '.git'), `gitdir: ${spelt}`)
  return dir
}

describe('a .git file is read as git reads it', () => {
  it.each([
    ['a trailing space', 'y \n', 'y '],
    ['two spaces before the path', ' y\n', ' y'],
    ['a trailing tab', 'y\t\n', 'y\t'],
  ])('%s: git uses the other folder, and toolgate checks that one', async (_, spelt, gitsName) => {
    const name = `sp-${gitsName.length}-${gitsName.charCodeAt(0)}-${gitsName.charCodeAt(gitsName.length - 1)}`
    const dir = await twoFolders(name, spelt, gitsName)
    // Plain git reads the folder named with the whitespace: the attack is real.
    const plain = spawnSync('git', ['branch'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } })
    expect(plain.stderr).toContain(SECRET)
    for (const tool of ['git_branches', 'git_status']) {
      const res = await t.call(tool, { repo_path: name }, { key: reader })
      expect(JSON.stringify(res.body), tool).not.toContain('supersecret')
      expect(res.statusCode, tool).toBe(403)
      expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
    }
  })

  it('a clean repository behind a .git file still works (positive control)', async () => {
    const dir = path.join(ws, 'gitfile-ok')
    await fs.mkdir(dir)
    const src = await makeRepo(path.join(dir, 'src'))
    await fs.rename(path.join(src, '.git'), path.join(dir, 'store'))
    await fs.writeFile(path.join(dir, '.git'), 'gitdir: store\r\n')
    const res = await t.call('git_branches', { repo_path: 'gitfile-ok' }, { key: reader })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  })
})

describe('a git folder whose objects is not a folder', () => {
  // git asks only that objects be accessible: a link (the reviewer's first case), an executable file or a pipe.
  it.each([
    ['a link to a folder', (p: string) => fs.symlink('../objstore', p)],
    ['an executable file', (p: string) => fs.writeFile(p, '', { mode: 0o755 })],
    ['a pipe', async (p: string) => void spawnSync('mkfifo', ['-m', '755', p])],
  ])('objects as %s: git takes it for one, and file tools never write into it', async (kind, makeObjects) => {
    const dir = path.join(ws, `bx-${kind.replace(/\W/g, '')}`)
    await fs.mkdir(dir)
    git(dir, 'init', '-q', '--bare', 'proj.git')
    await fs.rename(path.join(dir, 'proj.git', 'objects'), path.join(dir, 'objstore'))
    await makeObjects(path.join(dir, 'proj.git', 'objects'))
    expect(git(dir, '--git-dir=proj.git', 'rev-parse', '--git-dir').trim()).toBe('proj.git')
    const rel = path.relative(ws, dir)
    for (const [tool, body] of [
      ['fs_write', { path: `${rel}/proj.git/config`, content: '[alias]\n\tst = !touch PWNED\n' }],
      ['Write', { file_path: `${rel}/proj.git/hooks/pre-commit`, content: '#!/bin/sh\n' }],
      ['fs_mkdir', { path: `${rel}/proj.git/info/x` }],
    ] as const) {
      const res = await t.call(tool, body, { key: writer })
      expect(res.statusCode, `${tool} ${JSON.stringify(res.body)}`).toBe(403)
      expect(res.body.details.rule).toBe('git-dir')
    }
    expect(await fs.readFile(path.join(dir, 'proj.git', 'config'), 'utf8')).not.toContain('PWNED')
    // positive control: beside it, the same key writes
    expect((await t.call('fs_write', { path: `${rel}/notes.txt`, content: 'fine\n' }, { key: writer })).statusCode).toBe(200)
  })
})

describe('patch modes spelt with more spaces, a sign or words after them', () => {
  const linkAfterPlain = (mode: string) =>
    [
      'diff --git a/n1 b/n1',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/n1',
      '@@ -0,0 +1 @@',
      '+plain',
      'diff --git a/ln b/ln',
      `new file mode ${mode}`,
      '--- /dev/null',
      '+++ b/ln',
      '@@ -0,0 +1 @@',
      '+.git',
      '\\ No newline at end of file',
      '',
    ].join('\n')

  it.each([' 120000', '\t120000', '+120000', '120000 x', '0120000'])('new file mode %j makes no link', async (mode) => {
    const dir = await makeRepo(path.join(ws, `mode-${Buffer.from(mode).toString('hex')}`))
    const rel = path.relative(ws, dir)
    const res = await t.call('git_apply_patch', { repo_path: rel, patch: linkAfterPlain(mode) }, { key: writer })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(403)
    expect(await exists(path.join(dir, 'ln'))).toBe(false)
    expect(await exists(path.join(dir, 'n1'))).toBe(false)
  })

  it('the same patch with a plain mode applies (positive control)', async () => {
    const dir = await makeRepo(path.join(ws, 'mode-plain'))
    const res = await t.call('git_apply_patch', { repo_path: 'mode-plain', patch: linkAfterPlain('100644') }, { key: writer })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect((await fs.lstat(path.join(dir, 'ln'))).isFile()).toBe(true)
  })
})
