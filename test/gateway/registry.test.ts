/**
 * The registry (seed 002 §6, §9), the catalog (§4), the context (§8), execution history (§7) with
 * paging, and how the pipeline answers a tool that times out or throws.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { defineTool, type AnyTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { createRegistry } from '../../src/tools/registry.js'
import hello from '../../src/tools/booster/hello.js'
import { buildTestApp, type TestApp } from '../helper.js'

const LEAK = 'db7 quota exploded in /srv/internal/shard-42'

const slow = defineTool({
  name: 'slow',
  toolset: 'test',
  category: 'OTHER',
  description: 'Waits, honouring the abort signal.',
  scope: 'public',
  input: Type.Object({ ms: Type.Optional(Type.Integer({ minimum: 0 })) }),
  output: Type.Object({ waited: Type.Integer() }),
  timeout: { defaultMs: 5000, maxMs: 10000 },
  async execute({ ms = 3000 }, ctx) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms)
      ctx.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          reject(ctx.signal.reason)
        },
        { once: true },
      )
    })
    return { waited: ms }
  },
})

const boom = defineTool({
  name: 'boom',
  toolset: 'test',
  category: 'OTHER',
  description: 'Throws a plain error.',
  scope: 'public',
  input: Type.Object({}),
  output: Type.Object({}),
  execute: () => {
    throw new Error(LEAK)
  },
})

const served: AnyTool[] = [...allTools, slow, boom]
const byName = (a: string, b: string) => a.localeCompare(b)
let t: TestApp
const admin = () => ({ authorization: `Bearer ${t.adminKey}` })
beforeAll(async () => {
  t = await buildTestApp({ tools: served })
})
afterAll(async () => t?.close())

describe('registration', () => {
  it('refuses a duplicate name with seed 002 §9 words', () => {
    let caught: any
    try {
      createRegistry([hello, hello])
    } catch (e) {
      caught = e
    }
    expect(caught?.code).toBe('TOOL_ALREADY_REGISTERED')
    expect(caught.message).toMatch(/^Cannot register tool "hello": a tool with this name already exists\./)
    expect(caught.message).toContain('Deregister the existing tool first')
    expect(caught.message).toContain('Register the new tool')
    expect(caught.message).toContain('Or use a different tool name.')
    const registry = createRegistry([hello])
    expect(() => registry.register(hello)).toThrow(/already exists/)
    expect(registry.deregister('hello')).toBe(true)
    expect(() => registry.register(hello)).not.toThrow()
  })

  it('refuses to build an app with a duplicate tool', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-dup-'))
    try {
      const config = loadConfig({ TOOLGATE_WORKSPACE: path.join(dir, 'ws'), TOOLGATE_DATA_DIR: dir })
      await expect(buildApp({ config, tools: [...allTools, hello] })).rejects.toMatchObject({ code: 'TOOL_ALREADY_REGISTERED' })
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses reserved output fields and names with "__"', () => {
    const base = boom as AnyTool
    expect(() => createRegistry([{ ...base, name: 'clash', output: Type.Object({ status: Type.String() }) }])).toThrow(/reserved field.*status/)
    expect(() => createRegistry([{ ...base, name: 'a__b' }])).toThrow(/__/)
    expect(() => createRegistry([{ ...base, name: 'has space' }])).toThrow()
  })
})

describe('catalog and registry state', () => {
  it('GET /v1/registry gives seed 002 §6 state', async () => {
    const res = await t.app.inject({ url: '/v1/registry', headers: admin() })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.instance_id).toMatch(/^0x[0-9a-f]+$/)
    expect(body.total_tools).toBe(served.length)
    const expected: Record<string, number> = {}
    for (const tool of served) expected[tool.category] = (expected[tool.category] ?? 0) + 1
    for (const category of ['FILE', 'EXECUTION', 'WEB', 'TASK', 'NOTEBOOK', 'MCP', 'OTHER']) {
      expect(body.by_category[category], category).toBe(expected[category] ?? 0)
    }
    const counted = Object.values(body.by_category as Record<string, number>).reduce((a, b) => a + b, 0)
    expect(counted).toBe(body.total_tools)
    expect(body.registered_tools).toEqual(served.map((x) => x.name).sort(byName))
    expect(body.registered_tools).toEqual(expect.arrayContaining(['boom', 'hello', 'read_repo_file', 'slow', 'write_memory_entry']))
  })

  it('GET /v1/tools lists tools by category', async () => {
    const res = await t.app.inject({ url: '/v1/tools' })
    expect(res.statusCode).toBe(200)
    const { total, categories } = res.json()
    expect(total).toBe(served.length)
    for (const category of new Set(served.map((x) => x.category))) {
      const names = served
        .filter((x) => x.category === category)
        .map((x) => x.name)
        .sort(byName)
      expect(
        categories[category].map((x: { name: string }) => x.name),
        category,
      ).toEqual(names)
    }
    expect(Object.keys(categories).sort()).toEqual([...new Set(served.map((x) => x.category))].sort())
    expect(categories.OTHER.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['boom', 'hello', 'slow']))
    expect(categories.FILE.find((x: { name: string }) => x.name === 'write_memory_entry')).toMatchObject({
      scope: 'write',
      requires_approval: true,
      toolset: 'booster',
    })
    const booster = (await t.app.inject({ url: '/v1/tools?toolset=booster' })).json()
    expect(booster.total).toBe(3)
    expect(booster.instructions).toBeUndefined()
    // seed 000 §3's instructions travel with the alain toolset
    const alain = (await t.app.inject({ url: '/v1/tools?toolset=alain' })).json()
    expect(alain.total).toBe(7)
    expect(alain.instructions).toContain('after two consecutive `status = "error"` responses for the same tool')
    expect(alain.instructions).toContain('Use `notebook.finalize` exactly once per run')
  })

  it("GET /v1/tools/{name} gives one tool's parameters", async () => {
    const res = await t.app.inject({ url: '/v1/tools/read_repo_file' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ name: 'read_repo_file', category: 'FILE', scope: 'read', description: expect.stringContaining('Read a file') })
    expect(body.parameters).toEqual([
      {
        name: 'path',
        type: 'string',
        required: true,
        description: 'Relative path from repo root',
        constraints: { maxLength: 4096, pattern: '^[a-zA-Z0-9_./-]+$' },
      },
      expect.objectContaining({ name: 'encoding', type: 'string', required: false, default: 'utf-8', constraints: { enum: ['utf-8', 'base64'] } }),
    ])
    for (const name of ['nope', 'helo']) {
      const missing = await t.app.inject({ url: `/v1/tools/${name}` })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ error_code: 'TOOL_NOT_FOUND', details: { suggestions: expect.any(Array) } })
    }
    expect((await t.app.inject({ url: '/v1/tools/helo' })).json().details.suggestions).toContain('hello')
  })

  it('GET /v1/context reflects the context headers (seed 002 §8)', async () => {
    const headers = {
      ...admin(),
      'x-session-id': 'sess_abc123def456',
      'x-agent-id': 'agent_main_001',
      'x-dry-run': 'true',
      'x-timeout-ms': '120000',
      'x-max-output-size': '100000',
      'x-request-id': 'req_xyz789',
    }
    const res = await t.app.inject({ url: '/v1/context', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      working_dir: t.app.workspaceRoot,
      session_id: 'sess_abc123def456',
      agent_id: 'agent_main_001',
      dry_run: true,
      timeout_ms: 120000,
      max_output_size: 100000,
      metadata: { request_id: 'req_xyz789', key_name: 'bootstrap' },
    })
    const bare = (await t.app.inject({ url: '/v1/context', headers: admin() })).json()
    expect(bare).toMatchObject({ session_id: null, agent_id: null, dry_run: false, timeout_ms: 30000, timeout: '30s', messages: [] })
    expect(bare.metadata.request_id).toEqual(expect.any(String))
  })

  it('GET /v1/context shows the effective timeout and output cap: header values fitted as calls fit them', async () => {
    const ctx = async (query: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ url: `/v1/context${query}`, headers: { ...admin(), ...headers } })
      return { status: res.statusCode, body: res.json() }
    }
    const max = t.config.maxOutputSize
    const big = await ctx('', { 'x-timeout-ms': '999999999', 'x-max-output-size': String(max * 10) })
    expect(big.body).toMatchObject({
      tool: null,
      timeout_ms: 300000,
      timeout: '300s',
      max_output_size: max,
      requested: { timeout_ms: 999999999, max_output_size: max * 10 },
      messages: [
        "Timeout 999999999 ms is outside a tool's bounds (1–300000 ms); using 300000",
        `X-Max-Output-Size ${max * 10} is above this server's limit for a tool; using ${max}`,
      ],
    })
    // A tool with bounds of its own: Bash runs 1 s to 600 s (default 120 s).
    const bash = await ctx('?tool=Bash', { 'x-timeout-ms': '10' })
    expect(bash.body).toMatchObject({ tool: 'Bash', timeout_ms: 1000, timeout: '1s', max_output_size: max })
    expect(bash.body.messages).toEqual(["Timeout 10 ms is outside Bash's bounds (1000–600000 ms); using 1000"])
    expect((await ctx('?tool=Bash', {})).body).toMatchObject({ timeout_ms: 120000, timeout: '120s', messages: [] })
    // Within bounds, the header is taken as it is; a call with the same headers says the same.
    expect((await ctx('', { 'x-timeout-ms': '5000', 'x-max-output-size': '500' })).body).toMatchObject({ timeout_ms: 5000, max_output_size: 500, messages: [] })
    const call = await t.call('hello', { name: 'x' }, { headers: { 'x-max-output-size': String(max * 10) } })
    expect(call.body.messages).toEqual(big.body.messages.slice(1).map((m: string) => m.replace('a tool', 'hello')))
    // Bad input: an unknown tool is 404 with suggestions; a bad header 400.
    const unknown = await ctx('?tool=Bsh', {})
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ error_code: 'TOOL_NOT_FOUND' })
    expect((await ctx('', { 'x-timeout-ms': 'soon' })).status).toBe(400)
  })
})

describe('execution history', () => {
  it('pages newest first without overlap, each key seeing its own calls', async () => {
    const key = await t.key([], 'pager')
    await t.call('hello', { name: 'admin-call' })
    const made: string[] = []
    for (let i = 0; i < 7; i++) made.push((await t.call('hello', { name: `p${i}` }, { key })).body.execution_id)
    const pages: any[][] = []
    let cursor: string | null = null
    do {
      const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({
        url: `/v1/executions?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { authorization: `Bearer ${key}` },
      })
      expect(res.statusCode).toBe(200)
      pages.push(res.json().executions)
      cursor = res.json().next_cursor
      if (pages.length === 1) expect(res.json().total).toBe(7)
    } while (cursor && pages.length < 5)
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1])
    const rows = pages.flat()
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(made))
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].started_at >= rows[i].started_at).toBe(true)
    // Newest first: the order agrees with the order of the calls, up to calls in the same millisecond.
    const byCall = [...rows].sort((a, b) => made.indexOf(b.id) - made.indexOf(a.id))
    expect(rows.map((r) => r.started_at)).toEqual(byCall.map((r) => r.started_at))
    for (const r of rows) {
      expect(r.caller.name).toBe('pager')
      expect(r).toMatchObject({ tool: 'hello', status: 'ok', error: null, params: { name: expect.stringMatching(/^p\d$/) } })
      for (const field of ['tool', 'params', 'caller', 'status', 'duration_ms', 'error', 'started_at', 'completed_at']) expect(r).toHaveProperty(field)
      expect(typeof r.duration_ms).toBe('number')
      expect(new Date(r.completed_at).getTime()).toBeGreaterThanOrEqual(new Date(r.started_at).getTime())
    }
    const all = (await t.app.inject({ url: '/v1/executions?limit=500', headers: admin() })).json()
    expect(all.executions.some((r: any) => r.params.name === 'admin-call')).toBe(true)
    expect(all.executions.filter((r: any) => made.includes(r.id))).toHaveLength(7)
  })

  it('refuses a limit above 500 and a bad cursor', async () => {
    for (const q of ['limit=501', 'limit=0', 'limit=abc', 'cursor=garbage', `cursor=${Buffer.from('x|y').toString('base64url')}`]) {
      const res = await t.app.inject({ url: `/v1/executions?${q}`, headers: admin() })
      expect(res.statusCode, q).toBe(400)
      expect(res.json().status).toBe('error')
    }
  })
})

describe('failing tools', () => {
  it('times out with 504 TIMEOUT and records it', async () => {
    const res = await t.call('slow', { ms: 5000 }, { key: '', headers: { 'X-Timeout-Ms': '200' } })
    expect(res.statusCode).toBe(504)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'TIMEOUT', error_message: 'Tool timed out after 0.2s' })
    expect(res.body.duration_ms).toBeLessThan(3000)
    const row = (await t.app.inject({ url: `/v1/executions/${res.body.execution_id}`, headers: admin() })).json().execution
    expect(row).toMatchObject({ tool: 'slow', status: 'timeout', error_code: 'TIMEOUT', http_status: 504 })
    // A timeout is the caller's limit, not a server fault.
    expect(t.logs.records().filter((r) => r.execution_id === res.body.execution_id && r.level >= 50)).toEqual([])
    expect((await t.call('slow', { ms: 10 }, { key: '' })).statusCode).toBe(200)
  })

  it('answers a plain Error with 500 INTERNAL_ERROR that does not leak, and logs it', async () => {
    const res = await t.call('boom', {}, { key: '' })
    expect(res.statusCode).toBe(500)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'INTERNAL_ERROR' })
    expect(JSON.stringify(res.body)).not.toContain('quota exploded')
    expect(res.body.error_message).toContain(res.body.execution_id)
    const row = (await t.app.inject({ url: `/v1/executions/${res.body.execution_id}`, headers: admin() })).json().execution
    expect(row).toMatchObject({ status: 'error', error_code: 'INTERNAL_ERROR' })
    expect(JSON.stringify(row)).not.toContain('quota exploded')
    const logged = t.logs.records().find((r) => r.execution_id === res.body.execution_id && r.err)
    expect(logged?.err?.message).toBe(LEAK)
    expect(logged?.err?.stack).toContain('registry.test.ts')
  })
})
