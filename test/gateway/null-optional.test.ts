/**
 * Issue 16: explicit `null` for an optional parameter (seed 003's `None`) is accepted and treated
 * as absent, for every tool, at any depth the schema describes; every served input schema is
 * closed (`additionalProperties: false`); no required parameter has a default.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineTool, type AnyTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { createRegistry } from '../../src/tools/registry.js'
import { buildTestApp, type TestApp } from '../helper.js'

type Schema = Record<string, any>

const probe = defineTool({
  name: 'null_probe',
  toolset: 'test',
  category: 'OTHER',
  description: 'Echoes its arguments (test only).',
  input: Type.Object({
    need: Type.String(),
    mode: Type.Optional(Type.String({ enum: ['a', 'b'], default: 'a' })),
    keep: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    items: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), note: Type.Optional(Type.String()) }))),
    inner: Type.Optional(Type.Object({ depth: Type.Optional(Type.Integer({ default: 1 })) })),
  }),
  output: Type.Object({}),
  scope: 'read',
  execute: () => ({}),
}) as AnyTool

const registry = createRegistry([...allTools, probe])
const validate = (tool: string, args: unknown) => registry.get(tool)!.validate(args)

describe('null for an optional parameter is absent', () => {
  it('drops it before validation, so the default applies; a required one stays an error', () => {
    expect(validate('null_probe', { need: 'x', mode: null })).toEqual({ ok: true, value: { need: 'x', mode: 'a' } })
    const required = validate('null_probe', { need: null })
    expect(required).toMatchObject({ ok: false, error: { message: 'Invalid type for need: expected string' } })
  })

  it('keeps null where the schema itself accepts it', () => {
    expect(validate('null_probe', { need: 'x', keep: null })).toMatchObject({ ok: true, value: { keep: null } })
  })

  it('applies inside objects and arrays of objects, without touching what the caller sent', () => {
    const args = { need: 'x', items: [{ id: 1, note: null }, { id: 2 }], inner: { depth: null } }
    const sent = structuredClone(args)
    expect(validate('null_probe', args)).toEqual({ ok: true, value: { need: 'x', mode: 'a', items: [{ id: 1 }, { id: 2 }], inner: { depth: 1 } } })
    expect(args).toEqual(sent)
  })

  it('still refuses an unknown parameter, null or not', () => {
    const unknown = validate('null_probe', { need: 'x', nope: null })
    expect(unknown.ok).toBe(false)
    if (!unknown.ok) expect(unknown.error.message).toMatch(/^Unknown parameter: nope/)
  })

  it('holds for every optional parameter of every tool', () => {
    const refused: string[] = []
    for (const tool of registry.list()) {
      const schema = tool.input as Schema
      const base = (tool.examples?.[0]?.value ?? { need: 'x' }) as Record<string, unknown>
      const optional = Object.keys(schema.properties ?? {}).filter((p) => !(schema.required ?? []).includes(p))
      for (const name of optional) {
        const checked = validate(tool.name, { ...base, [name]: null })
        if (!checked.ok) refused.push(`${tool.name}.${name}: ${checked.error.message}`)
        else if (checked.value[name] === null && !acceptsNull(schema.properties[name])) refused.push(`${tool.name}.${name} kept null`)
      }
    }
    expect(refused).toEqual([])
  })
})

const acceptsNull = (s: Schema): boolean =>
  s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')) || (s.anyOf ?? []).some(acceptsNull) || (s.oneOf ?? []).some(acceptsNull)

/** Every object schema in `s` that names properties, with where it is. */
function objectsIn(s: unknown, at: string, out: { at: string; schema: Schema }[] = []) {
  if (typeof s !== 'object' || s === null) return out
  const schema = s as Schema
  if (typeof schema.properties === 'object') out.push({ at, schema })
  for (const [k, sub] of Object.entries(schema.properties ?? {})) objectsIn(sub, `${at}.${k}`, out)
  if (schema.items) objectsIn(schema.items, `${at}[]`, out)
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const [i, sub] of (schema[key] ?? []).entries()) objectsIn(sub, `${at}.${key}[${i}]`, out)
  return out
}

describe('served input schemas', () => {
  it('say additionalProperties: false on every object with named properties (free-form maps say what they take)', () => {
    const open = registry
      .list()
      .flatMap((tool) => objectsIn(tool.input, tool.name))
      .filter(({ schema }) => schema.additionalProperties !== false && !(Object.keys(schema.properties).length === 0 && schema.additionalProperties))
      .map(({ at }) => at)
    expect(open).toEqual([])
  })

  it('have no required parameter with a default (a default makes it optional)', () => {
    const both = registry.list().flatMap((tool) => {
      const schema = tool.input as Schema
      return (schema.required ?? []).filter((p: string) => schema.properties?.[p]?.default !== undefined).map((p: string) => `${tool.name}.${p}`)
    })
    expect(both).toEqual([])
  })
})

describe("seed 003's None over HTTP", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
    await fs.writeFile(path.join(t.workspace, 'notes.txt'), 'one\ntwo\n')
  })
  afterAll(async () => t?.close())

  it('shell cwd and timeout, fs_read encoding, summarize style (and no max_tokens) run', async () => {
    const shell = await t.call('shell', { command: 'echo hi', cwd: null, timeout: null })
    expect(shell.statusCode, JSON.stringify(shell.body)).toBe(200)
    expect(shell.body).toMatchObject({ success: true, output: expect.stringContaining('hi') })
    const read = await t.call('fs_read', { path: 'notes.txt', encoding: null })
    expect(read.statusCode, JSON.stringify(read.body)).toBe(200)
    expect(read.body.output).toContain('two')
    const summary = await t.call('summarize', { text: 'One sentence here. Another sentence there. A third one.', style: null })
    expect(summary.statusCode, JSON.stringify(summary.body)).toBe(200)
  })

  it('http headers, params, json and data pass validation', () => {
    expect(validate('http', { url: 'https://example.com', headers: null, params: null, json: null, data: null, timeout: null })).toEqual({
      ok: true,
      value: { url: 'https://example.com', method: 'GET', timeout: 20 },
    })
  })
})
