/**
 * Validation with seed 002 §5's words, malformed and oversized bodies, unknown tools with "did you
 * mean", context headers, the output cap, and validation failures kept in history.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineTool } from '../../src/tools/define.js'
import { compileInputValidator } from '../../src/tools/validate.js'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let reader: string
beforeAll(async () => {
  t = await buildTestApp()
  reader = await t.key(['read'], 'reader')
  await fs.writeFile(path.join(t.workspace, 'k.txt'), 'k'.repeat(1000))
})
afterAll(async () => t?.close())

const read = (body: unknown, headers?: Record<string, string>) => t.call('read_repo_file', body, { key: reader, headers })

function expectValidation(res: { statusCode: number; body: any }, message: string) {
  expect(res.statusCode).toBe(400)
  expect(res.body).toMatchObject({ status: 'error', error_code: 'VALIDATION_ERROR', error_message: message })
  expect(res.body.execution_id).toMatch(/^[0-9a-f-]{36}$/)
}

describe('seed 002 §5 messages', () => {
  it('names a missing required parameter and lists the required ones', async () => {
    const res = await read({})
    expectValidation(res, 'Missing required parameter: path')
    expect(res.body.details).toMatchObject({
      tool: 'read_repo_file',
      parameter: 'path',
      required_parameters: [{ name: 'path', type: 'string', description: 'Relative path from repo root' }],
    })
  })

  it('reports an invalid type with Received and Expected', async () => {
    const res = await read({ path: 5 })
    expectValidation(res, 'Invalid type for path: expected string')
    expect(res.body.details).toMatchObject({ parameter: 'path', received: '5 (integer)', expected: 'string' })
    const str = await read({ path: 'k.txt', encoding: ['utf-8'] })
    expectValidation(str, 'Invalid type for encoding: expected string')
    expect(str.body.details.received).toBe('["utf-8"] (array)')
  })

  it('lists the valid options of an enum', async () => {
    const res = await read({ path: 'k.txt', encoding: 'utf-16' })
    expectValidation(res, "Invalid value for encoding: must be one of ['utf-8', 'base64']")
    expect(res.body.details).toMatchObject({ parameter: 'encoding', received: '"utf-16"', valid_options: ['utf-8', 'base64'] })
  })

  it('enforces patterns', async () => {
    const res = await read({ path: 'a b;rm -rf' })
    expectValidation(res, 'Value for path does not match pattern: ^[a-zA-Z0-9_./-]+$')
    expect(res.body.details).toMatchObject({ parameter: 'path', received: '"a b;rm -rf" (string)', constraints: 'maxLength=4096, pattern=^[a-zA-Z0-9_./-]+$' })
  })

  it('refuses unknown parameters with a did-you-mean', async () => {
    const res = await read({ pth: 'a' })
    expectValidation(res, 'Unknown parameter: pth (did you mean path?)')
    expect(res.body.details).toMatchObject({ parameter: 'pth', valid_parameters: ['path', 'encoding'] })
    expectValidation(await read({ path: 'k.txt', zzzzzzzz: 1 }), 'Unknown parameter: zzzzzzzz')
  })

  it('words range and string-typed numbers as seed 002 shows', () => {
    const tool = defineTool({
      name: 'Read',
      toolset: 't',
      category: 'FILE',
      description: 'Read',
      scope: 'read',
      input: Type.Object({
        file_path: Type.String({ description: 'Absolute path to the file to read' }),
        offset: Type.Optional(Type.Integer({ minimum: 0 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
      }),
      output: Type.Object({}),
      execute: () => ({}),
    })
    const check = compileInputValidator(tool)
    const over = check({ file_path: '/a', limit: 50000 })
    expect(over.ok).toBe(false)
    if (over.ok) return
    expect(over.error.message).toBe('Value for limit exceeds maximum: 10000')
    expect(over.error.details).toMatchObject({ received: 50000, constraints: 'minimum=1, maximum=10000' })
    const typed = check({ file_path: '/a', offset: '100' })
    if (typed.ok) throw new Error('accepted a string offset')
    expect(typed.error.message).toBe('Invalid type for offset: expected integer')
    expect(typed.error.details).toMatchObject({ received: '"100" (string)', expected: 'integer' })
    const under = check({ file_path: '/a', offset: -1 })
    if (under.ok) throw new Error('accepted a negative offset')
    expect(under.error.message).toBe('Value for offset is below minimum: 0')
  })
})

describe('malformed requests', () => {
  it('refuses a body that is not an object', async () => {
    for (const body of [['path', 'k.txt'], 'k.txt', 5, null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/tools/read_repo_file',
        headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error_code).toBe('VALIDATION_ERROR')
    }
  })

  it('refuses invalid JSON with 400 INVALID_REQUEST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/tools/hello',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 'error', error_code: 'INVALID_REQUEST' })
  })

  it('refuses an oversized body with a JSON 413', async () => {
    const small = await buildTestApp({ env: { TOOLGATE_BODY_LIMIT: '2048' } })
    try {
      // Within both the body limit and hello's 256-character name.
      const ok = await small.call('hello', { name: 'x'.repeat(250) }, { key: '' })
      expect(ok.statusCode).toBe(200)
      const res = await small.app.inject({
        method: 'POST',
        url: '/v1/tools/hello',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(5000) }),
      })
      expect(res.statusCode).toBe(413)
      expect(res.headers['content-type']).toMatch(/application\/json/)
      expect(res.json()).toMatchObject({ status: 'error', error_code: 'PAYLOAD_TOO_LARGE' })
      expect(res.json().error_message).toMatch(/2048/)
    } finally {
      await small.close()
    }
  })

  it('answers an unknown tool with 404 and did-you-mean suggestions', async () => {
    const cases: [string, string][] = [
      ['helo', 'hello'],
      ['read_file', 'read_repo_file'],
      ['write_memory', 'write_memory_entry'],
    ]
    for (const [asked, meant] of cases) {
      const res = await t.call(asked, {})
      expect(res.statusCode, asked).toBe(404)
      expect(res.body).toMatchObject({ status: 'error', error_code: 'TOOL_NOT_FOUND' })
      expect(res.body.error_message).toContain(`The tool "${asked}" is not registered.`)
      expect(res.body.error_message).toContain('Did you mean')
      expect(res.body.error_message).toContain(meant)
      expect(res.body.details.suggestions).toContain(meant)
    }
    const none = await t.call('zzzzzzzzzzzz', {})
    expect(none.statusCode).toBe(404)
    expect(none.body.details.suggestions).toEqual([])
    expect(none.body.error_message).not.toContain('Did you mean')
  })

  it('words an unknown schema format as seed 002 §5 does', async () => {
    const res = await t.app.inject('/v1/schemas/unknown')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      error_message: "Invalid value for format: must be one of ['openai', 'anthropic', 'langchain', 'mcp', 'harmony']",
      details: { received: '"unknown"', valid_options: ['openai', 'anthropic', 'langchain', 'mcp', 'harmony'] },
    })
  })
})

describe('context headers', () => {
  it('refuses invalid header values', async () => {
    for (const [name, value] of [
      ['X-Timeout-Ms', 'abc'],
      ['X-Timeout-Ms', '-5'],
      ['X-Timeout-Ms', '1.5'],
      ['X-Max-Output-Size', 'lots'],
      ['X-Dry-Run', 'maybe'],
    ]) {
      const res = await t.call('hello', {}, { key: '', headers: { [name]: value } })
      expect(res.statusCode, `${name}: ${value}`).toBe(400)
      expect(res.body.error_code).toBe('INVALID_HEADER')
      expect(res.body.error_message).toContain(name)
    }
    const ctx = await t.app.inject({ url: '/v1/context', headers: { authorization: `Bearer ${reader}`, 'x-dry-run': 'maybe' } })
    expect(ctx.statusCode).toBe(400)
  })

  it("fits an X-Timeout-Ms beyond the tool's bounds and says so", async () => {
    const res = await t.call('hello', {}, { key: '', headers: { 'X-Timeout-Ms': '999999' } })
    expect(res.statusCode).toBe(200)
    expect(res.body.messages).toHaveLength(1)
    expect(res.body.messages[0]).toMatch(/999999.*hello.*10000/)
    const within = await t.call('hello', {}, { key: '', headers: { 'X-Timeout-Ms': '2000' } })
    expect(within.body.messages).toEqual([])
  })

  it('caps the output at X-Max-Output-Size with a visible marker', async () => {
    const full = await read({ path: 'k.txt' })
    expect(full.statusCode).toBe(200)
    expect(full.body.content).toBe('k'.repeat(1000))
    const res = await read({ path: 'k.txt' }, { 'X-Max-Output-Size': '50' })
    expect(res.statusCode).toBe(200)
    expect(res.body.status).toBe('ok')
    expect(res.body.size).toBe(1000)
    expect(res.body.content.length).toBeLessThan(1000)
    expect(res.body.content).toMatch(/truncated/)
    expect(res.body.messages.some((m: string) => m.includes('X-Max-Output-Size'))).toBe(true)
  })
})

describe('history of refused calls', () => {
  it('records validation failures', async () => {
    const res = await read({ path: 5, encoding: 'utf-8' }, { 'X-Session-Id': 'sess_validation' })
    expect(res.statusCode).toBe(400)
    const list = await t.app.inject({ url: '/v1/executions?tool=read_repo_file&status=error&limit=500', headers: { authorization: `Bearer ${reader}` } })
    expect(list.statusCode).toBe(200)
    const row = list.json().executions.find((e: { id: string }) => e.id === res.body.execution_id)
    expect(row).toMatchObject({
      tool: 'read_repo_file',
      status: 'error',
      error_code: 'VALIDATION_ERROR',
      error: 'Invalid type for path: expected string',
      params: { path: 5, encoding: 'utf-8' },
      session_id: 'sess_validation',
      http_status: 400,
    })
    expect(row.caller.name).toBe('reader')
  })
})
