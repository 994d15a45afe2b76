/**
 * The known causes of 500s, one row each, beside a positive control: NUL characters where Postgres
 * or a command line would choke on them, ids beyond int4 / int8 / any integer in bodies, paths,
 * queries and headers, over-long and invalid patterns. Each malformed request is a 4xx with the
 * error envelope, and changes nothing the control would have changed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BATCH_MAX } from '../../src/routes/mcp.js'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let approver: string
const ids: { execution?: string; approval?: string; entry?: number; snapshot?: number } = {}

interface Req {
  method?: 'GET' | 'POST'
  url: string
  body?: unknown
  headers?: Record<string, string>
  key?: () => string
  code?: string
}
interface Case {
  label: string
  bad: Req[]
  status: 400 | 404 | 413
  code: string
  /** The same request made well, and what it answers. */
  good: Req & { status: number }
  /** Passes when the malformed requests changed nothing; checked after them. */
  unchanged?: () => Promise<void> | void
}

async function send(r: Req) {
  const res = await t.app.inject({
    method: r.method ?? (r.body === undefined ? 'GET' : 'POST'),
    url: r.url,
    headers: { authorization: `Bearer ${r.key?.() ?? t.adminKey}`, ...r.headers },
    ...(r.body !== undefined && {
      payload: JSON.stringify(r.body),
      headers: { authorization: `Bearer ${r.key?.() ?? t.adminKey}`, 'content-type': 'application/json', ...r.headers },
    }),
  })
  const json = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined
  return { status: res.statusCode, json, body: res.body }
}

const tool = (name: string, body: unknown, headers?: Record<string, string>): Req => ({ url: `/v1/tools/${name}`, body, headers })
const absent = (file: string) => () => expect(fs.existsSync(path.join(t.workspace, file)), file).toBe(false)
const count = async (url: string, field: string) => ((await send({ url })).json[field] as unknown[]).length

const BIG = [2 ** 31, 2 ** 63, 1e308]
// In a URL: 2^63 and 1e308 as a client would print them.
const BIG_TEXT = ['2147483648', '9223372036854775808', '1e308', `1${'0'.repeat(400)}`]

