/**
 * Small general pieces workflows build on: a tool may say its answer's status (`status(output)`,
 * 202 = pending with an approval id), a tool may ask for its inner call to be held for approval
 * (`holdReason`), and approval decisions are told to listeners (`approvals.onDecided`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import type { Decision } from '../../src/approvals/queue.js'
import { defineTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { buildTestApp, type TestApp } from '../helper.js'

const waiting = defineTool({
  name: 'waiting',
  toolset: 'test',
  category: 'OTHER',
  description: 'Answers 202 when asked to wait on an approval id',
  scope: 'read',
  input: Type.Object({ approval: Type.Optional(Type.String()), bad: Type.Optional(Type.Boolean()) }),
  output: Type.Object({ waiting_on: Type.Union([Type.String(), Type.Null()]), bad: Type.Boolean() }),
  status: (out) => {
    if (out.bad) throw new Error('broken status function')
    return out.waiting_on ? { code: 202, approvalId: out.waiting_on } : undefined
  },
  execute: ({ approval, bad }) => ({ waiting_on: approval ?? null, bad: bad ?? false }),
})

const holding = defineTool({
  name: 'holding',
  toolset: 'test',
  category: 'OTHER',
  description: 'Calls hello, held for approval with a reason',
  scope: 'read',
  input: Type.Object({}),
  output: Type.Object({ http_status: Type.Integer(), body: Type.Unknown() }),
  async execute(_args, ctx) {
    const res = await ctx.callTool('hello', { name: 'held' }, { holdReason: 'a test asked for a person' })
    return { http_status: res.statusCode, body: res.body }
  },
})

let t: TestApp
const decisions: Decision[] = []
beforeAll(async () => {
  t = await buildTestApp({ tools: [...allTools, waiting, holding] })
  t.app.approvals.onDecided(async (d) => void decisions.push(d))
})
afterAll(() => t.close())

describe('a tool’s own answer status', () => {
  it('answers 202 pending with the approval id when the tool says so, 200 otherwise', async () => {
    const pending = await t.call('waiting', { approval: 'a5d8c3e0-0000-4000-8000-000000000001' })
    expect(pending.statusCode).toBe(202)
    expect(pending.body).toMatchObject({ status: 'pending', approval_id: 'a5d8c3e0-0000-4000-8000-000000000001', waiting_on: expect.any(String) })
    const row = (await t.app.inject({ url: `/v1/executions/${pending.body.execution_id}`, headers: { authorization: `Bearer ${t.adminKey}` } })).json()
    expect(row.execution).toMatchObject({ status: 'ok', http_status: 202 })
    const plain = await t.call('waiting', {})
    expect(plain.statusCode).toBe(200)
    expect(plain.body.status).toBe('ok')
  })

  it('answers 200 when the status function fails: the output is sound', async () => {
    const res = await t.call('waiting', { approval: 'x', bad: true })
    expect(res.statusCode).toBe(200)
    expect(res.body.status).toBe('ok')
  })
})

describe('holding an inner call for approval, and telling listeners the decision', () => {
  it('holds the inner call with its reason; approving runs it and tells the listeners', async () => {
    const approver = await t.key(['approve'], 'reviewer')
    const res = await t.call('holding', {})
    expect(res.body.http_status).toBe(202)
    const { approval_id: approvalId, execution_id: executionId } = res.body.body
    const approval = (await t.app.inject({ url: `/v1/approvals/${approvalId}`, headers: { authorization: `Bearer ${approver}` } })).json().approval
    expect(approval).toMatchObject({ tool: 'hello', reason: 'a test asked for a person', status: 'pending' })
    const ok = await t.app.inject({ method: 'POST', url: `/v1/approvals/${approvalId}/approve`, headers: { authorization: `Bearer ${approver}` } })
    expect(ok.statusCode).toBe(200)
    const told = decisions.find((d) => d.approvalId === approvalId)
    expect(told).toMatchObject({ decision: 'approved', executionId, outcome: { statusCode: 200, body: { message: 'Hello, held!' } } })
  })

  it('tells the listeners of a rejection', async () => {
    const approver = await t.key(['approve'], 'reviewer-2')
    const res = await t.call('holding', {})
    const approvalId = res.body.body.approval_id
    const no = await t.app.inject({ method: 'POST', url: `/v1/approvals/${approvalId}/reject`, headers: { authorization: `Bearer ${approver}` } })
    expect(no.statusCode).toBe(200)
    expect(decisions.find((d) => d.approvalId === approvalId)).toMatchObject({ decision: 'rejected' })
  })
})
