/**
 * Reading position is context (issue 17 item 8, seed 004: first_seen_post_id "auto-set from
 * current context"): read_post and read_thread_range set the session's current post and thread;
 * glossary_create, glossary_update and glossary_delete (and the automatic checkpoint) use them
 * when no X-Post-Id / X-Thread-Id is sent, so revisions and blame have a source post. Headers win.
 * Per key and session, in the database: it survives a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../helper.js'
import { importBody, ndjson, post } from '../corpus/helpers.js'
import { revisionsOf } from './fixtures.js'

let t: TestApp
const S1 = { 'x-session-id': 'reader-1' }
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await t.app.database.db.execute(q)) as unknown as { rows: T[] }).rows
const entryRow = async (id: number) =>
  (
    await rowsOf<Record<string, unknown>>(
      sql`SELECT first_seen_post_id, first_seen_thread_id, last_updated_post_id, last_updated_thread_id FROM glossary_entries WHERE id = ${id}`,
    )
  ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])))[0]
const lastRevision = async (id: number) => {
  const revs = (await revisionsOf(t, id)).json().revisions
  return revs[revs.length - 1]
}

beforeAll(async () => {
  t = await buildTestApp()
  // Thread 700 (position 1): posts 7001–7003; thread 800 (position 2): posts 8001–8004.
  const lines = [
    post(7001, 700, 1),
    post(7002, 700, 2),
    post(7003, 700, 3),
    ...[1, 2, 3, 4].map((i) => post(8000 + i, 800, 10 + i, { tags: i % 2 ? ['qm_post'] : [] })),
  ]
  expect((await importBody(t, ndjson(lines))).body).toMatchObject({ inserted: 7, threads: 2 })
})
afterAll(async () => t?.close())

describe('read_post sets the position; the write tools use it when no header is sent', () => {
  let id: number
  it('glossary_create: first-seen post and thread, revision, checkpoint, and the answer says so', async () => {
    expect((await t.call('read_post', { post_id: 7002 }, { headers: S1 })).statusCode).toBe(200)
    const res = await t.call('glossary_create', { term: 'vys', definition: 'The energy.', tags: [] }, { headers: S1 })
    expect(res.statusCode).toBe(200)
    id = res.body.entry.id
    expect(res.body.message).toBe("Entry created. No tags. Source: post 7002, thread 700, this session's reading position (no X-Post-Id/X-Thread-Id was sent).")
    expect(res.body.messages).toEqual([])
    expect(await entryRow(id)).toEqual({ first_seen_post_id: 7002, first_seen_thread_id: 700, last_updated_post_id: 7002, last_updated_thread_id: 700 })
    expect(await lastRevision(id)).toMatchObject({ action: 'create', post_id: 7002, thread_id: 700 })
    const [snap] = await rowsOf<{ thread_id: string; thread_position: number }>(sql`SELECT thread_id, thread_position FROM snapshots`)
    expect([Number(snap.thread_id), Number(snap.thread_position)]).toEqual([700, 1])
  })

  it('explicate then finds the source post', async () => {
    const res = await t.call('explicate', { quote: 'The energy.' }, { headers: S1 })
    expect(res.body).toMatchObject({ match: 'exact', entry_id: id, source_post: { id: 7002, thread_id: 700 } })
  })

  it('read_post with include_adjacent: the centre post', async () => {
    await t.call('read_post', { post_id: 8002, include_adjacent: true }, { headers: S1 })
    const res = await t.call('glossary_update', { entry_id: id, status: 'confirmed' }, { headers: S1 })
    expect(res.body.message).toMatch(/Source: post 8002, thread 800, this session's reading position/)
    expect(await lastRevision(id)).toMatchObject({ action: 'update', post_id: 8002, thread_id: 800 })
  })

  it('read_thread_range: the last post returned; a range with none leaves the thread alone', async () => {
    await t.call('read_thread_range', { thread_id: 800, tag_filter: 'qm_post' }, { headers: S1 })
    await t.call('glossary_update', { entry_id: id, definition: 'The energy, flowing.' }, { headers: S1 })
    expect(await lastRevision(id)).toMatchObject({ post_id: 8003, thread_id: 800 })
    await t.call('read_thread_range', { thread_id: 700, start_post_id: 7500 }, { headers: S1 })
    await t.call('glossary_update', { entry_id: id, tags: ['magic'] }, { headers: S1 })
    expect(await lastRevision(id)).toMatchObject({ post_id: null, thread_id: 700 })
    expect(await entryRow(id)).toMatchObject({ last_updated_post_id: null, last_updated_thread_id: 700 })
  })

  it('glossary_delete records it too', async () => {
    const other = (await t.call('glossary_create', { term: 'doomed', definition: 'x', tags: [] }, { headers: S1 })).body.entry.id
    await t.call('read_post', { post_id: 7003 }, { headers: S1 })
    const res = await t.call('glossary_delete', { entry_id: other, reason: 'Duplicate.' }, { headers: S1 })
    expect(res.body.message).toBe(
      "Entry 'doomed' deleted. Reason: Duplicate. Source: post 7003, thread 700, this session's reading position (no X-Post-Id/X-Thread-Id was sent).",
    )
    expect(await lastRevision(other)).toMatchObject({ action: 'delete', post_id: 7003, thread_id: 700 })
  })
})

describe('headers win', () => {
  it('both headers: the reading position is not used, and the answer does not mention it', async () => {
    await t.call('read_post', { post_id: 7001 }, { headers: S1 })
    const res = await t.call('glossary_create', { term: 'hdr', definition: 'x', tags: [] }, { headers: { ...S1, 'x-post-id': '8004', 'x-thread-id': '800' } })
    expect(res.body.message).toBe('Entry created. No tags.')
    expect(await lastRevision(res.body.entry.id)).toMatchObject({ post_id: 8004, thread_id: 800 })
  })

  it('one header: completed from the position only when they agree', async () => {
    await t.call('read_post', { post_id: 7001 }, { headers: S1 })
    const same = await t.call('glossary_create', { term: 'same', definition: 'x', tags: [] }, { headers: { ...S1, 'x-thread-id': '700' } })
    expect(same.body.message).toMatch(/Source: post 7001, thread 700, this session's reading position \(the header sent was completed from it\)/)
    expect(await lastRevision(same.body.entry.id)).toMatchObject({ post_id: 7001, thread_id: 700 })
    const other = await t.call('glossary_create', { term: 'other', definition: 'x', tags: [] }, { headers: { ...S1, 'x-thread-id': '800' } })
    expect(other.body.message).toBe('Entry created. No tags.')
    expect(await lastRevision(other.body.entry.id)).toMatchObject({ post_id: null, thread_id: 800 })
    const post = await t.call('glossary_create', { term: 'post only', definition: 'x', tags: [] }, { headers: { ...S1, 'x-post-id': '7001' } })
    expect(await lastRevision(post.body.entry.id)).toMatchObject({ post_id: 7001, thread_id: 700 })
  })
})

describe('whose position', () => {
  it('per session and per key; without either a warning says the revision has no source post', async () => {
    await t.call('read_post', { post_id: 8001 }, { headers: S1 })
    const fresh = await t.call('glossary_create', { term: 'fresh', definition: 'x', tags: [] }, { headers: { 'x-session-id': 'reader-2' } })
    expect(fresh.body.message).toBe('Entry created. No tags.')
    expect(fresh.body.messages).toEqual([
      'No X-Post-Id/X-Thread-Id was sent and this session has no reading position (read_post or read_thread_range sets one): the revision has no source post',
    ])
    expect(await lastRevision(fresh.body.entry.id)).toMatchObject({ post_id: null, thread_id: null })
    const otherKey = await t.key(['read', 'write'])
    const res = await t.call('glossary_create', { term: 'other key', definition: 'x', tags: [] }, { key: otherKey, headers: S1 })
    expect(await lastRevision(res.body.entry.id)).toMatchObject({ post_id: null })
  })

  it('without X-Session-Id the key is the session', async () => {
    await t.call('read_post', { post_id: 8004 })
    const res = await t.call('glossary_create', { term: 'keyed', definition: 'x', tags: [] })
    expect(await lastRevision(res.body.entry.id)).toMatchObject({ post_id: 8004, thread_id: 800 })
  })

  it('a dry run, an unknown post and an invalid call leave the position alone', async () => {
    await t.call('read_post', { post_id: 7001 }, { headers: S1 })
    expect((await t.call('read_post', { post_id: 8001 }, { headers: { ...S1, 'x-dry-run': 'true' } })).statusCode).toBe(200)
    expect((await t.call('read_post', { post_id: 424242 }, { headers: S1 })).statusCode).toBe(404)
    expect((await t.call('read_thread_range', { thread_id: 424242 }, { headers: S1 })).statusCode).toBe(404)
    expect((await t.call('read_thread_range', { thread_id: 800, start_post_id: 9, end_post_id: 1 }, { headers: S1 })).statusCode).toBe(400)
    const res = await t.call('glossary_create', { term: 'still', definition: 'x', tags: [] }, { headers: S1 })
    expect(await lastRevision(res.body.entry.id)).toMatchObject({ post_id: 7001, thread_id: 700 })
  })
})

describe('durable', () => {
  it('survives a restart (a new app on the same database)', async () => {
    const first = await buildTestApp({ keep: true })
    let second: TestApp | undefined
    try {
      await importBody(first, ndjson([post(9001, 900, 1)]))
      await first.call('read_post', { post_id: 9001 }, { headers: S1 })
      await first.app.close()
      second = await buildTestApp({ dataDir: first.dataDir, databaseUrl: first.databaseUrl })
      const res = await second.call('glossary_create', { term: 'restarted', definition: 'x', tags: [] }, { headers: S1 })
      expect(res.body.message).toMatch(/Source: post 9001, thread 900/)
    } finally {
      await second?.app.close()
      await first.destroy()
    }
  })
})
