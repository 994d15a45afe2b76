/**
 * The CLI as shipped: a plain executable file with its shebang, run against a real server. It is
 * the suite's compiled src/ (test/support/compiled-src.ts); that src/cli needs nothing of the
 * server is the cli-is-a-client rule of `npm run lint:deps`, and that it compiles, `npm run typecheck`.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { compiledPath } from '../support/compiled-src.js'
import { listen } from './run.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('the built toolgate CLI', () => {
  it('runs as an executable with its shebang', async () => {
    const bin = compiledPath('src/cli/index.ts')
    if (!bin) throw new Error('run under the suite: its setup compiles src/ (vitest.config.ts)')
    expect(fs.readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    fs.chmodSync(bin, 0o755)
    const url = await listen(t)
    // Not a synchronous spawn: the server runs in this process and must keep answering.
    const r = await promisify(execFile)(bin, ['call', 'hello', '--name', 'Built'], { env: { ...process.env, TOOLGATE_URL: url, TOOLGATE_KEY: t.adminKey } })
    expect(r.stdout).toContain('Hello, Built!')
  })
})
