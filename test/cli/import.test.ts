/** `toolgate import corpus`: progress from the NDJSON stream (lines on a pipe), then the summary box. */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { cli, listen } from './run.js'

let t: TestApp
let env: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  env = { TOOLGATE_URL: await listen(t), TOOLGATE_KEY: t.adminKey }
})
afterAll(() => t?.close())

describe('toolgate import corpus', () => {
  it('shows progress per batch and the summary; a bad line is reported and exits 1', async () => {
    // More than one server batch (1500 posts), so that more than one progress event arrives.
    const posts = Array.from({ length: 3200 }, (_, i) =>
      JSON.stringify({ id: i + 1, thread_id: 1 + (i % 3), timestamp: '2014-02-15T23:02:11Z', author: 'Soma', body: `post ${i}` }),
    )
    const good = path.join(t.dataDir, 'good.ndjson')
    const bad = path.join(t.dataDir, 'bad.ndjson')
    await fs.writeFile(good, `${posts.join('\n')}\n`)
    // Its own post id: both imports run at once on the same database.
    await fs.writeFile(bad, `${posts[0].replace('"id":1,', '"id":999999,')}\n{"id": "nope"}\n`)
    const [ok, refused, missing] = await Promise.all([
      cli(['import', 'corpus', good], env),
      cli(['import', 'corpus', bad], env),
      cli(['import', 'corpus', path.join(t.dataDir, 'none.ndjson')], env),
    ])
    expect(ok.code, ok.stderr).toBe(0)
    const progress = ok.stderr.split('\n').filter((l) => l.startsWith('progress: '))
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress.at(-1)).toContain('/3200 lines')
    expect(ok.stdout).toContain('│ Corpus Import')
    expect(ok.stdout).toMatch(/│ Inserted: +3200 /)
    expect(ok.stdout).toMatch(/│ Threads: +3 /)
    expect(refused.code).toBe(1)
    expect(refused.stdout).toMatch(/│ Rejected: +1 /)
    expect(refused.stdout).toContain('line 2:')
    expect(missing.code).toBe(2)
  })
})
