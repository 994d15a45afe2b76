/**
 * The COPY batch writer on the real database: a row that cannot be turned into a line is dropped
 * with a log line, and the rows beside it are still written; while the database is away, the
 * outage and a full backlog are each logged once, however many retries (test-pg/history-retry
 * covers the database coming back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCopyWriter } from '../../src/history/copy-writer.js'
import { EXECUTION_COLUMNS, copyRow } from '../../src/history/row.js'
import { createRedactor } from '../../src/redaction/index.js'
import { v7 as uuidv7 } from 'uuid'
import { executionRecord } from '../support/execution-record.js'
import { createDb } from '../../src/db/client.js'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t.close())

describe('createCopyWriter', () => {
  it('drops a row it cannot encode, logs it, and writes the others', async () => {
    const redactor = createRedactor()
    const errors: { data: Record<string, unknown>; msg: string }[] = []
    const writer = createCopyWriter({
      target: { copyIn: (text) => t.app.database.copyIn('executions', EXECUTION_COLUMNS, text), ping: (ms) => t.app.database.ping(ms) },
      redactor,
      log: { error: (data, msg) => void errors.push({ data, msg }), warn: () => {}, info: () => {} },
      delayMs: 1,
    })
    const row = (id: string) => copyRow(executionRecord({ id, params: { name: id }, result: null }), 'test:1', redactor)
    const ids = [uuidv7(), uuidv7()]
    writer.add(row(ids[0]))
    writer.add('not\ta row')
    writer.add(row(ids[1]))
    await writer.flush()
    expect(errors.map((e) => e.msg)).toEqual(['Dropping an execution row that cannot be read'])
    // The line is not redacted yet: its size is logged, never its text.
    expect(errors[0].data).toMatchObject({ bytes: 'not\ta row'.length })
    expect(JSON.stringify(errors[0].data)).not.toContain('a row')
    for (const id of ids) {
      const res = await t.app.inject({ url: `/v1/executions/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
      expect(res.json().execution.params).toEqual({ name: id })
    }
  })

  it('logs an unreachable database once, and a full backlog once, whatever the number of retries', async () => {
    const database = await createDb({ pgliteDir: 'memory://' })
    await database.close()
    const lines: { level: string; msg: string; data: Record<string, unknown> }[] = []
    const at = (level: string) => (data: Record<string, unknown>, msg: string) => void lines.push({ level, msg, data })
    const redactor = createRedactor()
    const writer = createCopyWriter({
      target: { copyIn: (text) => database.copyIn('executions', EXECUTION_COLUMNS, text), ping: (ms) => database.ping(ms) },
      redactor, log: { error: at('error'), warn: at('warn'), info: at('info') }, delayMs: 1, maxBacklog: 3, retryMs: 20,
    })
    for (let i = 0; i < 5; i++) writer.add(copyRow(executionRecord(), 'test:1', redactor))
    await writer.flush()
    for (let i = 0; i < 5; i++) {
      writer.add(copyRow(executionRecord(), 'test:1', redactor))
      await new Promise((r) => setTimeout(r, 30))
      await writer.flush()
    }
    expect(lines.map((l) => `${l.level} ${l.msg.split(';')[0]}`)).toEqual([
      'warn History cannot reach the database',
      'error History backlog full while the database is away',
    ])
    expect(JSON.stringify(lines)).not.toContain('stack')
  })
})
