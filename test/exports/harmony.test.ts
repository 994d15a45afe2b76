/**
 * The Harmony export: the exact text for a fixture tool with every kind of constraint and for the
 * real validator tools, the seed's constraints on the real notebook tools, namespaces and the
 * recipient → tool map, the alain instructions section, and the route's text/plain and JSON forms
 * with the toolset filter.
 */
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportNameMap, exportTools, harmonyDeveloperMessage, harmonyNameMap, harmonyNameOf, harmonyToolsSection, toHarmony } from '../../src/exports/index.js'
import { wantsJson } from '../../src/routes/schemas.js'
import { allTools } from '../../src/tools/index.js'
import { StringEnum } from '../../src/tools/schema.js'
import { validatorTools } from '../../src/tools/validator/index.js'
import { buildTestApp, type TestApp } from '../helper.js'
import { ALL, Empty, NoteAdd, Read, Validate, tool } from './fixtures.js'

const EVERY_KIND = tool(
  'demo.every_kind',
  'Shows every kind of constraint.\nSecond line.',
  Type.Object({
    title: Type.String({ description: 'Step title', pattern: '^Step [0-9]+: .+' }),
    body: Type.String({ minLength: 300, maxLength: 5000 }),
    count: Type.Integer({ description: 'How many', minimum: 1, maximum: 10 }),
    ratio: Type.Optional(Type.Number({ minimum: 0.3, maximum: 0.8, default: 0.5 })),
    level: Type.Optional(StringEnum(['low', 'high'], { default: 'low', description: 'Effort' })),
    mode: Type.Union([Type.Literal('fast'), Type.Literal('full')]),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 10 }), { default: [], minItems: 1, maxItems: 5, uniqueItems: true })),
    callouts: Type.Array(Type.Object({ type: StringEnum(['tip', 'note']), message: Type.String({ minLength: 50 }) }), { minItems: 3 }),
    when: Type.Optional(Type.String({ format: 'date-time' })),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    flags: Type.Optional(Type.Array(StringEnum(['a', 'b']))),
    verbose: Type.Optional(Type.Boolean({ default: false })),
    'dash-key': Type.Optional(Type.String()),
    nested: Type.Optional(Type.Object({ inner: Type.Object({ depth: Type.Integer({ minimum: 0 }) }) })),
  }),
)

const EVERY_KIND_TEXT = `// Shows every kind of constraint.
// Second line.
type every_kind = (_: {
// Step title
// pattern: ^Step [0-9]+: .+
title: string,
// minLength: 300
// maxLength: 5000
body: string,
// How many
// type: integer
// minimum: 1
// maximum: 10
count: number,
// minimum: 0.3
// maximum: 0.8
ratio?: number, // default: 0.5
// Effort
level?: "low" | "high", // default: low
mode: "fast" | "full",
// minItems: 1
// maxItems: 5
// uniqueItems: true
// items.minLength: 10
tags?: string[], // default: []
// minItems: 3
callouts: {
    type: "tip" | "note",
    // minLength: 50
    message: string,
    }[],
// format: date-time
when?: string,
note?: string | null,
flags?: ("a" | "b")[],
verbose?: boolean, // default: false
"dash-key"?: string,
nested?: {
    inner: {
        // type: integer
        // minimum: 0
        depth: number,
        },
    },
}) => any;`

/** Seed 000 §3, verbatim. */
const SEED_INSTRUCTIONS = [
  '- **General guidance:** “Always call `notebook.add_dependency` before referencing a package in code. All sections must include both markdown explanations and runnable code. Use `notebook.finalize` exactly once per run.”',
  '- **Validator guidance:** “If `validator.run_quality` returns `meetsStandards = false`, revise the offending sections before proceeding. If Colab issues persist after auto-fix, halt generation and request human review.”',
  '- **Error handling:** instruct the model to avoid retry loops; after two consecutive `status = "error"` responses for the same tool, escalate to the orchestrator.',
].join('\n')

const VALIDATOR_SECTION = `## validator

namespace validator {

// ${validatorTools[0].description}
type run_quality = (_: {
notebook_path: string,
}) => any;

// ${validatorTools[1].description}
type run_colab = (_: {
notebook_path: string,
}) => any;

} // namespace validator`

/** The same section as served: the registry adds the path limit (PATH_MAX) the validator enforces. */
const SERVED_VALIDATOR_SECTION = VALIDATOR_SECTION.replaceAll('notebook_path: string,', '// maxLength: 4096\nnotebook_path: string,')