let keysBefore = 0
const cases: Case[] = [
  {
    label: 'NUL in Bash command',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [tool('Bash', { command: 'echo x > nul-bash.txt\u0000' }), tool('Bash', { command: 'echo x > nul-bash.txt', description: 'a\u0000' })],
    good: { ...tool('Bash', { command: 'echo ok' }), status: 200 },
    unchanged: absent('nul-bash.txt'),
  },
  {
    label: 'NUL in shell command',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [tool('shell', { command: 'echo x > nul-shell.txt\u0000' }), tool('shell', { command: 'echo x > nul-shell.txt', cwd: '.\u0000' })],
    good: { ...tool('shell', { command: 'echo ok' }), status: 200 },
    unchanged: absent('nul-shell.txt'),
  },
  {
    label: 'NUL in explicate quote',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [tool('explicate', { quote: 'the \u0000 vys' }), { url: '/v1/explicate', body: { quote: 'the \u0000 vys' } }],
    good: { url: '/v1/explicate', body: { quote: 'the vys' }, status: 200 },
  },
  {
    label: 'NUL in summon_dismiss summary',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [tool('summon_dismiss', { summary: 'learnt \u0000' })],
    // with no summoned dialogue the call gets past validation to the session, which has none
    good: { ...tool('summon_dismiss', { summary: 'learnt things' }), status: 409 },
  },
  {
    label: 'NUL in a key workspace (POST /v1/keys)',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [
      { url: '/v1/keys', body: { name: 'nul', scopes: ['read'], workspace: 'sub\u0000dir' } },
      { url: '/v1/keys', body: { name: 'n\u0000l', scopes: ['read'] } },
    ],
    good: { url: '/v1/keys', body: { name: 'ok', scopes: ['read'], workspace: 'keydir' }, status: 201 },
    unchanged: async () => {
      expect(await count('/v1/keys', 'keys')).toBe(keysBefore)
      expect(fs.existsSync(path.join(t.workspace, 'sub'))).toBe(false)
    },
  },
  {
    label: 'NUL in GET /v1/executions?tool=',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [{ url: '/v1/executions?tool=Bash%00' }, { url: '/v1/executions?cursor=%00' }],
    good: { url: '/v1/executions?tool=Bash', status: 200 },
  },
  {
    label: 'huge ids in GET /v1/executions/{id}',
    status: 404,
    code: 'EXECUTION_NOT_FOUND',
    bad: BIG_TEXT.map((id) => ({ url: `/v1/executions/${id}` })),
    good: { url: '/v1/executions/{execution}', status: 200 },
  },
  {
    label: 'huge limit in GET /v1/executions and /v1/approvals',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: BIG_TEXT.flatMap((n) => [{ url: `/v1/executions?limit=${n}` }, { url: `/v1/approvals?limit=${n}` }]),
    good: { url: '/v1/executions?limit=5', status: 200 },
  },
  {
    label: 'huge approval ids (read, approve, reject)',
    status: 404,
    code: 'APPROVAL_NOT_FOUND',
    bad: BIG_TEXT.flatMap((id) => [
      { url: `/v1/approvals/${id}`, key: () => approver },
      { url: `/v1/approvals/${id}/approve`, method: 'POST' as const, key: () => approver },
      { url: `/v1/approvals/${id}/reject`, body: { note: 'no' }, key: () => approver },
    ]),
    good: { url: '/v1/approvals/{approval}', key: () => approver, status: 200 },
    unchanged: async () => expect((await send({ url: `/v1/approvals/${ids.approval}`, key: () => approver })).json.approval.status).toBe('pending'),
  },
  {
    label: 'huge glossary entry ids in paths',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: BIG_TEXT.flatMap((id) => [{ url: `/v1/glossary/entries/${id}` }, { url: `/v1/glossary/entries/${id}/revisions` }]),
    good: { url: '/v1/glossary/entries/{entry}', status: 200 },
  },
  {
    label: 'huge glossary entry ids in tool bodies',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: BIG.flatMap((id) => [
      tool('glossary_update', { entry_id: id, definition: 'changed' }),
      tool('glossary_delete', { entry_id: id, reason: 'test' }),
      tool('explicate', { quote: 'the vys', entry_id: id }),
    ]),
    good: { ...tool('glossary_update', { entry_id: 0, status: 'confirmed' }), status: 200 },
    unchanged: async () => expect((await send({ url: `/v1/glossary/entries/${ids.entry}` })).json.entry.definition).toBe('The river that runs south.'),
  },
  {
    label: 'huge snapshot ids and positions',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [
      ...BIG_TEXT.map((id) => ({ url: `/v1/snapshots/${id}` })),
      ...BIG.flatMap((n) => [
        { url: '/v1/snapshots', body: { type: 'manual', thread_position: n } },
        tool('summon_snapshot', { snapshot_id: n, query: 'what is the vys?' }),
      ]),
      // thread ids are int8 (corpus): 2^31 is a thread that is not there (404), beyond 2^53 a 400
      ...BIG.slice(1).map((n) => ({ url: '/v1/snapshots', body: { type: 'manual', thread_id: n } })),
    ],
    good: { url: '/v1/snapshots/{snapshot}', status: 200 },
    // no snapshot was taken after the control's own
    unchanged: async () => expect((await send({ url: `/v1/snapshots/${ids.snapshot! + 1}` })).status).toBe(404),
  },
  {
    label: 'huge post and thread ids (tools and X-Post-Id / X-Thread-Id)',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [
      ...BIG.slice(1).flatMap((n) => [
        tool('read_post', { post_id: n }),
        tool('read_thread_range', { thread_id: n }),
        tool('read_thread_range', { thread_id: 1, end_post_id: n }),
      ]),
      ...BIG_TEXT.slice(1).flatMap((n) =>
        [tool('hello', {}, { 'x-post-id': n }), tool('hello', {}, { 'x-thread-id': n })].map((r) => ({ ...r, code: 'INVALID_HEADER' })),
      ),
      tool('Read', { file_path: 'a.txt', offset: 2 ** 31 }),
    ],
    // the corpus is empty: the call reaches the database and finds no post
    good: { ...tool('read_post', { post_id: 2 ** 31 }, { 'x-post-id': String(2 ** 31) }), status: 404 },
  },
  {
    label: 'over-long glob and grep patterns',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [
      tool('Glob', { pattern: `${'*/'.repeat(4097)}a` }),
      tool('Grep', { pattern: 'a'.repeat(8193) }),
      tool('Grep', { pattern: 'a', glob: `*${'x'.repeat(8192)}` }),
      tool('fs_glob', { pattern: 'x'.repeat(8193) }),
    ],
    good: { ...tool('Grep', { pattern: 'a'.repeat(8192), glob: `*${'€'.repeat(8190)}` }), status: 200 },
  },
  {
    label: 'invalid regular expression for Grep',
    status: 400,
    code: 'VALIDATION_ERROR',
    bad: [
      tool('Grep', { pattern: '(' }),
      tool('Grep', { pattern: 'a[' }),
      tool('Grep', { pattern: '('.repeat(4000) }),
      tool('Grep', { pattern: 'x{99999999}' }),
    ],
    good: { ...tool('Grep', { pattern: 'vys.*south' }), status: 200 },
  },
]

