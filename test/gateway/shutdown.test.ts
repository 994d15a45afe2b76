/**
 * SIGTERM on a real server process: calls already accepted finish, their history is flushed to
 * the database, and the process exits 0.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { createDb } from '../../src/db/client.js'
import { executions } from '../../src/db/schema/index.js'
import { testFolders, type TestFolders } from '../helper.js'
import { startServerProcess } from '../support/server-process.js'

let made: TestFolders | undefined
afterAll(async () => made?.destroy())

describe('graceful shutdown', () => {
  it('drains in-flight calls, flushes history and exits 0 on SIGTERM', async () => {
    // Folders and a migrated database of the test's own (on Postgres, a fresh one), then the real server on them.
    made = await testFolders()
    const { child, address, output } = await startServerProcess(made, { TOOLGATE_RATE_LIMITS: 'hello=100000/minute', TOOLGATE_HISTORY_FLUSH_MS: '2000' })
    const calls = Array.from({ length: 40 }, (_, i) =>
      fetch(`${address}/v1/tools/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `n${i}` }) })
        .then(async (r) => ({ status: r.status, body: await r.json() }))
        .catch(() => ({ status: 0, body: null })),
    )
    // History is flushed every 2 s here, so these rows are still in memory when the signal lands.
    await new Promise((r) => setTimeout(r, 150))
    child.kill('SIGTERM')
    const results = await Promise.all(calls)
    // 'close', not 'exit': the child's last stderr lines (why it failed) arrive after it exits.
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)))
    expect(code, output()).toBe(0)
    const ok = results.filter((r) => r.status === 200)
    expect(ok.length).toBeGreaterThan(0)
    for (const r of ok) expect(r.body.message).toMatch(/^Hello, n\d+!$/)

    const db = await createDb({ databaseUrl: made.databaseUrl, pgliteDir: path.join(made.dataDir, 'pglite') })
    try {
      const [{ n }] = await db.db.select({ n: count() }).from(executions)
      expect(n).toBe(ok.length)
    } finally {
      await db.close()
    }
  }, 90_000)
})
