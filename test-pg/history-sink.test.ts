/**
 * The history writer thread's hand-over on Postgres, where it runs: rows that find the shared ring
 * full still arrive (by message), and rows a dying thread never took from the ring are written by
 * the main thread, with a flush that waits for them.
 */
import { Worker } from 'node:worker_threads'
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/helper.js'
import { createCopyWriter } from '../src/history/copy-writer.js'
import { copyRow, EXECUTION_COLUMNS } from '../src/history/row.js'
import { workerSink, type WorkerSinkOptions } from '../src/history/sink.js'
import { copyText } from '../src/db/copy-text.js'
import { storedExecutions } from '../test/support/stored-executions.js'
import { executionRecord } from '../test/support/execution-record.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t.close())

const instance = copyText(`${os.hostname()}:test`)

function rows(n: number, tool: string): { ids: string[]; encoded: string[] } {
  const ids: string[] = []
  const encoded: string[] = []
  for (let i = 0; i < n; i++) {
    const rec = executionRecord({ tool, toolset: 'test', params: { i, pad: 'p'.repeat(i % 40) }, requestId: `req-${i}`, result: { ok: i } })
    ids.push(rec.id)
    encoded.push(copyRow(rec, instance, t.app.redactor))
  }
  return { ids, encoded }
}

const stored = (ids: string[]) => storedExecutions(t.databaseUrl!, ids)

function sink(extra: Partial<WorkerSinkOptions>) {
  const { database } = t.app
  return workerSink({
    databaseUrl: t.databaseUrl!, flushMs: 5, log: t.app.log,
    fallback: () => createCopyWriter({
      target: { copyIn: (text) => database.copyIn('executions', EXECUTION_COLUMNS, text), ping: (ms) => database.ping(ms) },
      redactor: t.app.redactor, log: t.app.log, delayMs: 5,
    }),
    ...extra,
  })
}

describe('history hand-over to the writer thread', () => {
  it('delivers every row when the ring is too small for them, by message', async () => {
    // 1 KB holds a handful of rows: most of these 300 must go the other way.
    const s = sink({ ringBytes: 1024 })
    const { ids, encoded } = rows(300, 'ring_full')
    for (const row of encoded) s.add(row)
    await s.flush()
    expect(await stored(ids)).toBe(300)
    expect(s.thread).toBe('worker')
    await s.close()
  })

  it('logs a row that comes after close by its id and size, never by its text (not redacted yet)', async () => {
    const s = sink({})
    await s.close()
    const rec = executionRecord({ tool: 'late', params: { pwd: 'hunter2-in-clear' } })
    s.add(copyRow(rec, instance, t.app.redactor))
    const logged = t.logs.records().find((l) => /came after history was closed/.test(String(l.msg)))
    expect(logged).toMatchObject({ execution_id: rec.id, bytes: expect.any(Number) })
    expect(t.logs.text).not.toContain('hunter2-in-clear')
    expect(await stored([rec.id])).toBe(0)
  })

  it('stops a thread that does not close in time, and writes what it left in the ring from here', async () => {
    // A thread that never reads the ring and never answers.
    const s = sink({ spawn: () => new Worker('setInterval(() => {}, 1000)', { eval: true }), closeWaitMs: 300 })
    const { ids, encoded } = rows(20, 'ring_stuck')
    for (const row of encoded) s.add(row)
    const started = Date.now()
    await s.close()
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(t.logs.text).toMatch(/The history writer did not close within 0.3 s; stopped/)
    expect(await stored(ids)).toBe(20)
  })

  it('writes what a dying thread never took from the ring, and a flush waits for it', async () => {
    // A thread that never reads the ring and dies a moment later.
    const s = sink({ spawn: () => new Worker('setTimeout(() => process.exit(3), 300)', { eval: true }) })
    const { ids, encoded } = rows(50, 'ring_rescue')
    for (const row of encoded) s.add(row)
    expect(await stored(ids)).toBe(0)
    // This flush is waiting on the thread when it dies; it must answer once the rows are written here.
    await s.flush()
    expect(s.thread).toBe('main')
    expect(await stored(ids)).toBe(50)
    expect(t.logs.text).toMatch(/History writer thread exited with code 3; writing history on the main thread/)
    await s.close()
  })

  it('writes what the thread left in the ring when it fails while closing', async () => {
    // A thread that ignores everything, close included, then fails: close() must still write the rows.
    const s = sink({ spawn: () => new Worker('setTimeout(() => { throw new Error("writer broke") }, 300)', { eval: true }) })
    const { ids, encoded } = rows(20, 'ring_close')
    for (const row of encoded) s.add(row)
    await s.close()
    expect(await stored(ids)).toBe(20)
  })
})
