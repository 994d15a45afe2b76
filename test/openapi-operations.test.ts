/**
 * Every operation of the live OpenAPI document follows the rules generators and people rely on
 * (issue 16): an operationId and a declared tag, tool groups before the admin ones, named
 * components, a response for every status it answers with the body it documents, security where
 * a key is needed, 202 only where a call can be held, the context headers a tool reads and no
 * others, an example body per tool. The rules walk whatever is registered, so a new route or tool
 * is checked as soon as it exists; the live part calls every operation and checks its answers.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyTool } from '../src/tools/define.js'
import { buildTestApp, type TestApp } from './helper.js'

type Json = Record<string, any>
interface Operation {
  method: string
  path: string
  op: Json
  tool?: AnyTool
}

let t: TestApp
let doc: Json
let ops: Operation[]
beforeAll(async () => {
  t = await buildTestApp()
  doc = JSON.parse(JSON.stringify(t.app.swagger()))
  const tools = new Map(t.app.registry.list().map((tool) => [`/v1/tools/${tool.name}`, tool]))
  ops = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ method, path, op, tool: tools.get(path) })),
  )
})
afterAll(async () => t?.close())

const name = (o: Operation) => `${o.method.toUpperCase()} ${o.path}`
const needsKey = (o: Operation) => (o.op.security ?? doc.security ?? []).length > 0 && !(o.op.security ?? []).some((s: Json) => !Object.keys(s).length)
const schemaOf = (o: Operation, status: number | string, media = 'application/json') => o.op.responses?.[status]?.content?.[media]?.schema

describe('the live document', () => {
  it('gives every operation an operationId and tags that are declared', () => {
    const declared = new Set(doc.tags.map((tag: Json) => tag.name))
    const bad = ops.filter((o) => !o.op.operationId || !o.op.tags?.length || o.op.tags.some((tag: string) => !declared.has(tag))).map(name)
    expect(bad).toEqual([])
  })

  it('declares the tool groups first, then the others', () => {
    const toolsets = new Set(t.app.registry.list().map((tool) => tool.toolset))
    const order = doc.tags.map((tag: Json) => toolsets.has(tag.name))
    expect(order.indexOf(false)).toBeGreaterThan(0)
    expect(order.slice(order.indexOf(false))).not.toContain(true)
    expect(doc.tags.map((tag: Json) => tag.name)).toEqual(expect.arrayContaining([...toolsets]))
  })

  it('has a server, and named components only (no def-0)', () => {
    expect(doc.servers?.length).toBeGreaterThan(0)
    expect(Object.keys(doc.components.schemas).filter((k) => /^def-\d+$/.test(k))).toEqual([])
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ToolError', 'ToolPending']))
  })

  it('documents every response with words and a body (errors: the error envelope)', () => {
    const bad: string[] = []
    for (const o of ops) {
      for (const [status, response] of Object.entries(o.op.responses as Json)) {
        if (!response.description || response.description === 'Default Response') bad.push(`${name(o)} ${status}: no description`)
        const empty = status === '202' && !response.content && !o.tool
        if (!response.content && !empty) bad.push(`${name(o)} ${status}: no body schema`)
        const json = JSON.stringify(response.content?.['application/json']?.schema ?? {})
        // An error is the envelope; a readiness report stays the report it is (503: not ready).
        const report = json === JSON.stringify(schemaOf(o, 200))
        if (Number(status) >= 400 && !report && !/#\/components\/schemas\/(ToolError|JsonRpcError)/.test(json))
          bad.push(`${name(o)} ${status}: not an error envelope`)
      }
      if (!Object.keys(o.op.responses).some((s) => /^4\d\d$/.test(s))) bad.push(`${name(o)}: no 4xx`)
    }
    expect(bad).toEqual([])
  })

  it('makes no parameter with a default required (a client may leave it out)', () => {
    const bad = ops.flatMap((o) =>
      (o.op.parameters ?? []).filter((p: Json) => p.required && p.schema?.default !== undefined).map((p: Json) => `${name(o)} ${p.name}`),
    )
    expect(bad).toEqual([])
  })

  it('lists 401 wherever a key is needed', () => {
    expect(ops.filter((o) => needsKey(o) && !o.op.responses['401']).map(name)).toEqual([])
  })

  it('gives every tool an example body, its context headers only, and 202 only when a call can be held', () => {
    const bad: string[] = []
    for (const o of ops.filter((x) => x.tool)) {
      const tool = o.tool as AnyTool
      const examples = o.op.requestBody?.content?.['application/json']?.examples ?? {}
      if (!Object.keys(examples).length) bad.push(`${tool.name}: no example`)
      const headers = (o.op.parameters ?? []).filter((p: Json) => p.in === 'header').map((p: Json) => p.name)
      for (const h of ['x-post-id', 'x-thread-id'] as const) {
        if (headers.includes(h) !== Boolean(tool.contextHeaders?.includes(h)))
          bad.push(`${tool.name}: ${h} ${headers.includes(h) ? 'shown but not read' : 'read but not shown'}`)
      }
      if (Boolean(o.op.responses['202']) !== t.app.approvals.mayHold(tool)) bad.push(`${tool.name}: 202 ${o.op.responses['202'] ? 'listed' : 'missing'}`)
    }
    expect(bad).toEqual([])
    const held = ops.filter((o) => o.tool && o.op.responses['202']).map((o) => o.tool?.name)
    expect(held).toEqual(expect.arrayContaining(['write_memory_entry', 'Bash', 'shell', 'git_commit']))
    expect(held).not.toContain('Read')
  })
})

describe('every operation, called', () => {
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }))

  /** A value for a path parameter that its schema accepts. */
  const sample = (schema: Json = {}): string => String(schema.enum?.[0] ?? (schema.type === 'integer' ? (schema.minimum ?? 1) : 'probe'))
  const urlOf = (o: Operation, query = '') =>
    o.path.replace(/\{(\w+)\}/g, (_m, p) => sample(o.op.parameters?.find((x: Json) => x.in === 'path' && x.name === p)?.schema)) + query

  /** Calls `o` and checks that its status is documented and its JSON body fits the documented schema. */
  async function check(o: Operation, opts: { key?: string; body?: unknown; query?: string; accept?: string }, problems: string[]) {
    const res = await t.app.inject({
      method: o.method.toUpperCase() as 'GET',
      url: urlOf(o, opts.query),
      headers: { ...(opts.key && { authorization: `Bearer ${opts.key}` }), ...(opts.accept && { accept: opts.accept }) },
      ...(opts.body !== undefined && { payload: opts.body as object }),
    })
    const what = `${name(o)}${opts.query ?? ''} ${opts.key ? 'with a key' : 'without a key'} → ${res.statusCode}`
    if (!o.op.responses[res.statusCode]) return void problems.push(`${what}: status not documented (${res.body.slice(0, 120)})`)
    const type = String(res.headers['content-type'] ?? '').split(';')[0]
    const content = o.op.responses[res.statusCode].content
    if (content && !content[type]) return void problems.push(`${what}: ${type} not documented`)
    const schema = schemaOf(o, res.statusCode)
    if (type !== 'application/json' || !schema) return res
    const validate = ajv.compile({ ...schema, components: doc.components })
    if (!validate(res.json())) problems.push(`${what}: body does not fit the schema: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 200)}`)
    return res
  }

  it('without a key: 401 where a key is needed, and an answer otherwise', async () => {
    const problems: string[] = []
    for (const o of ops) {
      const res = await check(o, { accept: 'application/json, text/event-stream' }, problems)
      if (res && needsKey(o) !== (res.statusCode === 401))
        problems.push(`${name(o)} without a key → ${res.statusCode}, security says ${needsKey(o) ? '' : 'no '}key`)
    }
    expect(problems).toEqual([])
  })

  it('with an admin key, each non-tool operation as it comes and each tool with an unknown parameter', async () => {
    const problems: string[] = []
    for (const o of ops) {
      const examples = o.op.requestBody?.content?.['application/json']?.examples
      const body = o.tool ? { no_such_parameter: 1 } : (Object.values(examples ?? {})[0] as Json | undefined)?.value
      const res = await check(o, { key: t.adminKey, body }, problems)
      if (o.tool && res && res.statusCode !== 400) problems.push(`${name(o)}: an unknown parameter → ${res.statusCode}`)
    }
    expect(problems).toEqual([])
  })

  it('read-only tools run their examples and answer what the document says', async () => {
    const problems: string[] = []
    const readOnly = ops.filter((o) => o.tool?.annotations?.readOnlyHint && !o.tool.annotations.openWorldHint)
    expect(readOnly.length).toBeGreaterThan(10)
    for (const o of readOnly) {
      for (const example of Object.values(o.op.requestBody.content['application/json'].examples as Json)) {
        await check(o, { key: t.adminKey, body: example.value }, problems)
      }
    }
    expect(problems).toEqual([])
  })

  it('refuses a NUL character in any query with a documented 400', async () => {
    const problems: string[] = []
    for (const o of ops) {
      const res = await check(o, { key: t.adminKey, query: '?probe=%00', body: o.tool ? {} : undefined }, problems)
      if (res && res.statusCode !== 400) problems.push(`${name(o)}?probe=%00 → ${res.statusCode}`)
    }
    expect(problems).toEqual([])
  })
})

describe('the document follows the configuration it is built with', () => {
  let configured: TestApp
  beforeAll(async () => {
    configured = await buildTestApp({ env: { TOOLGATE_APPROVAL_REQUIRED: 'Read,@glossary', TOOLGATE_METRICS_PUBLIC: 'true' } })
  })
  afterAll(async () => configured?.close())

  it('lists 202 on the tools TOOLGATE_APPROVAL_REQUIRED holds, and no key on /metrics when it is public', () => {
    const live = JSON.parse(JSON.stringify(configured.app.swagger()))
    expect(live.paths['/v1/tools/Read'].post.responses['202']).toBeDefined()
    expect(live.paths['/v1/tools/glossary_search'].post.responses['202']).toBeDefined()
    expect(live.paths['/v1/tools/Glob'].post.responses['202']).toBeUndefined()
    expect(live.paths['/metrics'].get.security).toEqual([])
    expect(live.paths['/metrics'].get.responses['401']).toBeUndefined()
    expect(doc.paths['/metrics'].get.security).toEqual([{ bearerAuth: [] }])
  })
})
