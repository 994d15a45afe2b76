/**
 * The MCP surface with the official client over Streamable HTTP on a real port: listing, calls,
 * errors as tool results, approval, `_meta` context, keys, and one history shared with REST.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_KEY, buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let url: URL
const clients: Client[] = []
const admin = { authorization: `Bearer ${ADMIN_KEY}` }

async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'toolgate-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: key === undefined ? {} : { headers: { Authorization: `Bearer ${key}` } },
  })
  await client.connect(transport)
  clients.push(client)
  return client
}

/** The tool result's JSON body, from structuredContent and from the text content alike. */
function bodies(result: any): { structured: any; text: any } {
  expect(result.content[0].type).toBe('text')
  return { structured: result.structuredContent, text: JSON.parse(result.content[0].text) }
}

const getJson = async (u: string) => (await t.app.inject({ method: 'GET', url: u, headers: admin })).json()

beforeAll(async () => {
  t = await buildTestApp()
  await fs.mkdir(path.join(t.workspace, 'docs'), { recursive: true })
  await fs.writeFile(path.join(t.workspace, 'docs', 'guide.md'), '# Guide\nline two\n')
  await fs.writeFile(path.join(t.workspace, '.env'), 'SECRET=1\n')
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const addr = t.app.server.address() as AddressInfo
  url = new URL(`http://127.0.0.1:${addr.port}/mcp`)
})
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {})
  await t?.close()
})

describe('MCP with an admin key', () => {
  let client: Client
  beforeAll(async () => {
    client = await connect(t.adminKey)
  })

  it('lists the booster tools with input and output schemas and annotations', async () => {
    const { tools } = await client.listTools()
    const names = tools.map((x) => x.name)
    expect(names).toEqual(expect.arrayContaining(['hello', 'read_repo_file', 'write_memory_entry']))
    for (const tool of tools.filter((x) => ['hello', 'read_repo_file', 'write_memory_entry'].includes(x.name))) {
      expect(tool.description, tool.name).toBeTruthy()
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(tool.annotations).toBeDefined()
    }
    const hello = tools.find((x) => x.name === 'hello')!
    // the seed's schema plus the limit the validator enforces (NAME_MAX, src/tools/limits.ts)
    expect(hello.inputSchema.properties).toEqual({ name: { type: 'string', description: 'Name to greet', default: 'World', maxLength: 256 } })
    expect(Object.keys(hello.outputSchema!.properties!)).toEqual(expect.arrayContaining(['message', 'timestamp', 'status', 'execution_id']))
    expect(hello.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })
    const write = tools.find((x) => x.name === 'write_memory_entry')!
    expect(write.inputSchema.required).toEqual(expect.arrayContaining(['file', 'entry']))
    expect(write.annotations).toMatchObject({ readOnlyHint: false })
  })

  it('calls hello', async () => {
    const result = await client.callTool({ name: 'hello', arguments: { name: 'MCP' } })
    expect(result.isError).toBe(false)
    expect(result.structuredContent).toMatchObject({ message: 'Hello, MCP!', status: 'ok' })
    expect(bodies(result).text.message).toBe('Hello, MCP!')
  })

  it('reads a file', async () => {
    const result = await client.callTool({ name: 'read_repo_file', arguments: { path: 'docs/guide.md' } })
    expect(result.isError).toBe(false)
    const { structured, text } = bodies(result)
    expect(structured).toMatchObject({ content: '# Guide\nline two\n', size: 17, status: 'ok' })
    expect(text.content).toBe('# Guide\nline two\n')
  })

  it('a blocked path is an error result with PATH_BLOCKED', async () => {
    const result = await client.callTool({ name: 'read_repo_file', arguments: { path: '.env' } })
    expect(result.isError).toBe(true)
    const { structured, text } = bodies(result)
    expect(structured).toMatchObject({ status: 'error', error_code: 'PATH_BLOCKED' })
    expect(text.error_code).toBe('PATH_BLOCKED')
    expect((result.content as any[])[0].text).toContain('PATH_BLOCKED')
  })

  it('a validation failure is an error result with the seed 002 message', async () => {
    const result = await client.callTool({ name: 'read_repo_file', arguments: {} })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({ error_code: 'VALIDATION_ERROR', error_message: 'Missing required parameter: path' })
  })

  it('an unknown tool is an error result with TOOL_NOT_FOUND', async () => {
    const result = await client.callTool({ name: 'helo', arguments: {} })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({ status: 'error', error_code: 'TOOL_NOT_FOUND' })
    expect(String((result.structuredContent as any).error_message)).toContain('hello')
  })

  it('write_memory_entry is held; approving it over REST runs it', async () => {
    const entry = JSON.stringify({ step: 'mcp', ok: true })
    const result = await client.callTool({ name: 'write_memory_entry', arguments: { file: 'progress_log.jsonl', entry } })
    expect(result.isError).toBe(false)
    const held = result.structuredContent as any
    expect(held).toMatchObject({ status: 'pending' })
    expect(held.approval_id).toMatch(/^[0-9a-f-]{36}$/)

    const before = (await getJson(`/v1/executions/${held.execution_id}`)).execution
    expect(before).toMatchObject({ status: 'pending', transport: 'mcp', tool: 'write_memory_entry' })

    // Four eyes: another key than the one that queued the call approves it.
    const reviewer = { authorization: `Bearer ${await t.key(['approve'], 'reviewer')}` }
    const approved = await t.app.inject({ method: 'POST', url: `/v1/approvals/${held.approval_id}/approve`, headers: reviewer })
    expect(approved.statusCode).toBe(200)
    expect(approved.json().result).toMatchObject({ status: 'ok', success: true })

    const after = (await getJson(`/v1/executions/${held.execution_id}`)).execution
    expect(after).toMatchObject({ status: 'ok', transport: 'mcp' })
    expect(after.result).toMatchObject({ success: true, bytes_written: entry.length + 1 })
    const file = await fs.readFile(path.join(t.workspace, t.config.memoryDir, 'progress_log.jsonl'), 'utf8')
    expect(file).toBe(`${entry}\n`)
  })

  it('takes the context from _meta: session id and dry run', async () => {
    const result = await client.callTool({
      name: 'write_memory_entry',
      arguments: { file: 'best_practices.md', entry: '- dry run only' },
      _meta: { sessionId: 's1', dryRun: true },
    })
    expect(result.isError).toBe(false)
    const body = result.structuredContent as any
    expect(body).toMatchObject({ status: 'ok', dry_run: true, bytes_written: 0 })
    expect(body.approval_id).toBeUndefined()
    expect(body.messages).toEqual([expect.stringMatching(/^\[Dry Run\] Would append 15 bytes to .*best_practices\.md$/)])
    await expect(fs.stat(path.join(t.workspace, t.config.memoryDir, 'best_practices.md'))).rejects.toThrow()

    const row = (await getJson(`/v1/executions/${body.execution_id}`)).execution
    expect(row).toMatchObject({ session_id: 's1', transport: 'mcp', dry_run: true, status: 'ok' })
  })

  it('MCP and REST calls share one history', async () => {
    const rest = await t.call('hello', { name: 'REST' }, { headers: { 'x-session-id': 'shared' } })
    const mcp = await client.callTool({ name: 'hello', arguments: { name: 'MCP2' }, _meta: { sessionId: 'shared' } })
    const { executions } = await getJson('/v1/executions?tool=hello&limit=50')
    const byId = new Map(executions.map((e: any) => [e.id, e]))
    expect(byId.get(rest.body.execution_id)).toMatchObject({ transport: 'rest', session_id: 'shared' })
    expect(byId.get((mcp.structuredContent as any).execution_id)).toMatchObject({ transport: 'mcp', session_id: 'shared' })
    // Newest first, whichever the transport.
    const ids = executions.map((e: any) => e.id)
    expect(ids.indexOf((mcp.structuredContent as any).execution_id)).toBeLessThan(ids.indexOf(rest.body.execution_id))
  })
})

