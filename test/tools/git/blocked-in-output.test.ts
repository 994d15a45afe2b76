/**
 * Blocked names hold inside git output: a `read` key that Read refuses `.env`, `*.pem` and
 * `secrets/` to sees a diff or a commit that touches them without them, and a note saying how
 * many files were left out; the other files of the same change are shown in full.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildGitApp, git } from './helpers.js'

const SECRET = 'TOPSECRET_IN_GIT_0123'
let t: TestApp
let key: string
let dir: string

beforeAll(async () => {
  t = await buildGitApp()
  key = await t.key(['read'], 'reader')
  dir = path.join(await fs.realpath(t.workspace), 'repo')
  await fs.mkdir(path.join(dir, 'secrets'), { recursive: true })
  git(dir, 'init', '-q')
  await fs.writeFile(path.join(dir, '.env'), `${SECRET}=1\n`)
  await fs.writeFile(path.join(dir, 'id.pem'), `${SECRET}-pem\n`)
  await fs.writeFile(path.join(dir, 'secrets', 's.txt'), `${SECRET}-dir\n`)
  await fs.writeFile(path.join(dir, 'README.md'), 'hello\n')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'all of it')
  await fs.writeFile(path.join(dir, '.env'), `${SECRET}=2\n`)
  git(dir, 'commit', '-q', '-am', 'only the secret')
  await fs.writeFile(path.join(dir, '.env'), `${SECRET}=3\n`)
  await fs.writeFile(path.join(dir, 'README.md'), 'hello\nworld\n')
})
afterAll(async () => t.close())

const call = (tool: string, body: Record<string, unknown>) => t.call(tool, body, { key })

describe('blocked files in git output', () => {
  it('Read refuses them to this key: the rule being kept', async () => {
    expect((await call('Read', { file_path: 'repo/.env' })).body.error_code).toBe('PATH_BLOCKED')
  })

  it('git_diff of the work tree shows README.md and leaves .env out, saying so', async () => {
    const res = await call('git_diff', { repo_path: 'repo' })
    expect(res.statusCode).toBe(200)
    expect(res.body.output).toContain('+world')
    expect(JSON.stringify(res.body)).not.toContain(SECRET)
    expect(res.body.metadata).toMatchObject({ files: ['README.md'], files_changed: 1, insertions: 1 })
    expect(res.body.messages).toContain('1 changed file is a blocked path (.env*, secrets/, *.key, *.pem or as configured) and left out')
  })

  it('git_diff between commits that touch only blocked files shows no differences', async () => {
    const res = await call('git_diff', { repo_path: 'repo', rev: 'HEAD~1..HEAD' })
    expect(res.body.output).toBe('No differences\n')
    expect(JSON.stringify(res.body)).not.toContain(SECRET)
  })

  it('git_show of the first commit shows README.md and none of the three blocked files', async () => {
    const res = await call('git_show', { repo_path: 'repo', ref: 'HEAD~1' })
    expect(res.statusCode).toBe(200)
    expect(res.body.output).toContain('all of it')
    expect(res.body.output).toContain('+hello')
    expect(JSON.stringify(res.body)).not.toContain(SECRET)
    expect(res.body.messages).toContain('3 changed files are blocked paths (.env*, secrets/, *.key, *.pem or as configured) and left out')
  })

  it('git_show of a commit that touches only .env shows the commit and the note', async () => {
    const res = await call('git_show', { repo_path: 'repo', ref: 'HEAD' })
    expect(res.body.output).toContain('only the secret')
    expect(res.body.output).toContain('[1 changed file is a blocked path')
    expect(JSON.stringify(res.body)).not.toContain(SECRET)
  })

  it('git_show of an annotated tag on such a commit leaves them out too, whatever the first file is named', async () => {
    await fs.writeFile(path.join(dir, 'A'), 'a file named like a status\n')
    await fs.writeFile(path.join(dir, '.env'), `${SECRET}=tagged\n`)
    git(dir, 'add', 'A', '.env')
    git(dir, 'commit', '-q', '-m', 'tagged')
    git(dir, 'tag', '-a', 'v1', '-m', 'a tag message')
    const res = await call('git_show', { repo_path: 'repo', ref: 'v1' })
    expect(res.statusCode).toBe(200)
    expect(res.body.output).toContain('a tag message')
    expect(res.body.output).toContain('+a file named like a status')
    expect(JSON.stringify(res.body)).not.toContain(SECRET)
  })

  it('a commit without blocked files is shown as git shows it (the control)', async () => {
    git(dir, 'commit', '-q', '-m', 'readme', 'README.md')
    const res = await call('git_show', { repo_path: 'repo', ref: 'HEAD' })
    expect(res.body.output).toMatch(/README\.md \| 1 \+\n/)
    expect(res.body.output).toContain('+world')
    expect(res.body.messages).toEqual([])
  })
})
