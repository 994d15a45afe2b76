/**
 * TOOLGATE_HOLD_RISKY=true: Bash and shell hold risky commands for approval (202) and run them once
 * approved; harmless commands run at once. (With the default, false, they only warn: foreground.test.ts.)
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildExecApp } from './helpers.js'

let t: TestApp
let ws: string
let reviewer: string // four eyes: calls are made with the admin key, so another key decides them

beforeAll(async () => {
  t = await buildExecApp({ env: { TOOLGATE_HOLD_RISKY: 'true' } })
  ws = await fs.realpath(t.workspace)
  reviewer = await t.key(['approve'], 'reviewer')
})
afterAll(async () => t.close())

const decide = (id: string, verb: 'approve' | 'reject') =>
  t.app.inject({ method: 'POST', url: `/v1/approvals/${id}/${verb}`, headers: { authorization: `Bearer ${reviewer}` }, payload: {} })

describe('TOOLGATE_HOLD_RISKY=true', () => {
  it('holds a risky Bash command until approved, then runs it once', async () => {
    await fs.mkdir(path.join(ws, 'build/deep'), { recursive: true })
    const held = await t.call('Bash', { command: 'rm -rf build && echo gone' })
    expect(held.statusCode, JSON.stringify(held.body)).toBe(202)
    expect(held.body).toMatchObject({ status: 'pending', approval_id: expect.any(String) })
    expect(held.body.messages[0]).toContain('Bash needs approval (risky command: rm -rf build (deletes files recursively without asking))')
    expect((await fs.stat(path.join(ws, 'build'))).isDirectory()).toBe(true)

    const approval = await t.app.inject({ method: 'GET', url: `/v1/approvals/${held.body.approval_id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(approval.json().approval).toMatchObject({
      tool: 'Bash',
      status: 'pending',
      reason: 'risky command: rm -rf build (deletes files recursively without asking)',
    })

    const done = await decide(held.body.approval_id, 'approve')
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({
      http_status: 200,
      result: {
        status: 'ok',
        success: true,
        output: 'gone\n',
        metadata: { returncode: 0 },
        messages: ['Risky command: rm -rf build (deletes files recursively without asking)'],
      },
    })
    await expect(fs.stat(path.join(ws, 'build'))).rejects.toThrow()
  })

  it('holds a risky shell command; a rejected one never runs', async () => {
    await fs.writeFile(path.join(ws, 'keep.txt'), 'x')
    const held = await t.call('shell', { command: 'git clean -fdx; rm -f keep.txt' })
    expect(held.statusCode).toBe(202)
    expect((await decide(held.body.approval_id, 'reject')).statusCode).toBe(200)
    expect(await fs.readFile(path.join(ws, 'keep.txt'), 'utf8')).toBe('x')
  })

  it('runs harmless commands at once, and dry runs need no approval', async () => {
    const res = await t.call('Bash', { command: 'echo fine' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: true, output: 'fine\n', messages: [] })
    const dry = await t.call('Bash', { command: 'rm -rf /' }, { headers: { 'x-dry-run': 'true' } })
    expect(dry.statusCode).toBe(200)
    expect(dry.body).toMatchObject({
      output: '[Dry Run] Would run: rm -rf / in .',
      messages: ['Risky command: rm -rf / (deletes files recursively without asking)'],
    })
  })
})