const fill = (url: string) =>
  url
    .replace('{execution}', ids.execution!)
    .replace('{approval}', ids.approval!)
    .replace('{entry}', String(ids.entry))
    .replace('{snapshot}', String(ids.snapshot))

beforeAll(async () => {
  t = await buildTestApp({ env: { TOOLGATE_APPROVAL_REQUIRED: 'write_memory_entry' } })
  approver = await t.key(['approve'], 'approver')
  fs.writeFileSync(path.join(t.workspace, 'notes.txt'), 'the vys runs south\n')
  ids.execution = (await t.call('hello', {})).body.execution_id
  ids.approval = (await t.call('write_memory_entry', { file: 'decisions.jsonl', entry: '{"a":1}' })).body.approval_id
  ids.entry = (await t.call('glossary_create', { term: 'Vys', definition: 'The river that runs south.', tags: ['location'] })).body.entry.id
  ids.snapshot = (await send({ url: '/v1/snapshots', body: { type: 'manual', thread_position: 0 } })).json.snapshot.id
  keysBefore = await count('/v1/keys', 'keys')
  const entryCase = cases.find((c) => c.label.startsWith('huge glossary entry ids in tool'))!
  entryCase.good.body = { entry_id: ids.entry, status: 'confirmed' }
})
afterAll(async () => t?.close())

describe('malformed input is a 4xx with the error envelope, never a 5xx', () => {
  it.each(cases)('$label', async (c) => {
    for (const bad of c.bad) {
      const res = await send(bad)
      const what = `${bad.method ?? ''} ${bad.url.slice(0, 80)} ${JSON.stringify(bad.body ?? '').slice(0, 80)} ${JSON.stringify(bad.headers ?? '')}`
      expect(res.status, `${what} → ${res.body.slice(0, 300)}`).toBe(c.status)
      expect(res.json, what).toMatchObject({ status: 'error', error_code: bad.code ?? c.code, error_message: expect.any(String) })
    }
    await c.unchanged?.()
    const good = await send({ ...c.good, url: fill(c.good.url) })
    expect(good.status, `control ${c.good.url} → ${good.body.slice(0, 300)}`).toBe(c.good.status)
    if (good.status < 300) expect(good.json?.status ?? 'ok').not.toBe('error')
  })
})

