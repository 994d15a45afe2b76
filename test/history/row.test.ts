/**
 * History rows as they are queued: a bounded, redacted copy of what the call carried, in the
 * seven columns that can hold free text and in no other, made storable for Postgres (no NUL, no
 * half of a surrogate pair) when encoded for the database.
 */
import { describe, expect, it, vi } from 'vitest'
import { cleanPatch, executionRow, storableJson, type ExecutionRecord } from '../../src/history/row.js'
import { createRedactor } from '../../src/redaction/index.js'
import { j } from '../support/secret-cases.js'
import { executionRecord } from '../support/execution-record.js'

const redactor = createRedactor()
/** A jsonb column as the database receives it, parsed back; null for SQL NULL. */
const json = (v: unknown) => (v === null ? null : JSON.parse(storableJson(v)))

describe('executionRow', () => {
  it('keeps a clean record as it is, with the instance that wrote it', () => {
    const rec = executionRecord({ requestId: 'req-1', error: 'two\nlines\tand a \\ backslash' })
    const row = executionRow(rec, 'instance-1', redactor)
    expect({ ...row, params: json(row.params), result: json(row.result), messages: json(row.messages) }).toEqual({ ...rec, instance: 'instance-1' })
    expect(row.usage).toBeNull()
  })

  it('redacts arguments, results, messages, context headers and error text, and nothing else', () => {
    const token = j('ghp_', 'FAKEfakeFAKEfake0123456789abcdefABCD')
    const rec = executionRecord({
      params: { name: 'x', password: 'hunter2' },
      result: { echoed: `push with ${token}` },
      messages: [`token ${token}`],
      sessionId: `session ${token}`,
      agentId: `agent ${token}`,
      requestId: `req ${token}`,
      error: `failed with ${token}`,
      callerName: 'plain name',
      usage: { total_tokens: 5 },
    })
    const row = executionRow(rec, 'i', redactor)
    expect(JSON.stringify({ ...row, params: json(row.params), result: json(row.result), messages: json(row.messages) })).not.toContain(token)
    expect(json(row.params)).toEqual({ name: 'x', password: '[REDACTED]' })
    expect(json(row.result)).toEqual({ echoed: 'push with [REDACTED:github_token]' })
    expect(json(row.messages)).toEqual(['token [REDACTED:github_token]'])
    expect(row).toMatchObject({
      sessionId: 'session [REDACTED:github_token]',
      agentId: 'agent [REDACTED:github_token]',
      requestId: 'req [REDACTED:github_token]',
      error: 'failed with [REDACTED:github_token]',
      callerName: 'plain name',
      tool: 'hello',
      callerId: 'key_0a1b',
    })
    expect(json(row.usage)).toEqual({ total_tokens: 5 })
  })

  it('is a copy: changing the record afterwards changes nothing queued', () => {
    const params = { name: 'before' }
    const row = executionRow(executionRecord({ params }), 'i', redactor)
    params.name = 'after'
    expect(json(row.params)).toEqual({ name: 'before' })
  })

  it('replaces what Postgres cannot hold (NUL, half a surrogate pair) with U+FFFD, in values and keys', () => {
    const row = executionRow(
      executionRecord({ params: { 'a\u0000': { '\ud800': 'x\u0000y' } }, error: 'nul\u0000 and \udc00', sessionId: 'ok 😀' }),
      'i',
      redactor,
    )
    expect(json(row.params)).toEqual({ 'a\uFFFD': { '\uFFFD': 'x\uFFFDy' } })
    expect(row.error).toBe('nul\uFFFD and \uFFFD')
    expect(row.sessionId).toBe('ok 😀')
  })

  it('writes what JSON cannot hold (a cycle, a BigInt) through the redactor', () => {
    const cyclic: Record<string, unknown> = { n: 10n }
    cyclic.self = cyclic
    expect(json(executionRow(executionRecord({ params: cyclic }), 'i', redactor).params)).toEqual({ n: '10', self: '[Circular]' })
  })

  it('keeps a bounded copy of a huge result', () => {
    const row = executionRow(executionRecord({ result: { text: 'x '.repeat(500_000) } }), 'i', redactor)
    const text = json(row.result).text as string
    expect(text.length).toBeGreaterThan(2000)
    expect(text.length).toBeLessThan(2100)
    expect(text).toMatch(/characters cut\]$/)
  })

  it('keeps a preview of the result, its metadata whole, but more of the arguments', () => {
    const text = 'y '.repeat(20_000)
    const metadata = { exit_code: 3, path: 'src/app.ts', truncated: false }
    const row = executionRow(executionRecord({ params: { content: text }, result: { output: text, entries: Array(5000).fill('f'), metadata } }), 'i', redactor)
    expect(json(row.params).content).toBe(text)
    const result = json(row.result) as { output: string; entries: string[]; metadata: unknown }
    expect(result.output.length).toBeGreaterThan(2000)
    expect(result.output.length).toBeLessThan(2100)
    expect(result.output).toMatch(/^(y )+…\[\d+ characters cut\]$/)
    expect(result.entries.length).toBeLessThanOrEqual(201)
    expect(result.metadata).toEqual(metadata)
    expect(storableJson(row.result).length).toBeLessThan(5000)
  })
})

describe('cleanPatch', () => {
  it("keeps more of a held call's result than of an answered one's: its caller reads it here", () => {
    const output = 'word '.repeat(8000)
    const kept = (result: unknown) => ((result as { output: string }).output.match(/^((?:word )+)…\[\d+ characters cut\]$/)?.[1] ?? '').length
    expect(kept(cleanPatch({ status: 'ok', result: { output } }, redactor).result)).toBe(16_380)
    expect(kept(executionRow(executionRecord({ result: { output } }), 'i', redactor).result)).toBe(2045)
  })

  it('cleans only the fields a patch carries', () => {
    const token = j('ghp_', 'FAKEfakeFAKEfake0123456789abcdefABCD')
    const patch: Partial<ExecutionRecord> = { status: 'rejected', error: `by ${token}` }
    expect(cleanPatch(patch, redactor)).toEqual({ status: 'rejected', error: 'by [REDACTED:github_token]' })
  })
})

describe('storableJson', () => {
  it('replaces NUL and lone surrogates, also after backslashes, and leaves escaped backslashes alone', () => {
    expect(JSON.parse(storableJson({ a: 'x\\\u0000y', b: '\\\\\ud800', '\u0000k': 1 }))).toEqual({ a: 'x\\\uFFFDy', b: '\\\\\uFFFD', '\uFFFDk': 1 })
    // A Windows path's `\u…` and `\ud…` are text, not escapes: the batch is encoded once, untouched.
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const clean = { path: 'C:\\udata\\u0000x', list: ['\\\\ud800'] }
      expect(storableJson(clean)).toBe(JSON.stringify(clean))
      expect(parse).not.toHaveBeenCalled()
    } finally {
      parse.mockRestore()
    }
  })

  it('writes a BigInt anywhere in a batch as its digits, and still refuses a cycle', () => {
    expect(
      storableJson([
        { id: 'a', usage: { tokens: 12345678901234567890n } },
        { id: 'b', n: 1 },
      ]),
    ).toBe('[{"id":"a","usage":{"tokens":"12345678901234567890"}},{"id":"b","n":1}]')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => storableJson([cyclic])).toThrow(TypeError)
  })

  it('is JSON null for what JSON cannot say', () => {
    expect(storableJson(() => 1)).toBe('null')
    expect(storableJson(Symbol('s'))).toBe('null')
    expect(storableJson(Number.NaN)).toBe('null')
  })
})
