/** Review findings: each test fails on the code before its fix. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import fs from 'node:fs/promises'
import path from 'node:path'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { TOOLGATE_APPROVAL_REQUIRED: 'read_repo_file' } })
  await fs.writeFile(path.join(t.workspace, 'a.txt'), 'x'.repeat(300_000))
})
afterAll(async () => t.close())

describe('hardening', () => {
  it('keeps a read-only tool held for approval on a dry run (it would really read)', async () => {
    const res = await t.call('read_repo_file', { path: 'a.txt' }, { headers: { 'x-dry-run': 'true' } })
    expect(res.statusCode).toBe(202)
    expect(res.body).toMatchObject({ status: 'pending' })
    expect(res.body.content).toBeUndefined()
  })

  it('never lets X-Max-Output-Size raise the cap above the server limit', async () => {
    const open = await buildTestApp({ env: { TOOLGATE_MAX_OUTPUT: '1000' } })
    try {
      await fs.writeFile(path.join(open.workspace, 'big.txt'), 'y'.repeat(2_000_000))
      const res = await open.call('fs_read', { path: 'big.txt' }, { headers: { 'x-max-output-size': '9007199254740991' } })
      expect(res.statusCode).toBe(200)
      expect(Buffer.byteLength(res.body.output)).toBeLessThan(1_600_000)
      expect(res.body.messages.join('\n')).toMatch(/above this server's limit/)
    } finally {
      await open.close()
    }
  })

  it('answers a huge unknown tool name at once, without suggestions, under one metric label', async () => {
    const name = 'x'.repeat(200_000)
    const started = performance.now()
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } },
    })
    expect(performance.now() - started).toBeLessThan(2_000)
    const body = res.json()
    expect(body.result.isError).toBe(true)
    expect(body.result.structuredContent).toMatchObject({ error_code: 'TOOL_NOT_FOUND', details: { suggestions: [] } })
    expect(JSON.stringify(body).length).toBeLessThan(2_000)
    await t.call('no_such_tool_abc', {})
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(metrics.body).toMatch(/tool="_unknown"/)
    expect(metrics.body).not.toMatch(/no_such_tool_abc|xxxxxxxx/)
  })

  it('answers a malformed execution id with 404, not a database error', async () => {
    for (const id of ['-'.repeat(36), 'a'.repeat(36)]) {
      const res = await t.app.inject({ url: `/v1/executions/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
      expect(res.statusCode).toBe(404)
      expect(res.json().error_code).toBe('EXECUTION_NOT_FOUND')
    }
  })

  it('stores no part of the bootstrap key in clear', async () => {
    const res = await t.app.inject({ url: '/v1/keys', headers: { authorization: `Bearer ${t.adminKey}` } })
    const bootstrap = res.json().keys.find((k: { name: string }) => k.name === 'bootstrap')
    expect(bootstrap.prefix).toBe('bootstrap')
    expect(res.body).not.toContain(t.adminKey.slice(0, 10))
  })
})
