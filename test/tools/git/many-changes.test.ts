/**
 * A checkout of 200,000 files, all of them deleted from the work tree (an index that lists them,
 * as a monorepo's after `rm -rf *`): git_status parsed porcelain v2 for them in one go, and one
 * read-key call held the server ~0.14 s (0.21 s at 300,000). The event loop and /healthz are measured as in
 * test/gateway/event-loop.test.ts while it runs; the answer still has every change counted.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { loopProbe, type LoopProbe } from '../../support/loop-probe.js'
import { gitFed } from './helpers.js'

const FILES = 200_000
/** Its longest block read ~20 ms of CPU alone on a 2-core VM; parsed in one go (before), ~140 ms (213 at 300,000). */
const LIMIT_MS = 100

let t: TestApp
let probe: LoopProbe

beforeAll(async () => {
  t = await buildTestApp()
  const repo = path.join(t.workspace, 'gone')
  await fs.mkdir(repo)
  const git = (args: string[], input = '') => gitFed(repo, input, ...args)
  git(['init', '-q'])
  const blob = git(['hash-object', '-w', '--stdin'], 'x\n')
  const entries = Array.from({ length: FILES }, (_, i) => `100644 blob ${blob}\tf${String(i).padStart(7, '0')}`)
  git(['update-ref', 'refs/heads/main', git(['commit-tree', '-m', 'big', git(['mktree'], `${entries.join('\n')}\n`)])])
  git(['symbolic-ref', 'HEAD', 'refs/heads/main'])
  git(['read-tree', 'HEAD'])
  await fs.writeFile(path.join(repo, 'new.txt'), 'untracked\n')
  // And 2,400 staged names of ~12 KB made of words: split on spaces whole, 4,800 of them held the loop 877 ms.
  const wordy = path.join(t.workspace, 'wordy')
  await fs.mkdir(wordy)
  gitFed(wordy, '', 'init', '-q', '-b', 'main')
  const words = Array.from({ length: 2_400 }, (_, i) => `100644 ${blob} 0\t${String(i).padStart(6, '0')}${' a'.repeat(6_000)}`)
  gitFed(wordy, `${words.join('\n')}\n`, 'update-index', '--index-info')
  probe = loopProbe(t, await t.app.listen({ host: '127.0.0.1', port: 0 }))
}, 120_000)
afterAll(async () => {
  await probe?.close()
  await t?.close()
})

describe('git_status on 200,000 deleted files', () => {
  it('lists them without holding the server', async () => {
    const body = await probe.answersWithin('git_status', { repo_path: 'gone' }, LIMIT_MS)
    const { output, metadata } = body
    expect(metadata).toMatchObject({ branch: 'main', clean: false, staged: [], untracked: ['new.txt'], truncated: true })
    expect(metadata.modified).toHaveLength(1000)
    expect(metadata.modified.slice(0, 2)).toEqual(['f0000000', 'f0000001'])
    expect(output).toMatch(/^## main\n D f0000000\n D f0000001\n/)
  }, 120_000)

  it('lists 2,400 names of 12 KB made of words without holding the server, in a bounded answer', async () => {
    const body = await probe.answersWithin('git_status', { repo_path: 'wordy' }, LIMIT_MS)
    const { staged, modified } = body.metadata
    expect(staged[0]).toBe(`000000${' a'.repeat(6_000)}`) // the spaces in a name are kept
    expect(staged.join('').length).toBeLessThanOrEqual(16_384)
    expect(modified.join('').length).toBeLessThanOrEqual(16_384)
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(200_000)
  }, 120_000)

  it('answers a clean repository beside it (positive control)', async () => {
    const clean = path.join(t.workspace, 'clean')
    await fs.mkdir(clean)
    gitFed(clean, '', 'init', '-q', '-b', 'main')
    const res = await t.call('git_status', { repo_path: 'clean' })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(res.body.metadata).toMatchObject({ branch: 'main', clean: true, modified: [], truncated: false })
  })
})
