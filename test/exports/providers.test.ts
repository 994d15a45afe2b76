import { Ajv } from 'ajv'
import { createRegistry } from '../../src/tools/registry.js'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import {
  FORMATS,
  exportNameMap,
  exportTools,
  toAnthropic,
  toLangChain,
  toOpenAI,
  type OpenAITool,
  type AnthropicTool,
  type LangChainTool,
  type McpTool,
} from '../../src/exports/index.js'
import {
  ALL,
  BASH_LIMITS,
  Bash,
  Empty,
  NoteAdd,
  READ_LIMITS,
  Read,
  Validate,
  plusLimits,
  readParameters,
  seedAnthropicRead,
  seedOpenAIBash,
  seedOpenAIRead,
  served,
  tool,
} from './fixtures.js'
import { toHarmony, toMcp } from '../../src/exports/index.js'

/** Every own property name, enumerable or not, anywhere in `value`. */
function allOwnNames(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return []
  seen.add(value)
  return Object.getOwnPropertyNames(value).flatMap((k) => [k, ...allOwnNames((value as Record<string, unknown>)[k], seen)])
}

describe('seed 002 shapes', () => {
  it('OpenAI Read matches §1 exactly', () => {
    expect(toOpenAI(Read)).toStrictEqual(seedOpenAIRead)
    expect(JSON.parse(JSON.stringify(toOpenAI(Read)))).toStrictEqual(seedOpenAIRead)
  })
  it('OpenAI Bash (defaults) matches §1 exactly', () => {
    expect(toOpenAI(Bash)).toStrictEqual(seedOpenAIBash)
  })
  it('Anthropic Read matches §2 exactly', () => {
    expect(toAnthropic(Read)).toStrictEqual(seedAnthropicRead)
  })
  it('puts type, properties, required first like the seed', () => {
    expect(Object.keys(toOpenAI(Read).function.parameters)).toEqual(['type', 'properties', 'required'])
  })
})

describe('seed 002 shapes as served: the seed plus the limits the validator enforces', () => {
  const read = plusLimits(readParameters, READ_LIMITS)
  const bashParams = plusLimits(seedOpenAIBash.function.parameters, BASH_LIMITS)

  it('OpenAI and Anthropic Read, Bash', () => {
    expect(toOpenAI(served(Read))).toStrictEqual({ ...seedOpenAIRead, function: { ...seedOpenAIRead.function, parameters: read } })
    expect(toOpenAI(served(Bash))).toStrictEqual({ ...seedOpenAIBash, function: { ...seedOpenAIBash.function, parameters: bashParams } })
    expect(toAnthropic(served(Read))).toStrictEqual({ ...seedAnthropicRead, input_schema: read })
    expect(Object.keys(toOpenAI(served(Read)).function.parameters)).toEqual(['type', 'properties', 'required', 'additionalProperties'])
  })
  it('LangChain and MCP Read', () => {
    expect(toLangChain(served(Read))).toStrictEqual({ name: 'Read', description: seedOpenAIRead.function.description, schema: read })
    expect(toMcp(served(Read)).inputSchema).toStrictEqual(read)
  })
  it('Harmony Read names each limit in a comment', () => {
    const text = toHarmony(served(Read)).definition
    expect(text).toContain('// Absolute path to the file to read\n// maxLength: 4096\nfile_path: string,')
    expect(text).toContain('// minimum: 0\n// maximum: 2147483647\noffset?: number,')
    // the seed's own bound stands: no default replaces it
    expect(text).toContain('// minimum: 1\n// maximum: 10000\nlimit?: number,')
  })
  it('the validator refuses just past each limit it shows', () => {
    const { validate } = createRegistry([served(Bash)]).get('Bash')!
    expect(validate({ command: 'x'.repeat(100_000) }).ok).toBe(true)
    expect(validate({ command: 'x'.repeat(100_001) })).toMatchObject({
      ok: false,
      error: { message: 'Value for command is too long: maximum length is 100000' },
    })
    const readCheck = createRegistry([Read]).get('Read')!.validate
    expect(readCheck({ file_path: '/a', offset: 2_147_483_647 }).ok).toBe(true)
    expect(readCheck({ file_path: '/a', offset: 2 ** 31 })).toMatchObject({ ok: false, error: { message: 'Value for offset exceeds maximum: 2147483647' } })
  })
  it('registering leaves the tool as written', () => {
    createRegistry([Read])
    expect(toOpenAI(Read)).toStrictEqual(seedOpenAIRead)
  })
})

