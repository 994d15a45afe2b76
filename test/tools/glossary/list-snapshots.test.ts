/** list_snapshots: filters by thread and type, newest first, the limit's default and bounds, JSON and the seed's XML. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeSnapshot, type SnapshotType } from '../../../src/glossary/snapshots/store.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { XML, createEntry, xml } from './helpers.js'

let t: TestApp
let key: string
const ids: number[] = []

beforeAll(async () => {
  t = await buildTestApp()
  key = await t.key(['read'])
  await createEntry(t, { term: 'vys', definition: 'The fundamental magical energy.' })
  // 24 snapshots over threads 41 and 42: every third a checkpoint, the others alternate fork and manual.
  for (let i = 1; i <= 24; i++) {
    const type: SnapshotType = i % 3 === 0 ? 'checkpoint' : i % 2 ? 'curator_fork' : 'manual'
    const s = await takeSnapshot(t.app.database.db, { type, threadId: i <= 12 ? 41 : 42, threadPosition: i, createdBy: 'test' })
    ids.push(s!.id)
  }
})
afterAll(async () => t?.close())

describe('list_snapshots', () => {
  it("lists 20 by default, newest first, in the seed's fields", async () => {
    const res = await t.call('list_snapshots', {}, { key })
    expect(res.statusCode).toBe(200)
    expect(res.body.count).toBe(20)
    expect(res.body.snapshots.map((s: any) => s.id)).toEqual([...ids].reverse().slice(0, 20))
    const top = res.body.snapshots[0]
    expect(Object.keys(top).sort()).toEqual(['created', 'entry_count', 'id', 'thread', 'thread_position', 'tokens', 'type'])
    expect(top).toMatchObject({
      id: ids[23],
      type: 'checkpoint',
      thread: 42,
      thread_position: 24,
      entry_count: 1,
      tokens: Math.ceil(('vys'.length + 'The fundamental magical energy.'.length + 'mechanic'.length) / 4),
    })
  })

  it('filters by thread and by type, together', async () => {
    const thread = await t.call('list_snapshots', { thread_id: 41, limit: 100 }, { key })
    expect(thread.body.count).toBe(12)
    expect(thread.body.snapshots.every((s: any) => s.thread === 41)).toBe(true)
    const checkpoints = await t.call('list_snapshots', { snapshot_type: 'checkpoint' }, { key })
    expect(checkpoints.body.snapshots.map((s: any) => s.thread_position)).toEqual([24, 21, 18, 15, 12, 9, 6, 3])
    const both = await t.call('list_snapshots', { thread_id: 42, snapshot_type: 'manual' }, { key })
    expect(both.body.snapshots.map((s: any) => s.thread_position)).toEqual([22, 20, 16, 14])
    const all = await t.call('list_snapshots', { snapshot_type: 'all', limit: 100 }, { key })
    expect(all.body.count).toBe(24)
    const none = await t.call('list_snapshots', { thread_id: 7 }, { key })
    expect(none.body).toMatchObject({ count: 0, snapshots: [] })
  })

  it.each([
    [0, /minimum|>= 1|at least 1/i],
    [101, /maximum|<= 100|at most 100/i],
  ])('refuses limit %s', async (limit, message) => {
    const res = await t.call('list_snapshots', { limit }, { key })
    expect(res.statusCode).toBe(400)
    expect(res.body.error_code).toBe('VALIDATION_ERROR')
    expect(res.body.error_message).toMatch(message)
  })

  it('accepts the bounds 1 and 100, and refuses an unknown type', async () => {
    expect((await t.call('list_snapshots', { limit: 1 }, { key })).body.count).toBe(1)
    expect((await t.call('list_snapshots', { limit: 100 }, { key })).body.count).toBe(24)
    const bad = await t.call('list_snapshots', { snapshot_type: 'fork' }, { key })
    expect(bad.statusCode).toBe(400)
    expect(bad.body.error_message).toMatch(/snapshot_type/)
  })

  it("answers in the seed's XML", async () => {
    const res = await t.call('list_snapshots', { limit: 2 }, { key, headers: XML })
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    const doc = xml.parse(res.body)
    expect(Object.keys(doc).filter((k) => k !== '?xml')).toEqual(['snapshots'])
    expect(doc.snapshots['@count']).toBe('2')
    const [a, b] = doc.snapshots.snapshot
    expect(Object.keys(a).sort()).toEqual(['@created', '@entry_count', '@id', '@thread', '@thread_position', '@tokens', '@type'])
    expect(a).toMatchObject({ '@id': String(ids[23]), '@type': 'checkpoint', '@thread': '42', '@thread_position': '24', '@entry_count': '1' })
    expect(a['@created']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(b['@id']).toBe(String(ids[22]))
  })

  it('needs a key with the read scope', async () => {
    const res = await t.call('list_snapshots', {}, { key: '' })
    expect(res.statusCode).toBe(401)
  })
})