describe('MCP keys', () => {
  it('without a key: tools are listed and hello works, read_repo_file is UNAUTHORIZED', async () => {
    const client = await connect()
    const { tools } = await client.listTools()
    expect(tools.map((x) => x.name)).toContain('read_repo_file')
    const hi = await client.callTool({ name: 'hello', arguments: {} })
    expect(hi.isError).toBe(false)
    expect(hi.structuredContent).toMatchObject({ message: 'Hello, World!' })
    const read = await client.callTool({ name: 'read_repo_file', arguments: { path: 'docs/guide.md' } })
    expect(read.isError).toBe(true)
    expect(read.structuredContent).toMatchObject({ status: 'error', error_code: 'UNAUTHORIZED' })
    expect((read.content as any[])[0].text).toContain('UNAUTHORIZED')
  })

  it('a key without the scope gets SCOPE_REQUIRED', async () => {
    const client = await connect(await t.key(['read'], 'mcp-reader'))
    const write = await client.callTool({ name: 'write_memory_entry', arguments: { file: 'best_practices.md', entry: 'x' } })
    expect(write.isError).toBe(true)
    expect(write.structuredContent).toMatchObject({ error_code: 'SCOPE_REQUIRED' })
    const read = await client.callTool({ name: 'read_repo_file', arguments: { path: 'docs/guide.md' } })
    expect(read.isError).toBe(false)
  })

  it('a wrong key cannot connect: HTTP 401', async () => {
    const client = new Client({ name: 'toolgate-test', version: '1.0.0' })
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: 'Bearer tg_wrong_wrong_wrong_wrong_wrong_wrong' } },
    })
    const failure = await client.connect(transport).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(failure).toBeInstanceOf(Error)
    expect((failure as { code?: number }).code).toBe(401)
    await client.close().catch(() => {})
  })

  it('a wrong key is one JSON-RPC 401 for the whole request, and none of its messages runs', async () => {
    const marker = path.join(t.workspace, 'wrong-key-wrote.md')
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'Write', arguments: { file_path: 'wrong-key-wrote.md', content: 'x' } } }
    const before = (await getJson('/v1/executions?limit=500')).executions.length
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer tg_wrong_wrong_wrong_wrong_wrong_wrong',
      },
      body: JSON.stringify([call, { ...call, id: 2 }]),
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } })
    await new Promise((r) => setTimeout(r, 200))
    await expect(fs.access(marker)).rejects.toThrow()
    expect((await getJson('/v1/executions?limit=500')).executions.length).toBe(before)
    // Control: the same request with a key that may write runs both calls.
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${t.adminKey}` },
      body: JSON.stringify([call, { ...call, id: 2 }]),
    })
    expect(ok.status).toBe(200)
    expect(await fs.readFile(marker, 'utf8')).toBe('x')
  })
})
