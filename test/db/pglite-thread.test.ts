/**
 * PGlite in its own thread (src/db/pglite-thread.ts): what drizzle and toolgate rely on still holds
 * across the thread (transactions, errors with their codes, notifications before the query that
 * sent them returns, closing), an idle database keeps no command from exiting, and a 5 MB import
 * no longer holds the server's event loop.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '../../src/db/client.js'
import { rows } from '../../src/db/sql-rows.js'
import { buildTestApp, type TestApp } from '../helper.js'
import { compiledPath } from '../support/compiled-src.js'
import { pgliteTemplateDump } from '../support/database-template.js'
import { expectWithin, loopProbe } from '../support/loop-probe.js'

// PGlite itself, on both test passes (from the suite's template when there is one).
describe('PGlite across its thread', () => {
  let database: Database
  beforeAll(async () => {
    database = await createDb({ pgliteDump: await pgliteTemplateDump() })
    await database.db.execute(sql`CREATE TABLE thread_t (id int PRIMARY KEY, at timestamptz, doc jsonb)`)
  })
  afterAll(async () => database?.close())
  const thread = () =>
    (
      database.db as unknown as {
        $client: { dumpDataDir(c: 'none'): Promise<Blob>; query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown> }
      }
    ).$client

  const count = async () => (await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM thread_t`))[0].n

  it('commits a transaction that resolves and rolls back one that throws, nested savepoints included', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_t (id) VALUES (1)`)
      await tx.transaction(async (inner) => inner.execute(sql`INSERT INTO thread_t (id) VALUES (2)`))
    })
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_t (id) VALUES (3)`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await count()).toBe(2)
    // Queries from outside wait for an open transaction, as PGlite's own lock makes them.
    let release!: () => void
    let opened!: () => void
    const inside = new Promise<void>((r) => (opened = r))
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_t (id) VALUES (4)`)
      opened()
      await new Promise<void>((r) => (release = r))
    })
    await inside
    const outside = count()
    await new Promise((r) => setTimeout(r, 20))
    release()
    await held
    expect(await outside).toBe(3)
  })

  it('throws database errors with their code and constraint, and keeps serving after them', async () => {
    const err = await database.db.execute(sql`INSERT INTO thread_t (id) VALUES (1)`).catch((e: unknown) => e)
    const cause = ((err as { cause?: unknown }).cause ?? err) as Record<string, unknown>
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_t_pkey' })
    expect(String(cause.message)).toMatch(/duplicate key value/)
    expect(await count()).toBe(3)
  })

  it('answers values as the driver did: timestamps as their text, jsonb parsed', async () => {
    await database.db.execute(sql`INSERT INTO thread_t (id, at, doc) VALUES (10, '2026-01-02T03:04:05Z', '{"a":[1,"x"]}')`)
    const [row] = await rows<{ at: string; doc: unknown }>(database.db, sql`SELECT at, doc FROM thread_t WHERE id = 10`)
    expect(row.doc).toEqual({ a: [1, 'x'] })
    expect(new Date(row.at).toISOString()).toBe('2026-01-02T03:04:05.000Z')
  })

  it("COPYs from a blob handed over with the query (PGlite's /dev/blob)", async () => {
    const before = await count()
    await thread().query(`COPY thread_t (id) FROM '/dev/blob'`, [], { blob: new Blob(['20\n21\n']) })
    expect(await count()).toBe(before + 2)
  })

  it('delivers a notification before the query that sent it returns', async () => {
    const heard: string[] = []
    const listener = await database.listen('thread_test', { message: (p) => heard.push(p), connected: () => {} }, console as never)
    await database.db.execute(sql`SELECT pg_notify('thread_test', 'one')`)
    expect(heard).toEqual(['one'])
    await listener.close()
    await database.db.execute(sql`SELECT pg_notify('thread_test', 'two')`)
    expect(heard).toEqual(['one'])
  })

  it('a command holding an idle database exits when its work is done, and not before', async () => {
    const client = compiledPath('src/db/client.ts')!
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-thread-'))
    // This database, migrated already: no initdb in the child.
    await fs.writeFile(path.join(dir, 'dump.tar'), Buffer.from(await (await thread().dumpDataDir('none')).arrayBuffer()))
    // No close(): the process must end by itself once its last query is answered.
    const script = `import fs from 'node:fs'
      const { createDb } = await import(${JSON.stringify(`file://${client}`)})
      const d = await createDb({ pgliteDump: new Blob([fs.readFileSync(${JSON.stringify(path.join(dir, 'dump.tar'))})]) })
      // A parameter that cannot be copied to the thread is refused, and leaves nothing waiting.
      await d.db.$client.query('SELECT $1::text', [() => 1]).then(() => console.error('copied a function'), () => {})
      console.log((await d.db.$client.query('SELECT count(*)::int AS n FROM thread_t')).rows[0].n)`
    await fs.writeFile(path.join(dir, 'idle.mjs'), script)
    const run = spawnSync(process.execPath, [path.join(dir, 'idle.mjs')], { encoding: 'utf8', timeout: 20_000 })
    await fs.rm(dir, { recursive: true })
    expect(run.stderr).toBe('')
    expect(run.signal).toBeNull() // not killed by the timeout: the idle thread held nothing
    expect(run.stdout.trim()).toBe(String(await count()))
  })

  // Last: it closes the database the others use.
  it('closes after the transaction open when it was asked to, then refuses every query as closed (an outage)', async () => {
    expect(await database.ping()).toBe(true)
    let closing!: Promise<void>
    // As PGlite in the process: the close waits for this transaction, which goes on and commits
    // (a failed COMMIT would reject here).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_t (id) VALUES (30)`)
      closing = database.close()
      await tx.execute(sql`INSERT INTO thread_t (id) VALUES (31)`)
    })
    await closing
    const err = (await database.db.execute(sql`SELECT 1`).catch((e: unknown) => e)) as { cause?: Error }
    expect(err.cause?.message).toMatch(/PGlite is closed/)
    expect(await database.ping()).toBe(false)
  })
})

// On both databases: with Postgres the work is the server's, with PGlite its thread's.
describe('the event loop while the database works', () => {
  let t: TestApp
  let base: string
  const POSTS = 5_000
  /** ~5 MB of NDJSON: `POSTS` posts of ~1 KB, their ids from `first`. */
  const corpus = (first: number) =>
    Buffer.from(
      Array.from(
        { length: POSTS },
        (_, i) =>
          `${JSON.stringify({ id: first + i, thread_id: 1 + (i % 50), timestamp: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString(), author: 'Soma', body: `${first + i} ${'the vys runs south. '.repeat(50)}`, tags: ['qm_post'] })}\n`,
      ).join(''),
    )
  beforeAll(async () => {
    t = await buildTestApp()
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => t?.close())

  // The database's work is off the loop; what is left is parsing each batch and copying it to the
  // thread: 9.5–24 ms of CPU here, against 96–166 ms with PGlite in the server's thread.
  const LIMIT_MS = 50
  it('a 5 MB corpus import stays under 50 ms of the loop, and lands whole', async () => {
    const probe = loopProbe(t, base)
    // Each run imports new posts, made before any is measured (in this thread, which is the server's).
    const bodies = [corpus(1), corpus(POSTS + 1), corpus(2 * POSTS + 1)]
    expect(bodies[0].length).toBeGreaterThan(5_000_000)
    let sent = 0
    const upload = async () => {
      const res = await request(`${base}/v1/corpus/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/x-ndjson' },
        body: bodies[sent++],
      })
      return { status: res.statusCode, text: await res.body.text() }
    }
    const d = await probe.bestOf3(upload, 'corpus import', LIMIT_MS).finally(() => probe.close())
    expect(d.status, JSON.stringify(d.body).slice(0, 300)).toBe(200)
    expect(d.body).toMatchObject({ inserted: POSTS, rejected: 0 })
    expectWithin(d, LIMIT_MS)
    const [{ n }] = await rows<{ n: number }>(t.app.database.db, sql`SELECT count(*)::int AS n FROM corpus_posts`)
    expect(n).toBe(sent * POSTS)
  }, 120_000)
})
