/**
 * History rows as lines of COPY text: written whole by the thread that answered, redacted by the
 * writer, which hands a line with nothing to redact on untouched and otherwise redacts exactly the
 * columns that carry free text.
 */
import { describe, expect, it } from 'vitest'
import { EXECUTION_COLUMNS, copyRow, lineId, redactLine, type ExecutionRecord } from '../../src/history/row.js'
import { copyJson, copyText, fromCopyText } from '../../src/db/copy-text.js'
import { createRedactor } from '../../src/redaction/index.js'
import { j } from '../support/secret-cases.js'
import { executionRecord } from '../support/execution-record.js'

const redactor = createRedactor()
const fields = (line: string) => Object.fromEntries(line.split('\t').map((f, i) => [EXECUTION_COLUMNS[i], fromCopyText(f)]))

describe('copyRow', () => {
  it('writes one field per column, in EXECUTION_COLUMNS order', () => {
    const rec = executionRecord({ requestId: 'req-1', error: 'two\nlines\tand a \\ backslash' })
    const line = copyRow(rec, 'host:1', redactor, '{"message":"Hello, bench!"}')
    expect(line).not.toMatch(/\n/)
    expect(fields(line)).toEqual({
      params: '{"name":"bench"}', result: '{"message":"Hello, bench!"}', messages: '[]', session_id: null, agent_id: null,
      request_id: 'req-1', error: 'two\nlines\tand a \\ backslash', id: rec.id, tool: 'hello', toolset: 'booster', transport: 'rest',
      caller_id: 'key_0a1b', caller_name: 'ci bot', status: 'ok', http_status: '200', error_code: null, dry_run: '0', usage: null,
      duration_ms: '3', started_at: '2026-11-24T01:52:22.345Z', completed_at: '2026-11-24T01:52:22.345Z', instance: 'host:1',
    })
    expect(lineId(line)).toBe(rec.id)
  })

  it('writes a null result as SQL NULL, serialized or not, so that the writer never changes it', () => {
    for (const line of [copyRow(executionRecord({ result: null }), 'host:1', redactor, 'null'), copyRow(executionRecord({ result: null }), 'host:1', redactor)]) {
      expect(fields(line).result).toBeNull()
      expect(redactLine(line, redactor)).toBe(line)
    }
    // Through the long way (a keyword elsewhere in the line) it stays SQL NULL too.
    const long = copyRow(executionRecord({ result: null, params: { q: 'token' } }), 'host:1', redactor, 'null')
    expect(fields(redactLine(long, redactor)).result).toBeNull()
  })

  it('writes what JSON cannot hold (a cycle, a BigInt) through the redactor', () => {
    const cyclic: Record<string, unknown> = { n: 10n }
    cyclic.self = cyclic
    expect(fields(copyRow(executionRecord({ params: cyclic }), 'host:1', redactor)).params).toBe('{"n":"10","self":"[Circular]"}')
  })
})

describe('redactLine', () => {
  it('hands a line with nothing to redact on as it is, escapes and all', () => {
    for (const rec of [executionRecord(), executionRecord({ error: 'C:\\tmp\nnot found', params: { q: 'say "hi"' }, sessionId: 's-1' })]) {
      const line = copyRow(rec, 'host:1', redactor)
      expect(redactLine(line, redactor)).toBe(line)
    }
  })

  it('redacts arguments, results, messages, context headers and error text, and nothing else', () => {
    const token = j('ghp_', 'FAKEfakeFAKEfake0123456789abcdefABCD')
    const rec = executionRecord({
      params: { name: 'x', password: 'hunter2' }, result: { echoed: `push with ${token}` }, messages: [`token ${token}`],
      sessionId: `session ${token}`, agentId: 'agent-7', requestId: `req ${token}`, error: `failed with ${token}`,
      callerName: 'plain name', usage: { tokens: 5 },
    })
    const line = copyRow(rec, 'host:1', redactor)
    const out = redactLine(line, redactor)
    expect(out).not.toContain(token)
    expect(out).not.toContain('hunter2')
    const got = fields(out)
    expect(got).toEqual({
      ...fields(line),
      params: fromCopyText(copyJson({ name: 'x', password: '[REDACTED]' })),
      result: fromCopyText(copyJson(redactor.redact(rec.result))),
      messages: fromCopyText(copyJson(redactor.redact(rec.messages))),
      session_id: 'session [REDACTED:github_token]',
      request_id: 'req [REDACTED:github_token]',
      error: 'failed with [REDACTED:github_token]',
    })
    expect(got.agent_id).toBe('agent-7')
    // Redacting twice changes nothing more.
    expect(redactLine(out, redactor)).toBe(out)
  })

  it('finds a secret in whichever one of those columns holds it, the rest of the line clean', () => {
    const token = j('ghp_', 'FAKEfakeFAKEfake0123456789abcdefABCD')
    const alone: [string, Partial<ExecutionRecord>][] = [
      ['params', { params: { note: `push with ${token}` } }],
      ['result', { result: { echoed: `push with ${token}` } }],
      ['messages', { messages: [`push with ${token}`] }],
      ['session_id', { sessionId: `s ${token}` }],
      ['agent_id', { agentId: `a ${token}` }],
      ['request_id', { requestId: `r ${token}` }],
      ['error', { error: `failed with ${token}` }],
    ]
    for (const [column, over] of alone) {
      const line = copyRow(executionRecord(over), 'host:1', redactor)
      const out = redactLine(line, redactor)
      expect(out, column).not.toContain(token)
      expect(fields(out)[column], column).toContain('[REDACTED:github_token]')
      const others = (f: Record<string, unknown>) => Object.fromEntries(Object.entries(f).filter(([k]) => k !== column))
      expect(others(fields(out)), column).toEqual(others(fields(line)))
    }
  })

  it('keeps text that only looks like an escape or a NULL', () => {
    const rec = executionRecord({ error: '\\N is not null', params: { path: 'a\\b' } })
    const out = fields(redactLine(copyRow(rec, 'host:1', redactor), redactor))
    expect(out.error).toBe('\\N is not null')
    expect(JSON.parse(out.params!)).toEqual({ path: 'a\\b' })
    expect(copyText(out.error)).toBe('\\\\N is not null')
  })

  it('refuses a line that is not an execution row', () => {
    expect(() => redactLine('not\ta row', redactor)).toThrow(/too few columns/)
    expect(lineId('not\ta row')).toBeUndefined()
  })
})
