/**
 * Git output shaped to be costly to read, from an attacker review: a tag whose message is a
 * million `diff --git` lines (or one line of a million words) held the loop 0.44–0.54 s in
 * git_show's cheap look for blocked files (400 lines of 8,000 words, 1.3 s); a commit of 200,000 ordinary files held it 215 ms
 * there, and git_diff of it answered 500 (200,000 arguments to one push overflowed the stack).
 * The event loop and /healthz are measured as in test/gateway/event-loop.test.ts.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { loopProbe, type LoopProbe } from '../../support/loop-probe.js'
import { gitFed } from './helpers.js'

const FILES = 200_000
const LIMIT_MS = 100

let t: TestApp
let probe: LoopProbe

beforeAll(async () => {
  t = await buildTestApp()
  const repo = path.join(t.workspace, 'r')
  await fs.mkdir(repo)
  const git = (args: string[], input = '') => gitFed(repo, input, ...args)
  git(['init', '-q'])
  const blob = git(['hash-object', '-w', '--stdin'], 'x\n')
  const entries = Array.from({ length: FILES }, (_, i) => `100644 blob ${blob}\tf${String(i).padStart(7, '0')}`)
  const empty = git(['commit-tree', '-m', 'empty', git(['mktree'], '')])
  const big = git(['commit-tree', '-p', empty, '-m', 'big', git(['mktree'], `${entries.join('\n')}\n`)])
  git(['update-ref', 'refs/heads/main', big])
  git(['symbolic-ref', 'HEAD', 'refs/heads/main'])
  // Tags on the empty commit: their messages are all there is to read.
  git(['tag', '-a', 'lines', '-F', '-', empty], 'diff --git x\n'.repeat(1_000_000))
  git(['tag', '-a', 'words', '-F', '-', empty], `diff --git ${'abcdefgh '.repeat(1_100_000)}\n`)
  // Lines just under 16 KB each: a cap per line alone let 400 of them cost 1.3 s.
  git(['tag', '-a', 'wide', '-F', '-', empty], `diff --git ${'a '.repeat(8_000)}\n`.repeat(400))
  probe = loopProbe(t, await t.app.listen({ host: '127.0.0.1', port: 0 }))
}, 120_000)
afterAll(async () => {
  await probe?.close()
  await t?.close()
})

const within = (tool: string, body: object) => probe.answersWithin(tool, body, LIMIT_MS)

describe('git output shaped to be costly to read', () => {
  it.each([
    ['a million `diff --git` lines', 'lines'],
    ['one line of a million words', 'words'],
    ['400 lines of 8,000 words', 'wide'],
  ])(
    'git_show of a tag whose message is %s',
    async (_name, ref) => {
      const body = await within('git_show', { repo_path: 'r', ref })
      expect(body.metadata).toMatchObject({ type: 'tag', truncated: true })
      expect(body.output).toMatch(new RegExp(`^tag ${ref}\\n`))
    },
    120_000,
  )

  it('git_show of a commit of 200,000 files', async () => {
    const body = await within('git_show', { repo_path: 'r', ref: 'HEAD' })
    expect(body.metadata).toMatchObject({ type: 'commit', truncated: true })
    expect(body.output).toMatch(/\n f0000000 +\| 1 \+\n/) // its --stat comes first
  }, 120_000)

  it('git_diff of the same change', async () => {
    const body = await within('git_diff', { repo_path: 'r', rev: 'HEAD~1..HEAD' })
    expect(body.metadata).toMatchObject({ files_changed: FILES, insertions: FILES, truncated: true })
    expect(body.output).toContain('diff --git a/f0000000 b/f0000000')
  }, 120_000)

  it('shows a small commit in the same repository (positive control)', async () => {
    const res = await t.call('git_show', { repo_path: 'r', ref: 'HEAD~1' })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(res.body.output).toContain('empty')
    expect(res.body.metadata.truncated).toBe(false)
  })
})
