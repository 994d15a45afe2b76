/**
 * Grep through the real app on a generated tree: every case of the shared table against the
 * JavaScript engine always and the rg engine when `rg` is installed, each asserting the exact
 * output and metadata, then the two engines compared case by case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { appOn, hasRg, makeSearchTree, type SearchTree } from './fixture.js'
import { GREP_CASES, type GrepCase } from './grep-cases.js'

let tree: SearchTree
const apps: Partial<Record<'js' | 'rg', TestApp>> = {}

beforeAll(async () => {
  tree = await makeSearchTree()
  apps.js = await appOn(tree, 'js')
  if (hasRg) apps.rg = await appOn(tree, 'rg')
})
afterAll(async () => {
  await apps.js?.close()
  await apps.rg?.close()
  await tree.cleanup()
})

const grep = (engine: 'js' | 'rg', c: GrepCase) => apps[engine]!.call('Grep', c.args, { headers: c.headers })

function check(engine: 'js' | 'rg', c: GrepCase, res: { statusCode: number; body: any }) {
  const why = `${engine}: ${JSON.stringify(res.body)}`
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
  expect(res.body.metadata, why).toMatchObject({ engine, ...c.meta })
  if (c.message) expect(res.body.messages.join('\n'), why).toMatch(c.message)
}

for (const engine of ['js', 'rg'] as const) {
  describe.runIf(engine === 'js' || hasRg)(`Grep (${engine} engine)`, () => {
    it.each(GREP_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      check(engine, c, await grep(engine, c))
    })

    it('stops at the call\'s timeout: 504 TIMEOUT, not a server error', async () => {
      const res = await apps[engine]!.call('Grep', { pattern: '\\w+\\s+\\w+', output_mode: 'count' }, { headers: { 'x-timeout-ms': '1' } })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(504)
      expect(res.body).toMatchObject({ status: 'error', success: false, error_code: 'TIMEOUT', metadata: { engine } })
      expect(res.body.error_message).toMatch(/^Tool timed out after/)
    })

    it('never leaks the planted secret in any mode', async () => {
      for (const output_mode of ['content', 'files_with_matches', 'count']) {
        const res = await apps[engine]!.call('Grep', { pattern: 'hunter2|SECRET', output_mode, '-i': true })
        expect(res.statusCode).toBe(200)
        expect(res.body.output).toBe('')
        expect(JSON.stringify(res.body)).not.toContain('hunter2')
      }
    })
  })
}

describe.runIf(hasRg)('Grep: the rg and JavaScript engines agree', () => {
  it('gives identical status, output and counts for every case', async () => {
    for (const c of GREP_CASES) {
      const [a, b] = await Promise.all([grep('js', c), grep('rg', c)])
      expect(b.statusCode, c.name).toBe(a.statusCode)
      expect(b.body.output, c.name).toBe(a.body.output)
      const { engine: _x, ...ma } = a.body.metadata ?? {}
      const { engine: _y, ...mb } = b.body.metadata ?? {}
      expect(mb, c.name).toEqual(ma)
    }
  })
})

describe('Grep: engine choice', () => {
  it('auto uses rg when installed, else the JavaScript engine', async () => {
    const t = await appOn(tree)
    try {
      const res = await t.call('Grep', { pattern: 'TODO', path: 'src/sub' })
      expect(res.body).toMatchObject({ success: true, output: 'src/sub/deep.py', metadata: { engine: hasRg ? 'rg' : 'js' } })
    } finally {
      await t.close()
    }
  })

  it('needs the read scope', async () => {
    const key = await apps.js!.key(['exec'])
    const res = await apps.js!.call('Grep', { pattern: 'TODO' }, { key })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('SCOPE_REQUIRED')
  })

  it('validates parameters with the seed messages', async () => {
    const res = await apps.js!.call('Grep', { pattern: 'x', output_mode: 'lines' })
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toMatch(/Invalid value for output_mode/)
    const neg = await apps.js!.call('Grep', { pattern: 'x', '-A': -1 })
    expect(neg.statusCode).toBe(400)
  })
})
