/**
 * `GET /v1/schemas/{format}` on the real app: the shapes that OpenAI, Anthropic, LangChain and MCP
 * accept as they are, provider-safe names mapped reversibly, and a tool callable by either name.
 */
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineTool, type AnyTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { buildTestApp, type TestApp } from '../helper.js'

// A dotted name (as the notebook tools of a later toolset have) and a `$ref` the exports must inline.
const probe = defineTool({
  name: 'notebook.probe',
  toolset: 'alain',
  category: 'NOTEBOOK',
  description: 'Echoes a note (test only).',
  input: Type.Object(
    { note: Type.String({ description: 'What to echo' }), cell: Type.Optional(Type.Ref('#/$defs/Cell')) },
    { $defs: { Cell: Type.Object({ id: Type.Integer({ minimum: 0 }) }) } },
  ),
  output: Type.Object({ echoed: Type.String() }),
  scope: 'read',
  execute: ({ note }: { note: string }) => ({ echoed: note }),
}) as AnyTool

// As served: the seed's schema plus the limit the validator enforces (src/tools/limits.ts, NAME_MAX).
const HELLO_PARAMETERS = {
  type: 'object',
  properties: { name: { type: 'string', description: 'Name to greet', default: 'World', maxLength: 256 } },
  additionalProperties: false,
}
const BOOSTER = ['hello', 'read_repo_file', 'write_memory_entry']
const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/
// Other toolsets join allTools over time: assertions name the booster tools and the probe, not "all".
const ALL = [...allTools, probe]
const providerNames = ALL.map((x) => x.name.replaceAll('.', '__'))

let t: TestApp
const get = (url: string) => t.app.inject({ method: 'GET', url })

beforeAll(async () => {
  t = await buildTestApp({ tools: [...allTools, probe] })
})
afterAll(async () => t?.close())

/** Every key anywhere in a JSON value, for "no $ref / ~kind anywhere". */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out)
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k)
      keysOf(v, out)
    }
  }
  return out
}

describe('formats', () => {
  it('openai: [{type: "function", function: {name, description, parameters}}]', async () => {
    const res = await get('/v1/schemas/openai')
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(Array.isArray(list)).toBe(true)
    expect(list.map((x: any) => x.function.name)).toEqual(providerNames)
    expect(providerNames).toEqual(expect.arrayContaining([...BOOSTER, 'notebook__probe']))
    for (const x of list) {
      expect(Object.keys(x).sort()).toEqual(['function', 'type'])
      expect(x.type).toBe('function')
      expect(Object.keys(x.function).sort()).toEqual(['description', 'name', 'parameters'])
      expect(x.function.name).toMatch(PROVIDER_NAME)
      expect(x.function.description).toBeTruthy()
      expect(x.function.parameters.type).toBe('object')
    }
    const hello = list.find((x: any) => x.function.name === 'hello')
    expect(hello).toEqual({
      type: 'function',
      function: { name: 'hello', description: 'Returns a greeting message. Use for testing MCP connectivity.', parameters: HELLO_PARAMETERS },
    })
    const read = list.find((x: any) => x.function.name === 'read_repo_file').function.parameters
    expect(read.required).toEqual(['path'])
    expect(read.properties.path).toEqual({ type: 'string', description: 'Relative path from repo root', pattern: '^[a-zA-Z0-9_./-]+$', maxLength: 4096 })
    expect(read.properties.encoding).toMatchObject({ type: 'string', enum: ['utf-8', 'base64'], default: 'utf-8' })
  })

  it('anthropic: [{name, description, input_schema}]', async () => {
    const list = (await get('/v1/schemas/anthropic')).json()
    expect(list.map((x: any) => x.name)).toEqual(providerNames)
    for (const x of list) {
      expect(Object.keys(x).sort()).toEqual(['description', 'input_schema', 'name'])
      expect(x.name).toMatch(PROVIDER_NAME)
    }
    expect(list.find((x: any) => x.name === 'hello')).toEqual({
      name: 'hello',
      description: 'Returns a greeting message. Use for testing MCP connectivity.',
      input_schema: HELLO_PARAMETERS,
    })
  })

  it('langchain: {name, description, schema} (StructuredToolParams)', async () => {
    const list = (await get('/v1/schemas/langchain')).json()
    expect(list.map((x: any) => x.name)).toEqual(providerNames)
    expect(list.find((x: any) => x.name === 'hello')).toEqual({
      name: 'hello',
      description: 'Returns a greeting message. Use for testing MCP connectivity.',
      schema: HELLO_PARAMETERS,
    })
    const write = list.find((x: any) => x.name === 'write_memory_entry').schema
    expect(write).toMatchObject({ type: 'object', required: ['file', 'entry'] })
    expect(write.properties.file.enum).toEqual(['progress_log.jsonl', 'decisions.jsonl', 'best_practices.md'])
  })

  it('mcp: {tools: [{name, description, inputSchema, outputSchema, annotations}]}, names kept', async () => {
    const res = await get('/v1/schemas/mcp')
    const body = res.json()
    expect(Object.keys(body)).toEqual(['tools'])
    expect(body.tools.map((x: any) => x.name)).toEqual(ALL.map((x) => x.name))
    expect(body.tools.map((x: any) => x.name)).toContain('notebook.probe')
    const hello = body.tools.find((x: any) => x.name === 'hello')
    expect(hello.inputSchema).toEqual(HELLO_PARAMETERS)
    expect(hello.outputSchema.type).toBe('object')
    expect(hello.outputSchema.properties.message).toMatchObject({ type: 'string' })
    expect(hello.annotations).toMatchObject({ readOnlyHint: true })
    expect(JSON.parse(res.headers['x-tool-name-map'] as string)).toEqual({})
  })

  it('no $ref and no ~kind anywhere in any format; $defs are inlined', async () => {
    for (const format of ['openai', 'anthropic', 'langchain', 'mcp']) {
      const res = await get(`/v1/schemas/${format}`)
      expect(res.body).not.toContain('$ref')
      expect(res.body).not.toContain('$defs')
      expect(res.body).not.toContain('~kind')
      expect(
        keysOf(res.json()).filter((k) => k === '$ref' || k === '$defs' || k.startsWith('~')),
        format,
      ).toEqual([])
    }
    const openai = (await get('/v1/schemas/openai')).json()
    const params = openai.find((x: any) => x.function.name === 'notebook__probe').function.parameters
    expect(params).toEqual({
      type: 'object',
      properties: {
        note: { type: 'string', description: 'What to echo', maxLength: 100_000 },
        cell: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 0, maximum: 2_147_483_647 } },
          required: ['id'],
          additionalProperties: false,
        },
      },
      required: ['note'],
      additionalProperties: false,
    })
  })
})

