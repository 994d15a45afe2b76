/**
 * The history batcher with a database that has gone away: the outage and a full backlog are each
 * logged once, however many retries, and the backlog stays bounded (test-pg/history-retry covers
 * the database coming back; test/gateway/history a row the database refuses).
 */
import { describe, expect, it } from 'vitest'
import { createBatcher } from '../../src/history/batcher.js'
import { executionRow } from '../../src/history/row.js'
import { createRedactor } from '../../src/redaction/index.js'
import pg from 'pg'
import { executionRecord } from '../support/execution-record.js'

describe('createBatcher', () => {
  it('logs an unreachable database once, and a full backlog once, whatever the number of retries', async () => {
    // A real driver and a port nobody listens on: every connection is refused at once.
    const pool = new pg.Pool({ connectionString: 'postgres://toolgate@127.0.0.1:1/none', connectionTimeoutMillis: 1_000 })
    const lines: { level: string; msg: string; data: Record<string, unknown> }[] = []
    const at = (level: string) => (data: Record<string, unknown>, msg: string) => void lines.push({ level, msg, data })
    let tried = 0
    const batcher = createBatcher({
      target: {
        write: async (rows) => {
          tried = rows.length
          // Refused before any SQL is sent: what the statement says does not matter here.
          await pool.query('SELECT $1::json', [JSON.stringify(rows)])
        },
        ping: () =>
          pool.query('SELECT 1').then(
            () => true,
            () => false,
          ),
      },
      log: { error: at('error'), warn: at('warn'), info: at('info') },
      delayMs: 1,
      maxBacklog: 3,
      retryMs: 20,
    })
    const redactor = createRedactor()
    for (let i = 0; i < 5; i++) batcher.add(executionRow(executionRecord(), 'test', redactor))
    await batcher.flush()
    for (let i = 0; i < 5; i++) {
      batcher.add(executionRow(executionRecord(), 'test', redactor))
      await new Promise((r) => setTimeout(r, 30))
      await batcher.flush()
    }
    expect(lines.map((l) => `${l.level} ${l.msg.split(';')[0]}`)).toEqual([
      'warn History cannot reach the database',
      'error History backlog full while the database is away',
    ])
    expect(JSON.stringify(lines)).not.toContain('stack')
    // Bounded: the last try carried no more than the backlog's bound.
    expect(tried).toBeGreaterThan(0)
    expect(tried).toBeLessThanOrEqual(3)
    await pool.end()
  })
})
