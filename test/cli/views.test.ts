/** `toolgate tools|registry|history|context|schemas`: seed 002 §4, §6, §7 (with paging), §8. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { cli, listen } from './run.js'

let t: TestApp
let env: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  env = { TOOLGATE_URL: await listen(t), TOOLGATE_KEY: t.adminKey }
  for (const name of ['a', 'b', 'c']) await t.call('hello', { name })
})
afterAll(() => t?.close())

describe('toolgate views', () => {
  it('lists tools by category (§4) and shows one with its parameters', async () => {
    const [list, read] = await Promise.all([cli(['tools'], env), cli(['tools', 'Read'], env)])
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/│ Available Tools \(\d+\)/)
    expect(list.stdout).toMatch(/│ FILE \(\d+\) +│/)
    expect(list.stdout).toMatch(/│ {3}Read +Read contents of a file/)
    expect(read.stdout).toContain('│ Category: FILE')
    expect(read.stdout).toContain('│   file_path (string) [required]')
    expect(read.stdout).toContain('│   limit (integer) [optional, default: 2000]')
    expect(read.stdout).toContain('Constraints: minimum=1, maximum=10000')
  })

  it('shows the registry (§6) and the context (§8)', async () => {
    const [reg, ctx] = await Promise.all([cli(['registry'], env), cli(['context'], { ...env })])
    expect(reg.code).toBe(0)
    expect(reg.stdout).toContain('│ Tool Registry State')
    expect(reg.stdout).toMatch(/│ {3}FILE: +\d+ tools/)
    expect(reg.stdout).toContain('Registered Tools:')
    expect(ctx.code).toBe(0)
    expect(ctx.stdout).toContain(`│ Working Directory: ${t.workspace}`)
    expect(ctx.stdout).toContain('│ Max Output Size:   100,000 bytes')
    expect(ctx.stdout).toContain('key_name: bootstrap')
  })

  it('pages through history (§7) and exports schemas as JSON', async () => {
    const first = await cli(['history', '--limit', '2'], env)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('│ Total Executions: 3')
    expect(first.stdout).toContain('│     Params: {"name": "c"}')
    const cursor = /^Next page: toolgate history --from 3 --cursor (\S+)$/m.exec(first.stdout)?.[1]
    expect(cursor).toBeTruthy()
    const [second, schemas] = await Promise.all([cli(['history', '--limit', '2', '--from', '3', '--cursor', cursor!], env), cli(['schemas', 'openai'], env)])
    expect(second.stdout).toMatch(/│ #3 {2}\[/)
    expect(second.stdout).toContain('│     Params: {"name": "a"}')
    expect(second.stdout).not.toContain('Next page')
    expect(JSON.parse(schemas.stdout)).toBeTruthy()
  })
})