describe('rendering', () => {
  it('a tool with every kind of constraint, exactly', () => {
    expect(toHarmony(EVERY_KIND)).toEqual({
      namespace: 'demo',
      function: 'every_kind',
      recipient: 'demo.every_kind',
      tool: 'demo.every_kind',
      definition: EVERY_KIND_TEXT,
    })
  })

  it('the real validator tools, exactly, after the alain instructions', () => {
    expect(harmonyDeveloperMessage(validatorTools)).toBe(`# Instructions\n\n${SEED_INSTRUCTIONS}\n\n# Tools\n\n${VALIDATOR_SECTION}`)
  })

  it("the real notebook tools carry the seed's constraints as comments", () => {
    const text = harmonyToolsSection(allTools.filter((t) => t.name.startsWith('notebook.')))
    expect(text.startsWith('# Tools\n\n## notebook\n\nnamespace notebook {\n\n')).toBe(true)
    expect(text.endsWith('\n\n} // namespace notebook')).toBe(true)
    for (const fn of ['add_dependency', 'emit_markdown_step', 'emit_code_cell', 'record_assessment', 'finalize']) {
      expect(text).toContain(`type ${fn} = (_: {\n`)
    }
    for (const piece of [
      '// pattern: ^Step [0-9]+: .+\ntitle: string,',
      '// minLength: 300\nbody: string,',
      'prerequisites_check?: string[], // default: []',
      '// type: integer\n// minimum: 600\n// maximum: 2200\nestimated_tokens: number,',
      'manager: "pip" | "conda" | "apt",',
      '// minItems: 3\ncallouts: {\n    type: "tip" | "warning" | "note",\n    // minLength: 50\n    message: string,\n    }[],',
      '// minItems: 3\n    // items.minLength: 10\n    options: string[],',
      '// minimum: 5\n// maximum: 90\nreading_time_minutes: number,',
      'language: "python",',
      '// pattern: ^([0-9]+\\.)*[0-9]+(-[A-Za-z0-9]+)?$\nversion: string,',
    ])
      expect(text).toContain(piece)
  })

  it('functions without parameters, undotted names in `functions`, namespaces in first-appearance order', () => {
    expect(harmonyToolsSection([Empty, Validate, Read])).toBe(`# Tools

## functions

namespace functions {

// No arguments
type ping = () => any;

// Read contents of a file from the filesystem
type Read = (_: {
// Absolute path to the file to read
file_path: string,
// Line number to start reading from
// type: integer
// minimum: 0
offset?: number,
// Maximum number of lines to read
// type: integer
// minimum: 1
// maximum: 10000
limit?: number,
}) => any;

} // namespace functions

## validator

namespace validator {

// Run quality checks
type run_quality = (_: {
level: "fast" | "full",
}) => any;

} // namespace validator`)
    // $refs are inlined as for the other formats
    expect(toHarmony(NoteAdd).definition).toBe(
      '// Add a dependency to a notebook\ntype add_dependency = (_: {\nnotebook: string,\nref: {\n    name: string,\n    version?: string,\n    },\n}) => any;',
    )
  })

  it('no instructions without a toolset that has some', () => {
    expect(harmonyDeveloperMessage([Read]).startsWith('# Tools\n\n## functions\n')).toBe(true)
    expect(harmonyDeveloperMessage([])).toBe('')
  })
})

describe('names', () => {
  it('dotted names become namespace and function; undotted go in functions', () => {
    expect(harmonyNameOf('notebook.add_dependency')).toEqual({ namespace: 'notebook', function: 'add_dependency', recipient: 'notebook.add_dependency' })
    expect(harmonyNameOf('Read')).toEqual({ namespace: 'functions', function: 'Read', recipient: 'functions.Read' })
    expect(harmonyNameOf('a.b.c')).toEqual({ namespace: 'a.b', function: 'c', recipient: 'a.b.c' })
  })

  it('the map sends every recipient back to its tool; exportNameMap and exportTools agree', () => {
    const map = {
      'functions.Read': 'Read',
      'functions.Bash': 'Bash',
      'notebook.add_dependency': 'notebook.add_dependency',
      'validator.run_quality': 'validator.run_quality',
      'functions.ping': 'ping',
    }
    expect(harmonyNameMap(ALL)).toEqual(map)
    expect(exportNameMap('harmony', ALL)).toEqual(map)
    expect((exportTools('harmony', ALL) as Array<{ recipient: string; tool: string }>).map((x) => [x.recipient, x.tool])).toEqual(Object.entries(map))
  })

  it('refuses two tools that would share a recipient', () => {
    const clash = [tool('x', 'one', Type.Object({})), tool('functions.x', 'two', Type.Object({}))]
    expect(() => harmonyNameMap(clash)).toThrow('tools "x" and "functions.x" would both be called as functions.x in Harmony')
    expect(() => harmonyDeveloperMessage(clash)).toThrow(/both be called/)
  })
})

