/**
 * Execution history as it is written: rows go to the database in batches, so whatever a call
 * carries (tabs, newlines, backslashes, NUL, half a surrogate pair) must come back as it went in,
 * a full batch must not lose a row, and one row the database refuses must not take the rest along.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { v7 as uuidv7 } from 'uuid'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../helper.js'

const nothing = defineTool({
  name: 'nothing',
  toolset: 'test',
  category: 'OTHER',
  description: 'Answers with nothing at all.',
  scope: 'public',
  input: Type.Object({ give: Type.Optional(Type.Union(['null', 'undefined', 'throw', 'reject'].map((v) => Type.Literal(v)))) }),
  output: Type.Object({}),
  execute: ({ give }) => {
    // eslint-disable-next-line no-throw-literal
    if (give === 'throw') throw undefined
    if (give === 'reject') return Promise.reject(undefined)
    return (give === 'null' ? null : undefined) as never
  },
})

const echo = defineTool({
  name: 'echo',
  toolset: 'test',
  category: 'OTHER',
  description: 'Answers with what it was given.',
  scope: 'public',
  input: Type.Object({ text: Type.String(), tags: Type.Optional(Type.Array(Type.String())) }),
  output: Type.Object({ text: Type.String(), length: Type.Integer() }),
  execute: ({ text }) => ({ text, length: text.length }),
})

let t: TestApp
beforeAll(async () => {
  // 200 calls at once with one key (below): more than a key may have running by default.
  t = await buildTestApp({ tools: [...allTools, echo, nothing], env: { TOOLGATE_RATE_LIMITS: '*=100000/minute', TOOLGATE_MAX_CALLS_IN_FLIGHT: '1000' } })
})
afterAll(async () => t.close())

const execution = async (id: string) => {
  const res = await t.app.inject({ url: `/v1/executions/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
  expect(res.statusCode).toBe(200)
  return res.json().execution
}

describe('execution history', () => {
  it('writes rows under a stable instance id kept in the data folder', async () => {
    const res = await t.call('echo', { text: 'whose' })
    await t.app.history.flush()
    const rows = await t.app.database.db.execute(sql`SELECT instance FROM executions WHERE id = ${res.body.execution_id}`)
    expect((rows.rows as { instance: string }[])[0].instance).toBe(t.app.history.instance)
    expect((await fs.readFile(path.join(t.dataDir, 'instance-id'), 'utf8')).trim()).toBe(t.app.history.instance)
  })

  it("indexes a caller's history by (caller_id, id) ascending, which the newest-first listing reads backwards", async () => {
    // The index itself, not a query plan: with the few rows a test holds, which plan the planner
    // picks depends on its statistics at that moment.
    const res = await t.app.database.db.execute(sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'executions_caller_id_idx'`)
    const defs = (res.rows as { indexdef: string }[]).map((r) => r.indexdef)
    expect(defs).toHaveLength(1)
    expect(defs[0]).toMatch(/USING btree \(caller_id, id\)$/)
  })

  it('keeps text with tabs, newlines and backslashes exactly', async () => {
    const text = 'tab\there\nnew line\r\nback\\slash \\N \\t literal ünïcode ✓ 😀'
    const res = await t.call('echo', { text, tags: ['a\tb', 'c\\d'] }, { headers: { 'x-session-id': 'session\\one', 'x-agent-id': 'agent one' } })
    expect(res.statusCode).toBe(200)
    const row = await execution(res.body.execution_id)
    expect(row.params).toEqual({ text, tags: ['a\tb', 'c\\d'] })
    expect(row.result).toEqual({ text, length: text.length })
    expect(row).toMatchObject({ tool: 'echo', status: 'ok', http_status: 200, session_id: 'session\\one', agent_id: 'agent one', dry_run: false })
    expect(Date.parse(row.completed_at)).toBeGreaterThanOrEqual(Date.parse(row.started_at))
  })

  it("keeps a preview of an answered call's result, its metadata whole, and more of a held call's completed result", async () => {
    const text = 'lorem ipsum '.repeat(1000)
    const res = await t.call('echo', { text })
    expect(res.body.text).toBe(text)
    const row = await execution(res.body.execution_id)
    expect(row.params.text).toBe(text)
    expect(row.result.length).toBe(12_000)
    expect(row.result.text).toMatch(/^(lorem ipsum )+(lorem )?…\[\d+ characters cut\]$/)
    expect(row.result.text.length).toBeLessThan(2100)
    // What an approved call's run writes over its held row: its caller reads the result here.
    await t.app.history.complete(res.body.execution_id, { result: { text, length: text.length } })
    const held = await execution(res.body.execution_id)
    expect(held.result).toEqual({ text, length: 12_000 })
  })

  it('stores half a surrogate pair, which Postgres cannot hold, as U+FFFD (a NUL never gets this far: it is a 400)', async () => {
    const res = await t.call('echo', { text: 'half \ud800 alone' })
    expect(res.statusCode).toBe(200)
    const row = await execution(res.body.execution_id)
    expect(row.params).toEqual({ text: 'half \uFFFD alone' })
    expect(row.result.text).toBe('half \uFFFD alone')
    expect((await t.call('echo', { text: 'nul\u0000' })).statusCode).toBe(400)
  })

  it('stores keys that Postgres cannot hold as they are either, with U+FFFD', async () => {
    const id = uuidv7()
    t.app.history.record({
      id,
      tool: 'echo',
      toolset: 'test',
      transport: 'rest',
      callerId: 'test',
      callerName: 'test',
      startedAt: new Date(),
      completedAt: new Date(),
      dryRun: 0,
      params: { 'a\u0000': { '\ud800': 1 } },
      result: null,
      messages: [],
      usage: null,
      durationMs: 1,
      errorCode: null,
      error: null,
      status: 'ok',
      httpStatus: 200,
    })
    expect((await execution(id)).params).toEqual({ 'a\uFFFD': { '\uFFFD': 1 } })
  })

  it('answers a tool that returns nothing with the envelope alone, and records it', async () => {
    for (const give of ['null', 'undefined']) {
      const res = await t.call('nothing', { give })
      expect(res.statusCode).toBe(200)
      expect(res.body).toEqual({ status: 'ok', execution_id: expect.any(String), duration_ms: expect.any(Number), messages: [] })
      const mcp = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nothing', arguments: { give } } },
      })
      expect(mcp.json().result.structuredContent).toMatchObject({ status: 'ok' })
      expect(await execution(res.body.execution_id)).toMatchObject({ status: 'ok', http_status: 200, result: null })
    }
  })

  it('answers a tool that throws or rejects with nothing as a server fault, never as a success', async () => {
    for (const give of ['throw', 'reject']) {
      const res = await t.call('nothing', { give })
      expect(res.statusCode).toBe(500)
      expect(res.body).toMatchObject({ status: 'error', error_code: 'INTERNAL_ERROR' })
      expect(await execution(res.body.execution_id)).toMatchObject({ status: 'error', http_status: 500, error_code: 'INTERNAL_ERROR' })
    }
  })

  it('records every one of many concurrent calls, across several batches', async () => {
    const n = 2_600
    const ids = new Set<string>()
    for (let i = 0; i < n; i += 200) {
      const answers = await Promise.all(Array.from({ length: Math.min(200, n - i) }, (_, j) => t.call('echo', { text: `call ${i + j}` })))
      for (const a of answers) ids.add(a.body.execution_id)
    }
    expect(ids.size).toBe(n)
    const res = await t.app.inject({ url: '/v1/executions?tool=echo&limit=1', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(res.json().total).toBeGreaterThanOrEqual(n)
    const sample = [...ids].filter((_, i) => i % 500 === 0)
    for (const id of sample) expect((await execution(id)).params.text).toMatch(/^call \d+$/)
  })

  it('stops a page at about 1 MiB of rows, and next_cursor goes on from there (200 rows of 260 KB made 52 MB)', async () => {
    const bulky = { text: 'x'.repeat(60_000), tags: ['y', 'z', 'w'].map((c) => c.repeat(60_000)) }
    const ids = []
    // ~120 KB of each is kept (RECORD_BOUNDS): 16 of them are ~1.9 MB.
    for (let i = 0; i < 16; i++) ids.push((await t.call('echo', bulky)).body.execution_id)
    const seen: string[] = []
    let cursor = ''
    for (let pages = 0; seen.length < 16; pages++) {
      expect(pages).toBeLessThan(4)
      const res = await t.app.inject({ url: `/v1/executions?tool=echo&limit=16${cursor}`, headers: { authorization: `Bearer ${t.adminKey}` } })
      expect(res.statusCode).toBe(200)
      expect(res.payload.length).toBeLessThan(1.4 * 2 ** 20)
      const { executions, next_cursor } = res.json()
      // 240 KB of JSON each: four fit in 1 MiB (older, smaller rows may fill the last page)
      if (pages === 0) expect(executions).toHaveLength(4)
      seen.push(...executions.map((e: { id: string }) => e.id))
      cursor = `&cursor=${next_cursor}`
    }
    expect(seen.slice(0, 16)).toEqual(ids.reverse())
    // Positive control: rows of ordinary size fill the page to its limit.
    for (let i = 0; i < 5; i++) await t.call('echo', { text: `small ${i}` })
    const small = await t.app.inject({ url: '/v1/executions?tool=echo&limit=5', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(small.json().executions).toHaveLength(5)
  })

  it('writes the rest of a batch when the database refuses one row, and logs the one it drops', async () => {
    const base = {
      tool: 'echo',
      toolset: 'test',
      transport: 'rest',
      callerId: 'test',
      callerName: 'test',
      startedAt: new Date(),
      completedAt: new Date(),
      dryRun: 0,
      params: { text: 'x' },
      result: null,
      messages: [],
      usage: null,
      durationMs: 1,
      errorCode: null,
      error: null,
    }
    const good = [uuidv7(), uuidv7()]
    const bad = uuidv7()
    t.app.history.record({ ...base, id: good[0], status: 'ok', httpStatus: 200 })
    // http_status is NOT NULL, and a number that is not finite is written as NULL: the database refuses this row.
    t.app.history.record({ ...base, id: bad, status: 'ok', httpStatus: Number.NaN })
    t.app.history.record({ ...base, id: good[1], status: 'ok', httpStatus: 200 })
    await t.app.history.flush()
    for (const id of good) expect((await execution(id)).status).toBe('ok')
    const missing = await t.app.inject({ url: `/v1/executions/${bad}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(missing.statusCode).toBe(404)
    expect(t.logs.records().some((r) => r.msg === 'Dropping an execution row the database refuses' && r.execution_id === bad)).toBe(true)
  })

  it('takes a row already written (an earlier try whose answer was lost) without a duplicate or an error', async () => {
    const id = uuidv7()
    const other = uuidv7()
    const rec = {
      id,
      tool: 'echo',
      toolset: 'test',
      transport: 'rest',
      callerId: 'test',
      callerName: 'test',
      startedAt: new Date(),
      completedAt: new Date(),
      dryRun: 0,
      params: { text: 'once' },
      result: null,
      messages: [],
      usage: null,
      durationMs: 1,
      errorCode: null,
      error: null,
      status: 'ok',
      httpStatus: 200,
    }
    await t.app.history.insertNow(rec)
    const logged = t.logs.lines.length
    t.app.history.record(rec)
    t.app.history.record({ ...rec, id: other })
    await t.app.history.flush()
    expect((await execution(id)).params).toEqual({ text: 'once' })
    expect((await execution(other)).params).toEqual({ text: 'once' })
    const res = await t.app.inject({ url: '/v1/executions?tool=echo&limit=500', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(res.json().executions.filter((e: { id: string }) => e.id === id)).toHaveLength(1)
    expect(t.logs.lines.slice(logged).join('\n')).not.toMatch(/Dropping an execution row/)
  })

  it('gives each call without X-Request-Id its own request id, and keeps the one a caller sends', async () => {
    const [a, b, c] = await Promise.all([
      t.call('echo', { text: 'a' }),
      t.call('echo', { text: 'b' }),
      t.call('echo', { text: 'c' }, { headers: { 'x-request-id': 'trace-42' } }),
    ])
    const [ra, rb, rc] = await Promise.all([a, b, c].map((r) => execution(r.body.execution_id)))
    expect(ra.request_id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/)
    expect(rb.request_id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/)
    expect(ra.request_id).not.toBe(rb.request_id)
    expect(rc.request_id).toBe('trace-42')
  })
})
