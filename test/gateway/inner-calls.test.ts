/**
 * Inner calls (`ctx.callTool`): a tool calling another tool goes through the whole pipeline as its
 * caller — scopes, approvals, history — and is recorded as the outer call's child. A test-only
 * `relay` tool stands in for Task and workflows, which build on this.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import { defineTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { buildTestApp, type TestApp } from '../helper.js'

const relay = defineTool({
  name: 'relay',
  toolset: 'test',
  category: 'OTHER',
  description: 'Calls `tool` with `args` as its caller and answers with what it got',
  scope: 'read',
  input: Type.Object({ tool: Type.String(), args: Type.Record(Type.String(), Type.Unknown()), timeout_ms: Type.Optional(Type.Integer()) }),
  output: Type.Object({ http_status: Type.Integer(), body: Type.Unknown(), depth: Type.Integer() }),
  async execute(args, ctx) {
    const res = await ctx.callTool(args.tool, args.args, { agentId: 'relay-agent', timeoutMs: args.timeout_ms })
    return { http_status: res.statusCode, body: res.body, depth: ctx.depth }
  },
})

/** Answers how deep it was called: 0 for a client's own call. */
const depthProbe = defineTool({
  name: 'depth_probe',
  toolset: 'test',
  category: 'OTHER',
  description: 'Answers its call depth',
  scope: 'read',
  input: Type.Object({}),
  output: Type.Object({ depth: Type.Integer() }),
  execute: (_args, ctx) => ({ depth: ctx.depth }),
})

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ tools: [...allTools, relay] })
  await fs.writeFile(path.join(t.workspace, 'note.txt'), 'hello from the workspace\n')
})
afterAll(() => t.close())

const history = async (query: string) => (await t.app.inject({ url: `/v1/executions?${query}`, headers: { authorization: `Bearer ${t.adminKey}` } })).json()

