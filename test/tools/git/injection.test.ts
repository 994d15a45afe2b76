/**
 * Option injection through every string argument of every git tool, and through a branch whose
 * name is an option (a ref file made by hand: git itself refuses such names). Each attempt must
 * answer 400 before git runs, and nothing may be written anywhere.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildGitApp, git, makeRepo } from './helpers.js'

let t: TestApp
let ws: string
let repo: string
let outside: string

beforeAll(async () => {
  t = await buildGitApp({ env: { TOOLGATE_GIT_COMMITS: 'true' } })
  ws = await fs.realpath(t.workspace)
  repo = await makeRepo(path.join(ws, 'repo'))
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-inject-')))
})
afterAll(async () => {
  await t.close()
  await fs.rm(outside, { recursive: true, force: true })
})

const payloads = () => [
  '--output=pwned.txt',
  `--output=${outside}/pwned`,
  '--exec=touch pwned',
  '-c core.pager=touch pwned',
  '-ccore.pager=touch pwned',
  '--upload-pack=touch pwned',
  '-opwned.txt',
]

/** Every file under `dir` whose name mentions "pwned". */
async function pwnedFiles(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.name.includes('pwned') && !e.parentPath.includes(`${path.sep}refs${path.sep}`)) found.push(path.join(e.parentPath, e.name))
  }
  return found
}

const PATCH = '--- a/README.md\n+++ b/README.md\n@@ -1,2 +1,2 @@\n hello\n-world\n+there\n'

/** Each tool and a way to put a payload into each of its string arguments. */
const cases: [string, (p: string) => Record<string, unknown>][] = [
  ['git_status', (p) => ({ repo_path: p })],
  ['git_diff', (p) => ({ repo_path: p })],
  ['git_diff', (p) => ({ repo_path: 'repo', rev: p })],
  ['git_diff', (p) => ({ repo_path: 'repo', rev: `main..${p}` })],
  ['git_diff', (p) => ({ repo_path: 'repo', rev: `${p}...main` })],
  ['git_diff', (p) => ({ repo_path: 'repo', paths: [p] })],
  ['git_diff', (p) => ({ repo_path: 'repo', rev: 'HEAD~1', paths: ['README.md', p] })],
  ['git_show', (p) => ({ repo_path: p, ref: 'HEAD' })],
  ['git_show', (p) => ({ repo_path: 'repo', ref: p })],
  ['git_apply_patch', (p) => ({ repo_path: p, patch: PATCH })],
  ['git_branches', (p) => ({ repo_path: p })],
  ['git_branches', (p) => ({ repo_path: p, all: true })],
  ['git_commit', (p) => ({ repo_path: p, message: 'x' })],
]

describe('option injection', () => {
  it('refuses every payload in every argument with 400 GIT_OPTION_INJECTION, writing nothing', async () => {
    for (const [tool, body] of cases) {
      for (const p of payloads()) {
        const res = await t.call(tool, body(p))
        const what = `${tool} ${JSON.stringify(body(p))}`
        expect(res.statusCode, what).toBe(400)
        expect(res.body, what).toMatchObject({ status: 'error', success: false, error_code: 'GIT_OPTION_INJECTION' })
        expect(res.body.error_message, what).toMatch(/starts with "-"/)
      }
    }
    expect(await pwnedFiles(ws)).toEqual([])
    expect(await pwnedFiles(outside)).toEqual([])
    expect(git(repo, 'status', '--porcelain')).toBe('')
    // no call was held for approval either
    const list = await t.app.inject({ method: 'GET', url: '/v1/approvals', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(JSON.stringify(list.json())).not.toContain('git_commit')
  })

  it('names the field in the message', async () => {
    const res = await t.call('git_diff', { repo_path: 'repo', rev: '--output=pwned.txt' })
    expect(res.body.error_message).toBe(
      'Value for rev starts with "-", so git would read it as an option: "--output=pwned.txt"; pass a revision or path that does not start with "-" (for a file named so, use "./-name")',
    )
    expect(res.body.details).toEqual({ field: 'rev', received: '--output=pwned.txt' })
  })

  it('keeps a branch named like an option as data only', async () => {
    const sha = git(repo, 'rev-parse', 'HEAD~1').trim()
    await fs.writeFile(path.join(repo, '.git/refs/heads/--output=pwned-ref.txt'), `${sha}\n`)
    try {
      const branches = await t.call('git_branches', { repo_path: 'repo' })
      expect(branches.statusCode).toBe(200)
      expect(branches.body.metadata.branches).toEqual(['--output=pwned-ref.txt', 'feature', 'main'])

      for (const [tool, body] of [
        ['git_diff', { repo_path: 'repo', rev: '--output=pwned-ref.txt' }],
        ['git_diff', { repo_path: 'repo', rev: 'main...--output=pwned-ref.txt' }],
        ['git_show', { repo_path: 'repo', ref: '--output=pwned-ref.txt' }],
      ] as const) {
        const res = await t.call(tool, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.body.error_code).toBe('GIT_OPTION_INJECTION')
      }
      // spelled as a full ref name, it is an ordinary revision: resolved to its id, then used
      const diff = await t.call('git_diff', { repo_path: 'repo', rev: 'refs/heads/--output=pwned-ref.txt..main' })
      expect(diff.statusCode, JSON.stringify(diff.body)).toBe(200)
      expect(diff.body.metadata).toMatchObject({ files_changed: 2, insertions: 4 })
      const show = await t.call('git_show', { repo_path: 'repo', ref: 'refs/heads/--output=pwned-ref.txt' })
      expect(show.statusCode).toBe(200)
      expect(show.body.metadata).toMatchObject({ type: 'commit', sha })
      const status = await t.call('git_status', { repo_path: 'repo' })
      expect(status.body.metadata.clean).toBe(true)
    } finally {
      await fs.rm(path.join(repo, '.git/refs/heads/--output=pwned-ref.txt'))
    }
    expect(await pwnedFiles(ws)).toEqual([])
  })

  it('treats a path after <rev>: as a path, never an option', async () => {
    const res = await t.call('git_show', { repo_path: 'repo', ref: 'HEAD:--output=pwned.txt' })
    expect(res.statusCode).toBe(404)
    expect(res.body.error_code).toBe('NOT_FOUND')
    expect(await pwnedFiles(ws)).toEqual([])
  })

  it('refuses control characters in revisions and paths', async () => {
    expect((await t.call('git_diff', { repo_path: 'repo', rev: 'HEAD\n--output=pwned.txt' })).statusCode).toBe(400)
    expect((await t.call('git_diff', { repo_path: 'repo', paths: ['a\0b'] })).statusCode).toBe(400)
    expect(await pwnedFiles(ws)).toEqual([])
  })
})
