/**
 * The OpenAI export in strict mode satisfies OpenAI's "Supported schemas" rules for every tool that
 * has a strict form, and what a model writes under it (nulls for what it leaves out) is what the
 * server accepts. The rules are written out here, apart from the code that applies them.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { toOpenAI, type OpenAITool } from '../../src/exports/index.js'
import { allTools } from '../../src/tools/index.js'
import { createRegistry } from '../../src/tools/registry.js'
import { Read, plusLimits, readParameters, READ_LIMITS, served } from './fixtures.js'

type Schema = Record<string, any>

// OpenAI's supported subset: these keywords, these formats, these limits.
const KEYWORDS = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description'],
  ...['pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems'],
])
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'])

/** Every way `schema` breaks the rules, as `path: why`. */
function violations(schema: Schema, at = '$', depth = 0, out: string[] = []): string[] {
  for (const key of Object.keys(schema)) if (!KEYWORDS.has(key)) out.push(`${at}: unsupported keyword ${key}`)
  if (schema.format !== undefined && !FORMATS.has(schema.format)) out.push(`${at}: unsupported format ${schema.format}`)
  const types = [schema.type].flat()
  if (types.includes('object')) {
    if (depth >= 10) out.push(`${at}: nested deeper than 10 objects`)
    if (schema.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`)
    const names = Object.keys(schema.properties ?? {})
    if (JSON.stringify([...(schema.required ?? [])].sort()) !== JSON.stringify([...names].sort())) out.push(`${at}: required is not every property`)
    for (const name of names) violations(schema.properties[name], `${at}.${name}`, depth + 1, out)
  }
  if (types.includes('array')) violations(schema.items ?? {}, `${at}[]`, depth, out)
  for (const [i, sub] of (schema.anyOf ?? []).entries()) violations(sub, `${at}.anyOf[${i}]`, depth, out)
  return out
}

const acceptsNull = (s: Schema): boolean => [s.type].flat().includes('null') || (s.anyOf ?? []).some(acceptsNull)

const registry = createRegistry(allTools)
const strictTools = registry.list().map((tool) => ({ tool, exported: toOpenAI(tool, { strict: true }).function }))

describe('OpenAI strict export', () => {
  it('every strict function follows the rules: closed objects, all required, supported keywords only', () => {
    const broken = strictTools.filter(({ exported }) => exported.strict).flatMap(({ exported }) => violations(exported.parameters, exported.name))
    expect(broken).toEqual([])
    // At least the seed 002/003 file and shell tools have a strict form.
    const strict = strictTools.filter(({ exported }) => exported.strict).map(({ exported }) => exported.name)
    expect(strict).toEqual(expect.arrayContaining(['Read', 'Write', 'Bash', 'shell', 'fs_read', 'summarize', 'hello']))
  })

  it('turns optional parameters into required nullable ones', () => {
    const notNullable = strictTools
      .filter(({ exported }) => exported.strict)
      .flatMap(({ tool, exported }) => {
        const required: string[] = (tool.input as Schema).required ?? []
        return Object.entries(exported.parameters.properties as Record<string, Schema>)
          .filter(([name, prop]) => !required.includes(name) && !acceptsNull(prop))
          .map(([name]) => `${tool.name}.${name}`)
      })
    expect(notNullable).toEqual([])
  })

  it('gives a tool without a strict form strict: false, its ordinary schema and a free-form object as the reason', () => {
    for (const { tool, exported } of strictTools.filter(({ exported }) => !exported.strict)) {
      expect(exported.strict, tool.name).toBe(false)
      expect(exported.parameters, tool.name).toEqual(toOpenAI(tool).function.parameters)
      expect(JSON.stringify(exported.parameters), tool.name).toMatch(/"additionalProperties":(true|\{)/)
    }
  })

  it('keeps what it drops in the description (defaults, lengths)', () => {
    const read = toOpenAI(served(Read), { strict: true })
    const expected = plusLimits(readParameters, READ_LIMITS)
    expect(read).toStrictEqual({
      type: 'function',
      function: {
        name: 'Read',
        description: 'Read contents of a file from the filesystem',
        strict: true,
        parameters: {
          type: 'object',
          properties: {
            file_path: { type: 'string', description: 'Absolute path to the file to read. At most 4096 characters.' },
            offset: { ...expected.properties.offset, type: ['integer', 'null'] },
            limit: { ...expected.properties.limit, type: ['integer', 'null'] },
          },
          required: ['file_path', 'offset', 'limit'],
          additionalProperties: false,
        },
      },
    } satisfies OpenAITool)
  })

  it('a call a model makes under it (nulls for the rest) is one the server accepts', () => {
    const ajv = new Ajv2020({ strict: false })
    const refused: string[] = []
    for (const { tool, exported } of strictTools.filter(({ exported }) => exported.strict)) {
      const check = ajv.compile(exported.parameters)
      for (const example of tool.examples ?? []) {
        const args = { ...Object.fromEntries(Object.keys(exported.parameters.properties).map((k) => [k, null])), ...example.value }
        if (!check(args)) refused.push(`${tool.name}: the strict schema refuses ${JSON.stringify(args)}: ${ajv.errorsText(check.errors)}`)
        const served = registry.get(tool.name)!.validate(args)
        if (!served.ok) refused.push(`${tool.name}: the server refuses ${JSON.stringify(args)}: ${served.error.message}`)
      }
    }
    expect(refused).toEqual([])
  })
})
