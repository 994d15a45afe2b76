/**
 * Grep through the real app on a generated tree: every case of the table against ripgrep, each
 * asserting the exact output and metadata; and without rg, 503 GREP_NOT_AVAILABLE saying how to
 * install it (the app pointed at a PATH or a TOOLGATE_RG where no rg is).
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { loadConfig } from '../../../src/config.js'
import { appOn, hasRg, makeSearchTree, type SearchTree } from './fixture.js'
import { GREP_CASES, type GrepCase } from './grep-cases.js'

let tree: SearchTree
let t: TestApp

beforeAll(async () => {
  tree = await makeSearchTree()
  t = await appOn(tree)
})
afterAll(async () => {
  await t?.close()
  await tree.cleanup()
})

function check(c: GrepCase, res: { statusCode: number; body: any }) {
  const why = JSON.stringify(res.body)
  if (c.error) {
    expect(res.statusCode, why).toBe(c.error.status)
    expect(res.body, why).toMatchObject({ status: 'error', success: false, error_code: c.error.code })
    expect(res.body.error_message, why).toMatch(c.error.message)
    expect(res.body.error_message).not.toContain(tree.ws)
    return
  }
  expect(res.statusCode, why).toBe(200)
  expect(res.body, why).toMatchObject({ status: 'ok', success: true, error: null })
  expect(res.body.output, why).toBe(c.output)
  expect(res.body.metadata, why).toMatchObject({ engine: 'rg', ...c.meta })
  if (c.message) expect(res.body.messages.join('\n'), why).toMatch(c.message)
}

describe.runIf(hasRg)('Grep (ripgrep)', () => {
  it.each(GREP_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    check(c, await t.call('Grep', c.args, { headers: c.headers }))
  })

  it("stops at the call's timeout: 504 TIMEOUT, not a server error", async () => {
    const res = await t.call('Grep', { pattern: '\\w+\\s+\\w+', output_mode: 'count' }, { headers: { 'x-timeout-ms': '1' } })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(504)
    expect(res.body).toMatchObject({ status: 'error', success: false, error_code: 'TIMEOUT', metadata: { engine: 'rg' } })
    expect(res.body.error_message).toMatch(/^Tool timed out after/)
  })

  it('never leaks the planted secret in any mode', async () => {
    for (const output_mode of ['content', 'files_with_matches', 'count']) {
      const res = await t.call('Grep', { pattern: 'hunter2|SECRET', output_mode, '-i': true })
      expect(res.statusCode).toBe(200)
      expect(res.body.output).toBe('')
      expect(JSON.stringify(res.body)).not.toContain('hunter2')
    }
  })

  it('runs the rg TOOLGATE_RG names, by absolute path', async () => {
    const app = await appOn(tree, { TOOLGATE_RG: '/usr/bin/rg' })
    try {
      const res = await app.call('Grep', { pattern: 'TODO', path: 'src/sub' })
      expect(res.body).toMatchObject({ success: true, output: 'src/sub/deep.py', metadata: { engine: 'rg' } })
    } finally {
      await app.close()
    }
  })
})

describe('Grep without ripgrep', () => {
  const saved = process.env.PATH
  let empty: string
  beforeAll(async () => {
    empty = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-no-rg-'))
  })
  afterAll(async () => {
    process.env.PATH = saved
    await fs.rm(empty, { recursive: true, force: true })
  })

  const expectNotAvailable = (res: { statusCode: number; body: any }, where: RegExp) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(503)
    expect(res.body).toMatchObject({ status: 'error', success: false, error_code: 'GREP_NOT_AVAILABLE' })
    expect(res.body.error_message).toMatch(where)
    expect(res.body.error_message).toMatch(/apt-get install ripgrep.*TOOLGATE_RG/s)
    expect(res.body.error_message).not.toContain(empty)
  }

  it('answers 503 GREP_NOT_AVAILABLE when TOOLGATE_RG names no executable', async () => {
    for (const rg of [path.join(empty, 'rg'), '/etc/hostname']) {
      const app = await appOn(tree, { TOOLGATE_RG: rg })
      try {
        expectNotAvailable(await app.call('Grep', { pattern: 'TODO' }), /TOOLGATE_RG does not name an executable ripgrep/)
      } finally {
        await app.close()
      }
    }
  })

  it('answers 503 when rg is not on PATH, and works once it is (no restart)', async () => {
    process.env.PATH = empty
    try {
      expectNotAvailable(await t.call('Grep', { pattern: 'TODO', path: 'src/sub' }), /no rg was found on the server's PATH/)
    } finally {
      process.env.PATH = saved
    }
    if (!hasRg) return
    const res = await t.call('Grep', { pattern: 'TODO', path: 'src/sub' })
    expect(res.body).toMatchObject({ success: true, output: 'src/sub/deep.py' })
  })

  it('a program that is not ripgrep is refused too', async () => {
    const app = await appOn(tree, { TOOLGATE_RG: '/bin/true' })
    try {
      expectNotAvailable(await app.call('Grep', { pattern: 'TODO' }), /TOOLGATE_RG/)
    } finally {
      await app.close()
    }
  })
})

describe('Grep: configuration and validation', () => {
  it('TOOLGATE_GREP_ENGINE=js and a relative TOOLGATE_RG are refused at start, saying why', () => {
    expect(() => loadConfig({ TOOLGATE_GREP_ENGINE: 'js' })).toThrow(/JavaScript engine was removed/)
    expect(() => loadConfig({ TOOLGATE_RG: 'bin/rg' })).toThrow(/TOOLGATE_RG="bin\/rg" must be a command name/)
    expect(loadConfig({ TOOLGATE_GREP_ENGINE: 'auto' }).rg).toBe('rg')
    expect(loadConfig({ TOOLGATE_RG: '/opt/rg' }).rg).toBe('/opt/rg')
  })

  it('needs the read scope', async () => {
    const key = await t.key(['exec'])
    const res = await t.call('Grep', { pattern: 'TODO' }, { key })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('SCOPE_REQUIRED')
  })

  it('validates parameters with the seed messages', async () => {
    const res = await t.call('Grep', { pattern: 'x', output_mode: 'lines' })
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toMatch(/Invalid value for output_mode/)
    const neg = await t.call('Grep', { pattern: 'x', '-A': -1 })
    expect(neg.statusCode).toBe(400)
  })
})
