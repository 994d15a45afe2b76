/**
 * A commit of 40,000 files, half of them blocked names (`.env…`), from an attacker review:
 * git_show and git_diff left the blocked ones out by searching a list for each file shown, and
 * one read-key call held the server for 15–75 s. The event loop and /healthz are measured as in
 * test/gateway/event-loop.test.ts while each runs; the answers still leave the blocked files out.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { expectWithin, loopProbe, type LoopProbe } from '../../support/loop-probe.js'

const FILES = 20_000
/**
 * What one such call may hold the loop for: linear work over 40,000 names, never a search per name.
 * Its longest block is 55–65 ms of CPU alone on a 2-core VM and reached 103 ms under the full
 * suite's load; a search per name (the code before 9a9f4f0) held it 910–940 ms here.
 */
const LIMIT_MS = 250

let t: TestApp
let probe: LoopProbe

beforeAll(async () => {
  t = await buildTestApp()
  const repo = path.join(t.workspace, 'big')
  await fs.mkdir(repo)
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, input, encoding: 'utf8', maxBuffer: 1 << 28 }).trim()
  git(['init', '-q'])
  const blob = git(['hash-object', '-w', '--stdin'], 'x\n')
  const lines: string[] = []
  for (let i = 0; i < FILES; i++) lines.push(`100644 blob ${blob}\t.env${i}`, `100644 blob ${blob}\tf${i}`)
  const empty = git(['commit-tree', '-m', 'empty', git(['mktree'], '')])
  git(['update-ref', 'refs/heads/main', git(['commit-tree', '-p', empty, '-m', 'big', git(['mktree'], `${lines.sort().join('\n')}\n`)])])
  git(['symbolic-ref', 'HEAD', 'refs/heads/main'])
  probe = loopProbe(t, await t.app.listen({ host: '127.0.0.1', port: 0 }))
}, 120_000)
afterAll(async () => {
  await probe?.close()
  await t?.close()
})

describe('a commit of 40,000 files, half of them blocked', () => {
  it.each([
    ['git_show', { repo_path: 'big', ref: 'HEAD' }],
    ['git_diff', { repo_path: 'big', rev: 'HEAD~1..HEAD' }],
  ])(
    '%s leaves the blocked ones out without holding the server',
    async (tool, body) => {
      // git alone may take tens of seconds on a slow, loaded machine: the tool's own timeout is not what is tested here.
      const send = () => probe.send(tool, Buffer.from(JSON.stringify(body)), { 'x-timeout-ms': '120000' })
      const d = await probe.bestOf3(send, tool, LIMIT_MS)
      expect(d.status).toBeLessThan(500)
      expectWithin(d, LIMIT_MS)
      // Too many files to name the others on a command line: refused as too large, or answered without a blocked name.
      const text = JSON.stringify(d.body)
      expect(text).not.toMatch(/\.env\d/)
      if (d.status === 200) expect(text).toMatch(/blocked paths/)
      else expect(d.body.error_code, JSON.stringify(d.body).slice(0, 500)).toBe('INVALID_REQUEST')
    },
    300_000,
  )

  it('answers a small commit in the same repository (positive control)', async () => {
    const res = await t.call('git_show', { repo_path: 'big', ref: 'HEAD~1' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.output).toContain('empty')
  })
})