/** A JSON-RPC message to /mcp, with the admin key unless `anonymous`. */
async function mcpRpc(message: unknown, anonymous = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    payload: JSON.stringify(message),
    headers: {
      ...(!anonymous && { authorization: `Bearer ${t.adminKey}` }),
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
  })
  return { status: res.statusCode, json: res.json() }
}

describe('POST /mcp: a NUL outside the tool arguments is a JSON-RPC error with a 400', () => {
  const rpc = (message: unknown) => mcpRpc(message)
  const call = (params: Record<string, unknown>, over: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params, ...over })
  const bad: [string, unknown][] = [
    ['id', call({ name: 'hello', arguments: {} }, { id: 'a\u0000b' })],
    ['method', call({ name: 'hello', arguments: {} }, { method: 'tools/ca\u0000ll' })],
    ['params.name', call({ name: 'he\u0000llo', arguments: {} })],
    ['params._meta.sessionId', call({ name: 'hello', arguments: {}, _meta: { sessionId: 's\u0000' } })],
    [
      'params.clientInfo.name',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'c\u0000', version: '1' } },
      },
    ],
    ['[1].params.name', [call({ name: 'hello', arguments: {} }), call({ name: 'hel\u0000lo', arguments: {} })]],
  ]
  it.each(bad)('%s', async (at, message) => {
    const before = await count('/v1/executions?limit=500&tool=hello', 'executions')
    const res = await rpc(message)
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: ${at} contains a NUL character (\\u0000)` } })
    expect(await count('/v1/executions?limit=500&tool=hello', 'executions')).toBe(before)
  })

  it("controls: the same calls without the NUL work, and a NUL inside the arguments is the tool's own 400", async () => {
    const ok = await rpc(call({ name: 'hello', arguments: { name: 'mcp' }, _meta: { sessionId: 's1' } }))
    expect(ok.status).toBe(200)
    expect(ok.json.result.structuredContent).toMatchObject({ status: 'ok', message: 'Hello, mcp!' })
    const inArgs = await rpc(call({ name: 'hello', arguments: { name: 'a\u0000' } }))
    expect(inArgs.status).toBe(200)
    expect(inArgs.json.result).toMatchObject({
      isError: true,
      structuredContent: { error_code: 'VALIDATION_ERROR', error_message: 'Value for name contains a NUL character (\\u0000), which no parameter accepts' },
    })
  })
})

describe('POST /mcp: batches and _meta values', () => {
  const rpc = (message: unknown) => mcpRpc(message, true)
  const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' })

  it(`a batch of more than ${BATCH_MAX} messages is refused whole; one of ${BATCH_MAX} is answered`, async () => {
    const big = await rpc(Array.from({ length: BATCH_MAX + 1 }, (_, i) => list(i)))
    expect(big.status).toBe(400)
    expect(big.json.error).toEqual({
      code: -32600,
      message: `Invalid Request: a batch may hold at most ${BATCH_MAX} messages (this one holds ${BATCH_MAX + 1})`,
    })
    const ok = await rpc(Array.from({ length: BATCH_MAX }, (_, i) => list(i)))
    expect(ok.status).toBe(200)
    expect(ok.json).toHaveLength(BATCH_MAX)
  })

  it('a _meta value that is an object (even one whose toString is not a function) is read as its JSON, not an internal error', async () => {
    for (const value of [{ toString: 1 }, { a: 1 }, [1, 2]]) {
      const bad = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'hello', arguments: {}, _meta: { dryRun: value } } })
      expect(bad.status).toBe(200)
      expect(bad.json.error).toBeUndefined()
      expect(bad.json.result).toMatchObject({ isError: true, structuredContent: { error_code: 'INVALID_HEADER' } })
      const session = await rpc({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'hello', arguments: {}, _meta: { sessionId: value } } })
      expect(session.json.result).toMatchObject({ isError: false, structuredContent: { status: 'ok' } })
    }
  })
})
