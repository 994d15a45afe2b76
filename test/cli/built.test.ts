/**
 * The CLI as shipped: src/cli compiled by tsc on its own (it needs nothing of the server, which
 * also proves it is a client only) and run as a plain executable file against a real server.
 */
import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { listen } from './run.js'

const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url))
let t: TestApp
let dir: string
beforeAll(async () => {
  t = await buildTestApp()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tg-cli-'))
  // node_modules beside the output, so that the compiled CLI finds commander and openapi-fetch.
  fs.symlinkSync(path.join(CHECKOUT, 'node_modules'), path.join(dir, 'node_modules'))
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n')
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the built toolgate CLI', () => {
  it('compiles from src/cli alone and runs as an executable with its shebang', { timeout: 120_000 }, async () => {
    const tsc = path.join(CHECKOUT, 'node_modules/typescript/bin/tsc')
    const flags = ['--outDir', path.join(dir, 'cli'), '--rootDir', path.join(CHECKOUT, 'src/cli'), '--module', 'nodenext', '--target', 'es2022']
    const built = spawnSync(process.execPath, [tsc, ...flags, '--strict', '--skipLibCheck', '--types', 'node', path.join(CHECKOUT, 'src/cli/index.ts')], {
      encoding: 'utf8',
    })
    expect(built.status, built.stdout + built.stderr).toBe(0)
    const bin = path.join(dir, 'cli/index.js')
    expect(fs.readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    fs.chmodSync(bin, 0o755)
    const url = await listen(t)
    // Not spawnSync: the server runs in this process and must keep answering.
    const r = await promisify(execFile)(bin, ['call', 'hello', '--name', 'Built'], { env: { ...process.env, TOOLGATE_URL: url, TOOLGATE_KEY: t.adminKey } })
    expect(r.stdout).toContain('Hello, Built!')
  })
})
