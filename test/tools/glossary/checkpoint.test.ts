/**
 * Automatic checkpoints (TOOLGATE_CHECKPOINT_EVERY=2): a glossary write from the thread at
 * position 3 freezes the glossary as it stood after threads 1–2, as a checkpoint at position 2,
 * once; writes from positions that are not due, and dry runs, take none.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../helper.js'
import { create } from './fixtures.js'

let t: TestApp
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.app.database.db.execute(q)) as unknown as { rows: T[] }).rows

beforeAll(async () => {
  t = await buildTestApp({ env: { TOOLGATE_CHECKPOINT_EVERY: '2' } })
  await t.app.database.db.execute(sql`INSERT INTO corpus_threads (id, position) VALUES (501, 1), (502, 2), (503, 3), (504, 4)`)
})
afterAll(async () => t?.close())

const snapshots = () =>
  rows<{ type: string; thread_id: number; thread_position: number; entry_count: number }>(
    sql`SELECT type, thread_id, thread_position, entry_count FROM snapshots ORDER BY id`,
  )

it('takes one checkpoint at position 2 when a write comes from the thread at position 3, and only once', async () => {
  await create(t, { term: 'Early', definition: 'Seen in thread 2.', tags: [] }, { 'x-thread-id': '502' })
  expect(await snapshots()).toEqual([])

  await t.call('glossary_create', { term: 'Phantom', definition: 'x', tags: [] }, { headers: { 'x-thread-id': '503', 'x-dry-run': 'true' } })
  expect(await snapshots()).toEqual([])

  const id = await create(t, { term: 'Later', definition: 'Seen in thread 3.', tags: [] }, { 'x-thread-id': '503' })
  const taken = await snapshots()
  expect(taken).toHaveLength(1)
  expect(taken[0]).toMatchObject({ type: 'checkpoint', thread_position: 2, entry_count: 1 })
  expect(Number(taken[0].thread_id)).toBe(502)
  const frozen = await rows<{ term: string }>(sql`SELECT term FROM snapshot_entries`)
  expect(frozen.map((r) => r.term)).toEqual(['Early'])

  await t.call('glossary_update', { entry_id: id, status: 'confirmed' }, { headers: { 'x-thread-id': '503' } })
  await t.call('glossary_delete', { entry_id: id, reason: 'test' }, { headers: { 'x-thread-id': '503' } })
  await create(t, { term: 'Fourth', definition: 'Seen in thread 4.', tags: [] }, { 'x-thread-id': '504' })
  expect(await snapshots()).toHaveLength(1)
})
