/**
 * Automatic checkpoints (issue 17 item 9, seed 004's list_snapshots: checkpoints at consecutive
 * thread positions 41, 42). By default the first glossary write from the thread at position p
 * freezes the glossary as it stood just before it, as the checkpoint at p, thread p: one per
 * thread written in, the first thread included, once per position. Refused writes and dry runs
 * take none. TOOLGATE_CHECKPOINT_EVERY=N keeps at most one per N positions; 0 turns them off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../helper.js'
import { create, xml } from './fixtures.js'

const rowsOf = async <T>(t: TestApp, q: ReturnType<typeof sql>) => ((await t.app.database.db.execute(q)) as unknown as { rows: T[] }).rows
const threads = (t: TestApp, n: number) =>
  t.app.database.db.execute(sql`INSERT INTO corpus_threads (id, position) SELECT 500 + p, p FROM generate_series(1, ${n}::int) AS p`)
const snapshotsOf = async (t: TestApp) =>
  (
    await rowsOf<{ id: number; type: string; thread_id: string; thread_position: number; entry_count: number }>(
      t,
      sql`SELECT id, type, thread_id, thread_position, entry_count FROM snapshots ORDER BY id`,
    )
  ).map((s) => ({ type: s.type, thread: Number(s.thread_id), position: Number(s.thread_position), entries: Number(s.entry_count), id: Number(s.id) }))
const frozenTerms = async (t: TestApp, snapshotId: number) =>
  (await rowsOf<{ term: string }>(t, sql`SELECT term FROM snapshot_entries WHERE snapshot_id = ${snapshotId} ORDER BY term`)).map((r) => r.term)
const from = (thread: number, extra: Record<string, string> = {}) => ({ 'x-thread-id': String(thread), ...extra })

describe('by default: one checkpoint per thread written in', () => {
  let t: TestApp
  let unplaced: number
  beforeAll(async () => {
    t = await buildTestApp()
    await threads(t, 4)
  })
  afterAll(async () => t?.close())

  it('the first thread included: its checkpoint holds the glossary before its first write', async () => {
    expect(t.config.checkpointEvery).toBe(1)
    unplaced = await create(t, { term: 'Unplaced', definition: 'Written without a thread.' })
    expect(await snapshotsOf(t)).toEqual([])
    const first = await create(t, { term: 'First', definition: 'Seen in thread 1.' }, from(501))
    const [one] = await snapshotsOf(t)
    expect(one).toMatchObject({ type: 'checkpoint', thread: 501, position: 1, entries: 1 })
    expect(await frozenTerms(t, one.id)).toEqual(['Unplaced'])
    // More writes in the same thread take no second checkpoint.
    await t.call('glossary_update', { entry_id: first, status: 'confirmed' }, { headers: from(501) })
    await create(t, { term: 'Also first', definition: 'Also thread 1.' }, from(501))
    expect(await snapshotsOf(t)).toHaveLength(1)
  })

  it('a dry run and a refused write from the next thread take none; its first real write does', async () => {
    const dry = await t.call('glossary_create', { term: 'Phantom', definition: 'x', tags: [] }, { headers: from(502, { 'x-dry-run': 'true' }) })
    expect(dry.statusCode).toBe(200)
    const refused = await t.call('glossary_create', { term: 'FIRST', definition: 'x', tags: [] }, { headers: from(502) })
    expect(refused.statusCode).toBe(409)
    const missing = await t.call('glossary_update', { entry_id: 99999, status: 'confirmed' }, { headers: from(502) })
    expect(missing.statusCode).toBe(404)
    expect(await snapshotsOf(t)).toHaveLength(1)

    await create(t, { term: 'Second', definition: 'Seen in thread 2.' }, from(502))
    const [, two] = await snapshotsOf(t)
    expect(two).toMatchObject({ type: 'checkpoint', thread: 502, position: 2, entries: 3 })
    expect(await frozenTerms(t, two.id)).toEqual(['Also first', 'First', 'Unplaced'])
  })

  it('a delete is a write too; list_snapshots shows consecutive positions, as the seed does', async () => {
    const id = await create(t, { term: 'Doomed', definition: 'x' }, from(502))
    await t.call('glossary_delete', { entry_id: id, reason: 'test' }, { headers: from(503) })
    await t.call('glossary_update', { entry_id: unplaced, definition: 'Rewritten in thread 4.' }, { headers: from(504) })
    const res = await t.call('list_snapshots', { snapshot_type: 'checkpoint' }, { headers: { accept: 'application/xml' } })
    const listed = [xml.parse(res.body).snapshots.snapshot].flat()
    expect(listed.map((s: Record<string, string>) => [s['@thread'], s['@thread_position']])).toEqual([
      ['504', '4'],
      ['503', '3'],
      ['502', '2'],
      ['501', '1'],
    ])
  })

  it('a thread the corpus does not know has no position and takes none', async () => {
    await create(t, { term: 'Elsewhere', definition: 'x' }, from(9999))
    expect(await snapshotsOf(t)).toHaveLength(4)
  })
})

describe('TOOLGATE_CHECKPOINT_EVERY', () => {
  it('N = 2: at most one per two positions, the first thread included', async () => {
    const t = await buildTestApp({ env: { TOOLGATE_CHECKPOINT_EVERY: '2' } })
    try {
      await threads(t, 6)
      for (const p of [1, 2, 3, 4, 6]) await create(t, { term: `T${p}`, definition: `Thread ${p}.` }, from(500 + p))
      expect((await snapshotsOf(t)).map((s) => s.position)).toEqual([1, 3, 6])
    } finally {
      await t.close()
    }
  })

  it('0 = never', async () => {
    const t = await buildTestApp({ env: { TOOLGATE_CHECKPOINT_EVERY: '0' } })
    try {
      await threads(t, 2)
      await create(t, { term: 'A', definition: 'x' }, from(501))
      await create(t, { term: 'B', definition: 'x' }, from(502))
      expect(await snapshotsOf(t)).toEqual([])
    } finally {
      await t.close()
    }
  })
})