describe('inner calls', () => {
  it('run the inner tool as the caller and record it as the outer call’s child', async () => {
    const key = await t.key(['read'], 'reader')
    const res = await t.call('relay', { tool: 'Read', args: { file_path: 'note.txt' } }, { key })
    expect(res.statusCode).toBe(200)
    expect(res.body.http_status).toBe(200)
    expect(JSON.stringify(res.body.body)).toContain('hello from the workspace')
    const outer = res.body.execution_id
    const children = await history(`parent=${outer}`)
    expect(children.executions).toHaveLength(1)
    const [child] = children.executions
    expect(child).toMatchObject({ tool: 'Read', transport: 'inner', parent_execution_id: outer, agent_id: 'relay-agent', status: 'ok' })
    expect(child.caller.name).toBe('reader')
    const one = await t.app.inject({ url: `/v1/executions/${child.id}`, headers: { authorization: `Bearer ${key}` } })
    expect(one.json().execution.parent_execution_id).toBe(outer)
  })

  it('never give the inner call more scopes than the caller has', async () => {
    const key = await t.key(['read'], 'reader-2')
    const marker = path.join(t.workspace, 'ran.txt')
    for (const [tool, args] of [
      ['Bash', { command: `touch ${marker}` }],
      ['Write', { file_path: 'ran.txt', content: 'x' }],
      ['shell', { command: `touch ${marker}` }],
    ] as const) {
      const res = await t.call('relay', { tool, args }, { key })
      expect(res.statusCode).toBe(200)
      expect(res.body.http_status).toBe(403)
      expect(res.body.body.error_code).toBe('SCOPE_REQUIRED')
    }
    await expect(fs.stat(marker)).rejects.toThrow()
    // Positive control: the same relay with a key that has `write` does write.
    const writer = await t.key(['read', 'write'], 'writer')
    const ok = await t.call('relay', { tool: 'Write', args: { file_path: 'ran.txt', content: 'x' } }, { key: writer })
    expect(ok.body.http_status).toBe(200)
    expect(await fs.readFile(marker, 'utf8')).toBe('x')
  })

  it('validate inner arguments and report unknown tools as answers, not exceptions', async () => {
    const bad = await t.call('relay', { tool: 'Read', args: { file_path: 42 } })
    expect(bad.body.http_status).toBe(400)
    expect(bad.body.body.error_code).toBe('VALIDATION_ERROR')
    const unknown = await t.call('relay', { tool: 'Raed', args: {} })
    expect(unknown.body.http_status).toBe(404)
    expect(unknown.body.body.error_code).toBe('TOOL_NOT_FOUND')
  })

  it('stop a runaway chain of calls at the depth limit', async () => {
    let args: Record<string, unknown> = { tool: 'hello', args: { name: 'deep' } }
    for (let i = 0; i < 6; i++) args = { tool: 'relay', args }
    const res = await t.call('relay', args)
    expect(JSON.stringify(res.body)).toContain('CALL_DEPTH_EXCEEDED')
    expect(JSON.stringify(res.body)).not.toContain('Hello, deep')
    // Positive control: a short chain reaches hello.
    const short = await t.call('relay', { tool: 'relay', args: { tool: 'hello', args: { name: 'near' } } })
    expect(JSON.stringify(short.body)).toContain('near')
    expect(short.body.body.depth).toBe(1)
  })

  it('stop when the key that started the call is revoked', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { authorization: `Bearer ${t.adminKey}` },
      payload: { name: 'doomed', scopes: ['read'] },
    })
    const { key, id } = created.json()
    const revoked = defineTool({
      ...relay,
      name: 'relay_after_revoke',
      async execute(args, ctx) {
        await t.app.inject({ method: 'DELETE', url: `/v1/keys/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
        const res = await ctx.callTool(args.tool, args.args)
        return { http_status: res.statusCode, body: res.body, depth: ctx.depth }
      },
    })
    t.app.registry.register(revoked)
    const res = await t.app.pipeline.invoke({
      tool: 'relay_after_revoke',
      args: { tool: 'Read', args: { file_path: 'note.txt' } },
      authorization: `Bearer ${key}`,
      clientIp: '127.0.0.1',
      transport: 'rest',
      headers: {},
    })
    expect(res.body.http_status).toBe(401)
    t.app.registry.deregister('relay_after_revoke')
  })
})

describe('a held inner call, once approved', () => {
  it('runs as deep as it was held, not as a new call at depth 0', async () => {
    const held = await buildTestApp({ tools: [...allTools, relay, depthProbe], env: { TOOLGATE_APPROVAL_REQUIRED: 'depth_probe' } })
    try {
      const approver = await held.key(['approve'], 'approver')
      const res = await held.call('relay', { tool: 'relay', args: { tool: 'depth_probe', args: {} } })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
      const inner = res.body.body
      expect(inner.http_status).toBe(202)
      const pending = inner.body
      const ok = await held.app.inject({
        method: 'POST',
        url: `/v1/approvals/${pending.approval_id}/approve`,
        headers: { authorization: `Bearer ${approver}` },
      })
      expect(ok.statusCode, ok.body).toBe(200)
      const run = await held.app.inject({ url: `/v1/executions/${pending.execution_id}`, headers: { authorization: `Bearer ${held.adminKey}` } })
      expect(run.json().execution.result).toMatchObject({ depth: 2 })
      // positive control: called directly, it is at depth 0 once approved
      const direct = await held.call('depth_probe', {})
      await held.app.inject({ method: 'POST', url: `/v1/approvals/${direct.body.approval_id}/approve`, headers: { authorization: `Bearer ${approver}` } })
      const row = await held.app.inject({ url: `/v1/executions/${direct.body.execution_id}`, headers: { authorization: `Bearer ${held.adminKey}` } })
      expect(row.json().execution.result).toMatchObject({ depth: 0 })
    } finally {
      await held.close()
    }
  })
})