describe('parameters', () => {
  it('adds empty properties and omits empty required', () => {
    expect(toOpenAI(Empty).function.parameters).toStrictEqual({ type: 'object', properties: {} })
    const anyInput = tool('any', 'x', Type.Any())
    expect(toAnthropic(anyInput).input_schema).toStrictEqual({ type: 'object', properties: {} })
  })
  it('inlines $ref and drops $defs', () => {
    const params = toOpenAI(NoteAdd).function.parameters
    expect(params.properties).toStrictEqual({
      notebook: { type: 'string' },
      ref: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, version: { type: 'string' } } },
    })
    expect(JSON.stringify(params)).not.toMatch(/\$ref|\$defs/)
  })
  it('drops keywords providers ignore, keeps the listed ones', () => {
    const t = tool(
      'odd',
      'x',
      Type.Object(
        {
          a: Type.String({ errorMessage: 'nope', pattern: '^a', format: 'email', examples: ['a@b.c'] }),
          n: Type.Union([Type.String(), Type.Null()]),
        },
        { $id: 'Odd', additionalProperties: false },
      ),
    )
    expect(toOpenAI(t).function.parameters).toStrictEqual({
      type: 'object',
      properties: {
        a: { type: 'string', pattern: '^a', format: 'email', examples: ['a@b.c'] },
        n: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['a', 'n'],
      additionalProperties: false,
    })
  })
})

describe('LangChain', () => {
  it("is LangChain.js's StructuredToolParams: {name, description, schema}", () => {
    expect(toLangChain(Read)).toStrictEqual({
      name: 'Read',
      description: seedOpenAIRead.function.description,
      schema: seedOpenAIRead.function.parameters,
    })
    expect(toLangChain(Empty)).toStrictEqual({ name: 'ping', description: 'No arguments', schema: { type: 'object', properties: {} } })
    expect(toLangChain(Validate).name).toBe('validator__run_quality')
  })
})

describe('exportTools', () => {
  const names = (format: (typeof FORMATS)[number]) =>
    exportTools(format, ALL).map((t) => {
      if (format === 'openai') return (t as OpenAITool).function.name
      if (format === 'anthropic') return (t as AnthropicTool).name
      if (format === 'langchain') return (t as LangChainTool).name
      return (t as McpTool).name
    })

  it('keeps order; provider names are safe, MCP keeps dots', () => {
    for (const format of ['openai', 'anthropic', 'langchain'] as const) {
      expect(names(format)).toEqual(['Read', 'Bash', 'notebook__add_dependency', 'validator__run_quality', 'ping'])
      for (const name of names(format)) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
    }
    expect(names('mcp')).toEqual(ALL.map((t) => t.name))
  })

  it('name maps list only renamed tools; empty for MCP', () => {
    const expected = { notebook__add_dependency: 'notebook.add_dependency', validator__run_quality: 'validator.run_quality' }
    for (const format of ['openai', 'anthropic', 'langchain'] as const) expect(exportNameMap(format, ALL)).toEqual(expected)
    expect(exportNameMap('mcp', ALL)).toEqual({})
  })

  it('emits no ~kind, enumerable or not, in any format', () => {
    for (const format of FORMATS) {
      const out = exportTools(format, ALL)
      expect(JSON.stringify(out)).not.toContain('~kind')
      expect(allOwnNames(out).filter((k) => k.startsWith('~'))).toEqual([])
      expect(allOwnNames(out)).not.toContain('~kind')
      expect(out.flatMap((t) => Object.getOwnPropertySymbols(t))).toEqual([])
    }
  })

  it('every exported schema compiles with ajv', () => {
    const ajv = new Ajv({ strict: false })
    const schemas = [
      ...exportTools('openai', ALL).map((t) => (t as OpenAITool).function.parameters),
      ...exportTools('anthropic', ALL).map((t) => (t as AnthropicTool).input_schema),
      ...exportTools('langchain', ALL).map((t) => (t as LangChainTool).schema),
      ...exportTools('mcp', ALL).flatMap((t) => [(t as McpTool).inputSchema, (t as McpTool).outputSchema]),
    ]
    for (const schema of schemas) expect(() => ajv.compile(schema)).not.toThrow()
    const validate = ajv.compile(toOpenAI(Bash).function.parameters)
    expect(validate({ command: 'ls', timeout: 5000 })).toBe(true)
    expect(validate({ timeout: 5 })).toBe(false)
  })

  it('refuses a tool name that cannot be mapped', () => {
    expect(() => exportTools('openai', [tool('a__b', 'x', Type.Object({}))])).toThrow(/__/)
    expect(exportTools('mcp', [tool('a.b', 'x', Type.Object({}))])).toHaveLength(1)
  })
})