describe('content negotiation', () => {
  it('JSON only when application/json is asked for at least as highly as text/plain', () => {
    expect(wantsJson('application/json')).toBe(true)
    expect(wantsJson('application/json, text/plain, */*')).toBe(true)
    expect(wantsJson('text/plain, application/json;q=0.5')).toBe(false)
    expect(wantsJson('text/*;q=0.9, application/json;q=0.9')).toBe(true)
    expect(wantsJson('application/json;q=0')).toBe(false)
    expect(wantsJson('*/*')).toBe(false)
    expect(wantsJson(undefined)).toBe(false)
  })
})

describe('GET /v1/schemas/harmony', () => {
  let t: TestApp
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => t?.close())

  it('text/plain by default: the whole developer message, instructions included', async () => {
    const res = await get('/v1/schemas/harmony')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    const tools = t.app.registry.list()
    expect(res.body).toBe(harmonyDeveloperMessage(tools))
    expect(res.body.startsWith(`# Instructions\n\n${SEED_INSTRUCTIONS}\n\n# Tools\n\n## functions\n\nnamespace functions {\n`)).toBe(true)
    expect(res.body).toContain(`\n\n${SERVED_VALIDATOR_SECTION}`)
    // the served text shows the limits of the served schemas (hello's name: NAME_MAX)
    expect(res.body).toContain('// Name to greet\n// maxLength: 256\nname?: string, // default: "World"\n')
    expect(res.body).toContain('type NotebookEdit = (_: {\n')
    const map = JSON.parse(res.headers['x-tool-name-map'] as string)
    expect(map).toMatchObject({ 'functions.Read': 'Read', 'functions.NotebookEdit': 'NotebookEdit', 'validator.run_colab': 'validator.run_colab' })
    expect(Object.keys(map)).toHaveLength(tools.length)
  })

  it('?toolset=alain: instructions and the alain namespaces only; ?toolset=claude: no instructions', async () => {
    const alain = await get('/v1/schemas/harmony?toolset=alain')
    expect(alain.body.startsWith(`# Instructions\n\n${SEED_INSTRUCTIONS}\n\n# Tools\n\n`)).toBe(true)
    expect(alain.body.endsWith(SERVED_VALIDATOR_SECTION)).toBe(true)
    expect(alain.body).not.toContain('namespace functions')
    const claude = await get('/v1/schemas/harmony?toolset=claude')
    expect(claude.body.startsWith('# Tools\n\n## functions\n\nnamespace functions {\n')).toBe(true)
    expect(claude.body).not.toContain('# Instructions')
    expect(claude.body.endsWith('} // namespace functions')).toBe(true)
    const nope = await get('/v1/schemas/harmony?toolset=nope')
    expect(nope.statusCode).toBe(400)
    expect(nope.json().error_code).toBe('VALIDATION_ERROR')
  })

  it('JSON {format, developer_message, name_map} for Accept: application/json and ?include=name_map', async () => {
    const text = (await get('/v1/schemas/harmony?toolset=alain')).body
    for (const res of [
      await get('/v1/schemas/harmony?toolset=alain', { accept: 'application/json' }),
      await get('/v1/schemas/harmony?toolset=alain&include=name_map'),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      const body = res.json()
      expect(Object.keys(body)).toEqual(['format', 'developer_message', 'name_map'])
      expect(body.format).toBe('harmony')
      expect(body.developer_message).toBe(text)
      expect(body.name_map).toMatchObject({ 'validator.run_quality': 'validator.run_quality', 'notebook.finalize': 'notebook.finalize' })
    }
    const preferText = await get('/v1/schemas/harmony', { accept: 'text/plain, application/json;q=0.5' })
    expect(preferText.headers['content-type']).toBe('text/plain; charset=utf-8')
  })

  it('the other formats are unchanged, and harmony is listed among them', async () => {
    const openai = await get('/v1/schemas/openai?toolset=alain', { accept: 'application/json' })
    expect(Array.isArray(openai.json())).toBe(true)
    expect(openai.json().map((x: any) => x.function.name)).toContain('validator__run_quality')
    const bad = await get('/v1/schemas/gemini')
    expect(bad.json().error_message).toBe("Invalid value for format: must be one of ['openai', 'anthropic', 'langchain', 'mcp', 'harmony']")
  })
})
