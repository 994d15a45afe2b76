/**
 * One folder of 20,000 files, from an attacker review: Glob grouped the files it matched by
 * folder with a copy of the group for each file, and `*` over them held the loop 1.26 s (8.4 s at
 * 40,000: it grew with the square of the folder). The event loop and /healthz are measured as in
 * test/gateway/event-loop.test.ts while it runs. (Sorts of such lists run in slices,
 * src/lib/sort-in-slices.ts: at 200,000 files fs_glob's held the loop 366 ms, Grep's 256 ms.)
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { loopProbe, type LoopProbe } from '../../support/loop-probe.js'

const FILES = 20_000
const LIMIT_MS = 100

let t: TestApp
let probe: LoopProbe

beforeAll(async () => {
  t = await buildTestApp()
  const dir = path.join(t.workspace, 'many')
  await fs.mkdir(dir)
  const names = Array.from({ length: FILES }, (_, i) => `f${String(i).padStart(7, '0')}`)
  for (let i = 0; i < names.length; i += 500) await Promise.all(names.slice(i, i + 500).map((n) => fs.writeFile(path.join(dir, n), '')))
  probe = loopProbe(t, await t.app.listen({ host: '127.0.0.1', port: 0 }))
}, 120_000)
afterAll(async () => {
  await probe?.close()
  await t?.close()
})

describe('a folder of 20,000 files', () => {
  it('Glob `*` over it answers without holding the server', async () => {
    const body = await probe.answersWithin('Glob', { pattern: '*', path: 'many' }, LIMIT_MS)
    expect(body.metadata.total).toBe(FILES)
  }, 60_000)

  it('fs_glob over it answers the first 1,000 by path, in order', async () => {
    const body = await probe.answersWithin('fs_glob', { pattern: 'many/*' }, LIMIT_MS)
    const { matches, truncated } = body.metadata
    expect(truncated).toBe(true)
    expect(matches).toEqual(Array.from({ length: 1000 }, (_, i) => `many/f${String(i).padStart(7, '0')}`))
  }, 60_000)

  it('Glob still finds one of them by name (positive control)', async () => {
    const res = await t.call('Glob', { pattern: 'f0012345', path: 'many' })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(res.body.metadata.count).toBe(1)
  })
})
