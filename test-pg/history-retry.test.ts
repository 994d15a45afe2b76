/**
 * Calls answered while the database is unreachable are kept in memory and written once it is back,
 * by the history writer's own retry, without waiting for another call to come along. A call that
 * changes something is not run at all while its `running` row cannot be written.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test/helper.js'
import { buildAppBehindProxy, type AppBehindProxy } from '../test/support/tcp-proxy.js'
import { storedExecutions } from '../test/support/stored-executions.js'

let setup: AppBehindProxy
let t: TestApp
beforeAll(async () => {
  setup = await buildAppBehindProxy()
  t = setup.t
})
afterAll(async () => setup.close())

const rowsFor = (ids: string[]) => storedExecutions(setup.direct.databaseUrl, ids)

describe('history during a database outage', () => {
  it('writes the calls made while the database was away once it is back, by itself', async () => {
    await setup.cut()
    // hello is public and its key-less calls need no database to be answered.
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => t.call('hello', { name }, { key: '' })))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    const ids = answers.map((a) => a.body.execution_id as string)
    // Let the writer fail at least once, then bring the database back and make no further call.
    await new Promise((r) => setTimeout(r, 2_500))
    expect(await rowsFor(ids)).toBe(0)
    // Retried every second, logged once (no stack): not a line per retry.
    const waiting = t.logs.lines.filter((l) => /History cannot reach the database; rows kept in memory/.test(l))
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).not.toContain('"stack"')
    await setup.restore()
    let n = 0
    for (let i = 0; i < 40 && n < ids.length; i++) {
      await new Promise((r) => setTimeout(r, 250))
      n = await rowsFor(ids)
    }
    expect(n).toBe(ids.length)
    expect(t.logs.lines.filter((l) => /History reached the database again/.test(l))).toHaveLength(1)
  })

  it('does not run a call that changes something while its running row cannot be written', async () => {
    const writer = await t.key(['write'], 'writer')
    // Verified now, so that the key itself is known during the outage.
    expect((await t.call('Write', { file_path: 'first.txt', content: 'before' }, { key: writer })).statusCode).toBe(200)
    await setup.cut()
    try {
      const res = await t.call('Write', { file_path: 'during.txt', content: 'during' }, { key: writer })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(503)
      expect(res.body).toMatchObject({ status: 'error', error_code: 'DATABASE_UNAVAILABLE' })
      await expect(fs.stat(path.join(t.workspace, 'during.txt'))).rejects.toThrow(/ENOENT/)
    } finally {
      await setup.restore()
    }
  })
})
