/**
 * A repository of 200,000 branches (its packed-refs written as a hostile clone could bring it):
 * git_branches parsed and joined for-each-ref's output in one go, and one read-key call held the
 * server ~0.16 s (~0.75 s at the 64 MB git may print). The event loop and /healthz are measured as
 * in test/gateway/event-loop.test.ts while it runs; the answer still counts every branch.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { loopProbe, type LoopProbe } from '../../support/loop-probe.js'
import { gitFed } from './helpers.js'

const REFS = 200_000
/** Its longest block read ~20 ms of CPU alone on a 2-core VM; parsed in one go (before), ~165 ms (247 at 300,000). */
const LIMIT_MS = 100

let t: TestApp
let probe: LoopProbe
let line: string

/** A repository at `name` whose `count` branches all point at one commit; the first line git_branches shows for it. */
async function manyBranches(name: string, count: number): Promise<string> {
  const repo = path.join(t.workspace, name)
  await fs.mkdir(repo)
  gitFed(repo, '', 'init', '-q')
  const commit = gitFed(repo, '', 'commit-tree', '-m', 'the one commit', gitFed(repo, '', 'mktree'))
  const refs = Array.from({ length: count }, (_, i) => `${commit} refs/heads/b${String(i).padStart(7, '0')}`)
  await fs.writeFile(path.join(repo, '.git', 'packed-refs'), `# pack-refs with: peeled fully-peeled sorted \n${refs.join('\n')}\n`)
  gitFed(repo, '', 'symbolic-ref', 'HEAD', 'refs/heads/b0000001')
  return `  b0000000 ${commit.slice(0, 7)} the one commit`
}

beforeAll(async () => {
  // Room for all of them when a call asks (the positive control); the default cap is 100,000 bytes.
  t = await buildTestApp({ env: { TOOLGATE_MAX_OUTPUT: String(32 << 20) } })
  line = await manyBranches('many', REFS)
  await manyBranches('some', 3_000)
  probe = loopProbe(t, await t.app.listen({ host: '127.0.0.1', port: 0 }))
}, 120_000)
afterAll(async () => {
  await probe?.close()
  await t?.close()
})

describe('git_branches on 200,000 branches', () => {
  it('counts them all without holding the server', async () => {
    const { output, metadata } = await probe.answersWithin('git_branches', { repo_path: 'many' }, LIMIT_MS, {
      'x-max-output-size': '100000',
      'x-timeout-ms': '120000', // git itself took 12-25 s for 200,000 refs on a loaded 2-core VM
    })
    expect(metadata).toMatchObject({ current: 'b0000001', count: REFS, truncated: true })
    expect(metadata.branches).toHaveLength(1000)
    expect(metadata.branches.slice(0, 2)).toEqual(['b0000000', 'b0000001'])
    expect(output.startsWith(`${line}\n* b0000001 `)).toBe(true)
    // Every line is as long as the first (the current one's mark takes the place of a space), and
    // what is shown plus what the marker says was left out is all of them, to the byte.
    const total = REFS * (line.length + 1)
    const [, kept, omitted] =
      output.match(new RegExp(`^([^]*)\\n…\\[truncated: (\\d+) of ${total} bytes omitted; list local branches only \\(all=false\\)\\]$`)) ?? []
    expect(Buffer.byteLength(kept) + Number(omitted)).toBe(total)
  }, 300_000) // up to three runs of git's 12-25 s on a slow, loaded machine

  it('lists all of 3,000 when there is room (positive control)', async () => {
    const res = await t.call('git_branches', { repo_path: 'some' })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(res.body.metadata).toMatchObject({ count: 3_000, truncated: false })
    expect(res.body.output.split('\n')).toHaveLength(3_000 + 1)
  }, 60_000)
})
