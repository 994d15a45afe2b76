/** The workflow the README shows passes workflow_validate as printed (a stale example fails here). */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

it('the README’s workflow example is valid schema v1', async () => {
  const readme = await fs.readFile(path.join(import.meta.dirname, '../../README.md'), 'utf8')
  const block = /```yaml\n(version: 1\n[\s\S]*?)```/.exec(readme)?.[1]
  expect(block).toBeDefined()
  await fs.writeFile(path.join(t.workspace, 'readme.yaml'), block as string)
  const res = await t.call('workflow_validate', { path: 'readme.yaml' })
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  expect(res.body.success).toBe(true)
})