describe('?strict=true', () => {
  it('openai: every function says strict; those with a strict form have every property required and objects closed', async () => {
    const res = await get('/v1/schemas/openai?strict=true')
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.map((x: any) => x.function.name)).toEqual(providerNames)
    for (const { function: fn } of list) {
      expect(typeof fn.strict, fn.name).toBe('boolean')
      if (!fn.strict) continue
      expect(fn.parameters.additionalProperties, fn.name).toBe(false)
      expect([...fn.parameters.required].sort(), fn.name).toEqual(Object.keys(fn.parameters.properties).sort())
    }
    expect(list.find((x: any) => x.function.name === 'http').function.strict).toBe(false)
    expect(list.find((x: any) => x.function.name === 'hello').function.parameters.properties.name.type).toEqual(['string', 'null'])
  })

  it('is refused for the other formats', async () => {
    const res = await get('/v1/schemas/anthropic?strict=true')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', error_message: 'strict applies to the openai format only' })
  })
})

describe('filters and errors', () => {
  it('?toolset=booster keeps only that toolset', async () => {
    for (const format of ['openai', 'anthropic', 'langchain']) {
      const list = (await get(`/v1/schemas/${format}?toolset=booster`)).json()
      expect(list.map((x: any) => x.function?.name ?? x.name)).toEqual(BOOSTER)
    }
    expect(
      (await get('/v1/schemas/mcp?toolset=alain'))
        .json()
        .tools.map((x: any) => x.name)
        .sort(),
    ).toEqual(
      ALL.filter((x) => x.toolset === 'alain')
        .map((x) => x.name)
        .sort(),
    )
  })

  it('?toolset=nope is a 400 naming the toolsets', async () => {
    const res = await get('/v1/schemas/openai?toolset=nope')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 'error', error_code: 'VALIDATION_ERROR' })
    const toolsets = [...new Set(ALL.map((x) => x.toolset))]
    expect(toolsets).toEqual(expect.arrayContaining(['booster', 'alain']))
    expect(res.json().error_message).toBe(`Invalid value for toolset: must be one of [${toolsets.map((x) => `'${x}'`).join(', ')}]`)
  })

  it('an unknown format answers seed 002 §5 enum message', async () => {
    const res = await get('/v1/schemas/gemini')
    expect(res.statusCode).toBe(400)
    expect(res.json().error_message).toBe("Invalid value for format: must be one of ['openai', 'anthropic', 'langchain', 'mcp', 'harmony']")
  })
})

describe('provider names', () => {
  it('X-Tool-Name-Map is JSON mapping provider names back; ?include=name_map gives {tools, name_map}', async () => {
    const res = await get('/v1/schemas/openai')
    const map = JSON.parse(res.headers['x-tool-name-map'] as string)
    expect(map).toMatchObject({ notebook__probe: 'notebook.probe' })
    // Exactly the renamed tools are in the map, and each maps back to a registered name.
    expect(Object.keys(map).sort()).toEqual(
      ALL.filter((x) => x.name.includes('.'))
        .map((x) => x.name.replaceAll('.', '__'))
        .sort(),
    )
    for (const x of res.json()) expect(map[x.function.name] ?? x.function.name).toBe(x.function.name.replaceAll('__', '.'))

    const withMap = (await get('/v1/schemas/anthropic?include=name_map')).json()
    expect(Object.keys(withMap).sort()).toEqual(['name_map', 'tools'])
    expect(withMap.name_map).toEqual(map)
    expect(withMap.tools.map((x: any) => x.name)).toContain('notebook__probe')

    const booster = await get('/v1/schemas/openai?toolset=booster')
    expect(JSON.parse(booster.headers['x-tool-name-map'] as string)).toEqual({})
  })

  it('the tool runs under its provider name and its own name, recorded under its own name', async () => {
    const mapped = await t.call('notebook__probe', { note: 'via provider name' })
    expect(mapped.statusCode).toBe(200)
    expect(mapped.body).toMatchObject({ echoed: 'via provider name', status: 'ok' })
    const own = await t.call('notebook.probe', { note: 'via own name', cell: { id: 3 } })
    expect(own.statusCode).toBe(200)
    expect(own.body).toMatchObject({ echoed: 'via own name', status: 'ok' })

    const bad = await t.call('notebook__probe', { note: 'x', cell: { id: -1 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.body.error_message).toBe('Value for cell.id is below minimum: 0')

    const list = await t.app.inject({ method: 'GET', url: '/v1/executions?limit=10', headers: { authorization: `Bearer ${t.adminKey}` } })
    const tools = list.json().executions.map((e: any) => e.tool)
    expect(tools.slice(0, 3)).toEqual(['notebook.probe', 'notebook.probe', 'notebook.probe'])
  })
})
