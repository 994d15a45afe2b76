/**
 * One schema per tool on every surface: the limits the validator enforces (src/tools/limits.ts,
 * filled in by the registry) are the ones each export format, MCP's tools/list, the catalog and
 * the OpenAPI document show, and every string parameter has a maximum length on all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
const admin = () => ({ authorization: `Bearer ${t.adminKey}` })
const getJson = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: admin() })).json()

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const LIMIT_KEYS = ['maxLength', 'maximum', 'minimum'] as const

/** Every limit in a schema as `path keyword=value`, sorted: equal lists mean equal limits. */
function limitsOf(schema: unknown, at = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => limitsOf(s, `${at}[${i}]`))
  if (typeof schema !== 'object' || schema === null) return []
  const s = schema as Record<string, unknown>
  const own = LIMIT_KEYS.filter((k) => s[k] !== undefined).map((k) => `${at || '.'} ${k}=${s[k]}`)
  const nested = Object.entries(s).flatMap(([k, v]) =>
    k === 'properties' && v && typeof v === 'object'
      ? Object.entries(v).flatMap(([name, sub]) => limitsOf(sub, `${at}.${name}`))
      : ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'].includes(k)
        ? limitsOf(v, `${at}/${k}`)
        : [],
  )
  return [...own, ...nested].sort()
}

/** Paths of string schemas without a maxLength, and of integers without both bounds. */
function unbounded(schema: unknown, at = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => unbounded(s, `${at}[${i}]`))
  if (typeof schema !== 'object' || schema === null) return []
  const s = schema as Record<string, any>
  const types: unknown[] = Array.isArray(s.type) ? s.type : [s.type]
  const out: string[] = []
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined) out.push(`${at} (string)`)
  if (types.includes('integer') && (s.maximum === undefined || s.minimum === undefined)) out.push(`${at} (integer)`)
  for (const [name, sub] of Object.entries(s.properties ?? {})) out.push(...unbounded(sub, `${at}.${name}`))
  for (const k of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf']) out.push(...unbounded(s[k], `${at}/${k}`))
  return out
}

/** MCP tools/list as a client gets it: JSON-RPC over POST /mcp. */
async function mcpToolsList(): Promise<any[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...admin(), accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.tools
}

describe('limits on every surface', () => {
  it('each format, MCP tools/list, GET /v1/tools/{name} and OpenAPI show the same limits for every tool', async () => {
    const openai = await getJson('/v1/schemas/openai')
    const anthropic = await getJson('/v1/schemas/anthropic')
    const langchain = await getJson('/v1/schemas/langchain')
    const mcpExport = (await getJson('/v1/schemas/mcp')).tools
    const mcpLive = await mcpToolsList()
    const openapi = await getJson('/openapi.json')
    const tools = t.app.registry.list()
    expect(tools.length).toBeGreaterThan(40)
    for (const tool of tools) {
      const provider = tool.name.replaceAll('.', '__')
      const expected = limitsOf(openai.find((x: any) => x.function.name === provider).function.parameters)
      const surfaces: Record<string, unknown> = {
        anthropic: anthropic.find((x: any) => x.name === provider).input_schema,
        langchain: langchain.find((x: any) => x.name === provider).schema,
        'mcp export': mcpExport.find((x: any) => x.name === tool.name).inputSchema,
        'mcp tools/list': mcpLive.find((x: any) => x.name === tool.name).inputSchema,
        'GET /v1/tools/{name}': (await getJson(`/v1/tools/${tool.name}`)).input_schema,
        openapi: openapi.paths[`/v1/tools/${tool.name}`].post.requestBody.content['application/json'].schema,
        // the validator's own schema: the registered tool's input
        validator: tool.input,
      }
      for (const [surface, schema] of Object.entries(surfaces)) expect(limitsOf(schema), `${tool.name} on ${surface}`).toEqual(expected)
    }
  })

  it('every string parameter has a maxLength and every integer a range, in the exports', async () => {
    const openai = await getJson('/v1/schemas/openai')
    const missing = openai.flatMap((x: any) => unbounded(x.function.parameters, x.function.name))
    expect(missing).toEqual([])
    // and the limits are real ones: Bash's command, Read's path and offset
    const params = (name: string) => openai.find((x: any) => x.function.name === name).function.parameters.properties
    expect(params('Bash').command.maxLength).toBe(100_000)
    expect(params('Read').file_path.maxLength).toBe(4096)
    expect(params('Read').offset).toMatchObject({ minimum: 0, maximum: 2_147_483_647 })
  })

  it('the catalog lists each limit among the parameter constraints', async () => {
    const bash = await getJson('/v1/tools/Bash')
    expect(bash.parameters.find((p: any) => p.name === 'command').constraints).toEqual({ maxLength: 100_000 })
    expect(bash.input_schema.properties.command.maxLength).toBe(100_000)
  })
})
