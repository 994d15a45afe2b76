import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import { XMLParser } from 'fast-xml-parser'
import { buildTestApp, type TestApp } from '../helper.js'
import { allTools } from '../../src/tools/index.js'
import { defineTool } from '../../src/tools/define.js'
import { prefersXml } from '../../src/lib/accept.js'
import { el } from '../../src/lib/xml.js'
import { fail } from '../../src/errors.js'

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', trimValues: true, parseAttributeValue: false })

const echo = defineTool({
  name: 'xml_probe',
  toolset: 'test',
  category: 'OTHER',
  scope: 'read',
  description: 'Echoes a text as XML.',
  input: Type.Object({ text: Type.String(), fail: Type.Optional(Type.Boolean()) }),
  output: Type.Object({ count: Type.Integer(), items: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String() })) }),
  escalates: true,
  execute: (args) => {
    if (args.fail) fail('NOT_FOUND', `No such thing: ${args.text}`)
    return { count: 1, items: [{ id: 7, text: args.text }] }
  },
  xml: (out) => el('probe_results', { count: out.count }, ...out.items.map((i) => el('item', { id: i.id }, i.text))),
})

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ tools: [...allTools, echo] })
})
afterAll(async () => t?.close())

describe('Accept negotiation', () => {
  it.each([
    ['application/xml', true],
    ['text/xml', true],
    ['application/json', false],
    [undefined, false],
    ['application/json, application/xml', false],
    ['application/xml;q=0.5, application/json', false],
    ['application/json;q=0.4, application/xml', true],
    ['*/*', false],
    ['application/xml, */*;q=0.8', true],
  ])('%s → xml %s', (accept, xml) => expect(prefersXml(accept as string | undefined)).toBe(xml))
})

describe('XML answers', () => {
  it('renders the tool XML, escaped, with the gateway fields in headers', async () => {
    const res = await t.call('xml_probe', { text: 'a < b & "c"' }, { headers: { accept: 'application/xml' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    expect(res.headers['x-execution-id']).toMatch(/^[0-9a-f-]{36}$/)
    const doc = parser.parse(res.body)
    expect(doc.probe_results['@count']).toBe('1')
    expect(doc.probe_results.item['@id']).toBe('7')
    expect(doc.probe_results.item['#text']).toBe('a < b & "c"')
  })

  it('keeps JSON as the default', async () => {
    const res = await t.call('xml_probe', { text: 'x' })
    expect(res.body).toMatchObject({ status: 'ok', count: 1, items: [{ id: 7, text: 'x' }] })
  })

  it('answers errors as an <error> element with the code and status', async () => {
    const res = await t.call('xml_probe', { text: 'gone', fail: true }, { headers: { accept: 'application/xml', 'x-session-id': 'xml-err' } })
    expect(res.statusCode).toBe(404)
    const doc = parser.parse(res.body)
    expect(doc.error).toMatchObject({ '@code': 'NOT_FOUND', '@status': '404', '#text': 'No such thing: gone' })
  })

  it('ignores Accept: application/xml for tools without an XML form', async () => {
    const res = await t.call('hello', { name: 'Ada' }, { headers: { accept: 'application/xml' } })
    expect(res.headers['content-type']).toMatch(/json/)
    expect(res.body.status).toBe('ok')
  })
})

describe('escalation (seed 000 §3)', () => {
  const headers = (session: string) => ({ 'x-session-id': session })

  it('answers the second consecutive error in a session with ESCALATE, keeping its status', async () => {
    const first = await t.call('xml_probe', { text: 42 }, { headers: headers('esc-1') })
    const second = await t.call('xml_probe', { text: 'c', fail: true }, { headers: headers('esc-1') })
    expect(first.body.error_code).toBe('VALIDATION_ERROR')
    expect(second.statusCode).toBe(404)
    expect(second.body).toMatchObject({ status: 'error', error_code: 'ESCALATE', details: { consecutive_errors: 2, last_error_code: 'NOT_FOUND' } })
    expect(second.body.error_message).toMatch(/escalate to the orchestrator/)
  })

  it('counts per session and resets on success', async () => {
    await t.call('xml_probe', { text: 'a', fail: true }, { headers: headers('esc-2') })
    const other = await t.call('xml_probe', { text: 'a', fail: true }, { headers: headers('esc-3') })
    expect(other.body.error_code).toBe('NOT_FOUND')
    expect((await t.call('xml_probe', { text: 'ok' }, { headers: headers('esc-2') })).body.status).toBe('ok')
    const after = await t.call('xml_probe', { text: 'a', fail: true }, { headers: headers('esc-2') })
    expect(after.body.error_code).toBe('NOT_FOUND')
  })

  it('leaves tools that do not opt in alone', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.call('Read', { file_path: 'missing.txt' }, { headers: headers('esc-4') })
      expect(res.body.error_code).toBe('FILE_NOT_FOUND')
    }
  })
})
