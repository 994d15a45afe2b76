/**
 * `mayRedact`, the history writer's quick look: whenever it says "nothing to redact", redacting
 * really changes nothing. It may send clean text the long way; it must never wave a secret through.
 */
import { describe, expect, it } from 'vitest'
import { createRedactor } from '../../src/redaction/index.js'
import { cases, j } from '../support/secret-cases.js'

const r = createRedactor()

const SENSITIVE_NAMES = [
  'password',
  'PASSWORD',
  'pwd',
  'p-w-d',
  'P.W.D',
  'pass word',
  'clientSecret',
  'client-secret',
  'refresh-token',
  'apiKey',
  'API_KEY',
  'a-p-i-k-e-y',
  'X-API-Key',
  'Authorization',
  'auth',
  'Set-Cookie',
  'credentials',
  'OAuthToken',
  'db_password',
  'webhook_secret',
  'secret_key',
]

const values: unknown[] = [
  { name: 'bench' },
  { message: 'Hello, bench!', timestamp: '2026-11-24T01:52:22Z' },
  [],
  ['plain', 1, true, null, { nested: [{ deeper: 'text' }] }],
  'a plain sentence of words',
  { path: 'docs/readme.md', content: 'line one\nline two', encoding: 'utf-8' },
  ...cases.map((c) => ({ note: c.text.replace('%s', c.secret) })),
  ...cases.map((c) => c.text.replace('%s', c.secret).replace(/\n/g, ' ')),
  ...SENSITIVE_NAMES.map((name) => ({ outer: { [name]: 'value-that-is-not-a-pattern' } })),
  JSON.parse(j('{"p', '\\u0001', 'wd": "escaped control character in a key"}')),
  JSON.parse(j('{"to', '\\t', 'ken": "tab in a key"}')),
]

function nested(depth: number): unknown {
  let v: unknown = { leaf: 'bottom' }
  for (let i = 0; i < depth; i++) v = { next: v }
  return v
}

describe('mayRedact', () => {
  it('never answers "nothing to redact" for JSON that redaction would change', () => {
    for (const v of [...values, nested(19), nested(25)]) {
      const text = typeof v === 'string' ? v : JSON.stringify(v)
      if (!r.mayRedact(text)) expect(r.redact(v), text).toEqual(v)
    }
  })

  it('sees every planted secret, in JSON and in plain text', () => {
    for (const c of cases) {
      const text = c.text.replace('%s', c.secret)
      expect(r.mayRedact(text), c.kind).toBe(true)
      expect(r.mayRedact(JSON.stringify({ note: text })), c.kind).toBe(true)
    }
  })

  it('sees sensitive field names however they are spelt, even split by separators', () => {
    for (const name of SENSITIVE_NAMES) expect(r.mayRedact(JSON.stringify({ [name]: 'v' })), name).toBe(true)
  })

  it('takes any escape, and nesting deeper than a redacted copy keeps, the long way', () => {
    expect(r.mayRedact(JSON.stringify({ text: 'a "quoted" word' }))).toBe(true)
    expect(r.mayRedact(JSON.stringify(nested(25)))).toBe(true)
    expect(r.redact(nested(25))).not.toEqual(nested(25))
  })

  it('lets plain arguments and results through', () => {
    expect(r.mayRedact('{"name":"bench"}')).toBe(false)
    expect(r.mayRedact('{"message":"Hello, bench!","timestamp":"2026-11-24T01:52:22Z"}')).toBe(false)
    expect(r.mayRedact('[]')).toBe(false)
    expect(r.mayRedact(JSON.stringify(nested(10)))).toBe(false)
  })

  it('knows extra field names, and runs every string past extra patterns', () => {
    const fields = createRedactor({ extraFields: ['license-code'] })
    expect(fields.mayRedact('{"License.Code":"x"}')).toBe(true)
    expect(fields.mayRedact('{"name":"bench"}')).toBe(false)
    const patterns = createRedactor({ extraPatterns: [{ name: 'acme_key', regex: /acme-[0-9a-f]{16}/ }] })
    expect(patterns.mayRedact('{"name":"bench"}')).toBe(true)
  })
})
