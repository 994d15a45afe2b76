/**
 * docs/tools.md is the tool reference generated from the registered tools, byte for byte; and the
 * renderer shows what a reader needs from a schema (types, nesting, limits, defaults) without
 * breaking the Markdown tables it writes.
 */
import fs from 'node:fs/promises'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { TOOLS_DOC_FILE, liveToolReference } from '../../scripts/docs-tools.js'
import { code, duration, limitsOf, renderToolReference, typeOf } from '../../scripts/docs-tools-render.js'
import { defineTool, type AnyTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'

const STALE = 'docs/tools.md is stale: run npm run docs:tools'

function firstDifference(committed: string, live: string): string {
  const a = committed.split('\n')
  const b = live.split('\n')
  const i = a.findIndex((line, n) => line !== b[n])
  const at = i === -1 ? a.length : i
  return `first difference at line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  live:      ${b[at] ?? '(end of file)'}`
}

describe('docs/tools.md', () => {
  it('is the reference generated from the live registry (regenerate it with npm run docs:tools)', async () => {
    const committed = await fs.readFile(TOOLS_DOC_FILE, 'utf8').catch(() => {
      throw new Error(`${STALE} (the file is missing)`)
    })
    const live = liveToolReference()
    if (committed !== live) throw new Error(`${STALE}\n${firstDifference(committed, live)}`)
    expect(committed).toBe(live)
  })

  it('has a section for every tool the server registers', async () => {
    const committed = await fs.readFile(TOOLS_DOC_FILE, 'utf8')
    const headings = [...committed.matchAll(/^### `([^`]+)`$/gm)].map((m) => m[1])
    expect(headings.sort()).toEqual(allTools.map((t) => t.name).sort())
  })
})

const sample = defineTool({
  name: 'sample_tool',
  toolset: 'test',
  category: 'TEXT',
  description: 'Counts a | b.',
  input: Type.Object({
    text: Type.String({ minLength: 1, maxLength: 10, pattern: '^a|b$', description: 'Text | more' }),
    mode: Type.Optional(Type.Union([Type.Literal('x'), Type.Literal('y')], { default: 'x' })),
    items: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1, maximum: 9 }) }), { maxItems: 5 }),
  }),
  output: Type.Object({ words: Type.Integer() }),
  scope: 'read',
  approval: 'always',
  execute: () => ({ words: 0 }),
}) as AnyTool

describe('the renderer', () => {
  const text = renderToolReference([sample])

  it('lists every parameter with its type, requiredness, default and limits, nested ones as parent[].child', () => {
    expect(text).toContain('| `text` | string | yes |  | length 1–10; pattern `^a\\|b$` | Text \\| more |')
    expect(text).toContain('| `mode` | one of `x`, `y` |  | `x` |  |  |')
    expect(text).toContain('| `items` | array of object | yes |  | items ≤ 5 |  |')
    expect(text).toContain('| `items[].id` | integer | yes |  | 1–9 |  |')
  })

  it('states scope, approval, dry run and what the tool returns', () => {
    expect(text).toContain('- toolset `test`, category `TEXT`, scope `read`, route `POST /v1/tools/sample_tool`')
    expect(text).toContain('- approval: every call is held for approval; dry run (`X-Dry-Run: true`): not supported')
    expect(text).toContain('- returns: `words`')
  })

  it("keeps every table row to the table's six columns, whatever pipes the schema holds", () => {
    const rows = text.split('\n').filter((l) => l.startsWith('| '))
    expect(rows.length).toBeGreaterThan(3)
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|').length - 2, row).toBe(6)
  })

  it('writes code spans that survive backticks and names union types', () => {
    expect(code('a`b')).toBe('``a`b``')
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null')
    expect(typeOf({ type: 'object', properties: {}, additionalProperties: { type: 'string' } })).toBe('object of string')
    expect(limitsOf({ type: 'object', properties: {}, additionalProperties: { type: 'string', maxLength: 9 } })).toEqual(['each value: length ≤ 9'])
    expect(duration(120_000)).toBe('120 s')
    expect(duration(1)).toBe('1 ms')
  })
})
