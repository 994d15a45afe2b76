/**
 * Git output shaped to be costly to read, from attacker reviews: a tag whose message is a million
 * `diff --git` lines, one line of a million words, or 400 lines of 8,000 words held the loop
 * 0.44–1.3 s in git_show's cheap look for blocked files. The event loop and /healthz are measured
 * as in test/gateway/event-loop.test.ts. (Commits of 200,000 files: output.test.ts and
 * diff-numstat.test.ts, without git's seconds of work for them.)
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { loopProbe, type LoopProbe } from '../../support/loop-probe.js'
import { gitFed } from './helpers.js'

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
  const empty = git(['commit-tree', '-m', 'empty', git(['mktree'], '')])
  const one = git(['commit-tree', '-p', empty, '-m', 'one file', git(['mktree'], `100644 blob ${blob}\tf\n`)])
  git(['update-ref', 'refs/heads/main', one])
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

  it('shows a small commit in the same repository (positive control)', async () => {
    const res = await t.call('git_show', { repo_path: 'r', ref: 'HEAD' })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(res.body.output).toContain('diff --git a/f b/f')
    expect(res.body.metadata.truncated).toBe(false)
  })
})
