/**
 * glossary_create, glossary_update and glossary_delete through the real app: JSON and the seed's
 * XML, the context ids from X-Post-Id / X-Thread-Id, 409 naming the existing entry (also when two
 * calls race), validation boundaries, dry runs, scopes, and the revision history route across a
 * create, two updates and a delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { rows } from '../../../src/db/sql-rows.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { attrsOf, create, entryOf, revisionsOf, xml } from './fixtures.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const ctxHeaders = (post: number, thread: number) => ({ 'x-post-id': String(post), 'x-thread-id': String(thread) })
const revisionCount = async () => Number((await rows<{ n: unknown }>(t.app.database.db, sql`SELECT count(*) AS n FROM glossary_revisions`))[0].n)

describe('glossary_create', () => {
  it("answers the seed's JSON and records the context ids", async () => {
    const res = await t.call(
      'glossary_create',
      { term: 'Soma', definition: 'The questmaster of the first quest.', tags: ['questmaster', 'character'] },
      { headers: ctxHeaders(12345, 30265887) },
    )
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', entry: { term: 'Soma', status: 'tentative' }, message: 'Entry created. Tags: questmaster, character.' })
    const entry = (await entryOf(t, res.body.entry.id)).json().entry
    expect(entry).toMatchObject({
      id: res.body.entry.id,
      definition: 'The questmaster of the first quest.',
      tags: ['questmaster', 'character'],
      first_seen_post_id: 12345,
      first_seen_thread_id: 30265887,
      last_updated_post_id: 12345,
      last_updated_thread_id: 30265887,
    })
  })

  it("answers the seed's XML: <glossary_created id term status>message</glossary_created>", async () => {
    const res = await t.call(
      'glossary_create',
      { term: 'Vex (creature)', definition: 'A marsh beast.', tags: ['Creature', ' creature '], status: 'confirmed' },
      { headers: { accept: 'application/xml' } },
    )
    expect(res.statusCode).toBe(200)
    const node = xml.parse(res.body).glossary_created
    expect(attrsOf(node)).toEqual(['id', 'status', 'term'])
    expect(node).toMatchObject({ '@term': 'Vex (creature)', '@status': 'confirmed', '#text': 'Entry created. Tags: creature.' })
    expect((await entryOf(t, Number(node['@id']))).json().entry.tags).toEqual(['creature'])
  })

  it('refuses an existing term in any case with 409 naming the entry, and creates nothing', async () => {
    const before = await revisionCount()
    const res = await t.call('glossary_create', { term: '  SOMA ', definition: 'Duplicate.', tags: [] })
    expect(res.statusCode).toBe(409)
    expect(res.body.error_code).toBe('ENTRY_EXISTS')
    const soma = (await t.call('glossary_search', { query: 'soma' })).body.entries[0]
    expect(res.body.details).toEqual({ entry_id: soma.id, term: 'Soma', status: 'tentative' })
    expect(res.body.error_message).toContain(`#${soma.id} 'Soma' (tentative)`)
    expect(res.body.error_message).toContain(`glossary_update with entry_id ${soma.id}`)
    expect(await revisionCount()).toBe(before)
  })

  it('lets exactly one of several racing creates of one term win; the others name the winner', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.call('glossary_create', { term: i % 2 ? 'Racer' : 'RACER', definition: `Attempt ${i}.`, tags: [] })),
    )
    const won = results.filter((r) => r.statusCode === 200)
    expect(won).toHaveLength(1)
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409)
      expect(r.body.details.entry_id).toBe(won[0].body.entry.id)
    }
  })

  it('checks term, definition and tags at their boundaries', async () => {
    const ok = await t.call('glossary_create', {
      term: 'T'.repeat(200),
      definition: 'd'.repeat(20_000),
      tags: Array.from({ length: 20 }, (_, i) => `tag${i}`.padEnd(50, 'x')),
    })
    expect(ok.statusCode).toBe(200)
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ term: 'T'.repeat(201), definition: 'd', tags: [] }, /term is too long: maximum length is 200/],
      [{ term: '   ', definition: 'd', tags: [] }, /term must contain a non-space character/],
      [{ term: '', definition: 'd', tags: [] }, /term is too short/],
      [{ term: 'x', definition: 'd'.repeat(20_001), tags: [] }, /definition is too long: maximum length is 20000/],
      [{ term: 'x', definition: ' \n ', tags: [] }, /definition must contain a non-space character/],
      [{ term: 'x', definition: 'd' }, /Missing required parameter: tags/],
      [{ term: 'x', definition: 'd', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /Too many items for tags: maximum is 20/],
      [{ term: 'x', definition: 'd', tags: ['y'.repeat(51)] }, /tags\[0\] is too long: maximum length is 50/],
      [{ term: 'x', definition: 'd', tags: ['a,b'] }, /must not contain commas/],
      [{ term: 'x', definition: 'd', tags: ['  '] }, /must not hold an empty tag/],
      [{ term: 'x', definition: 'd', tags: [], status: 'draft' }, /Invalid value for status: must be one of \['tentative', 'confirmed'\]/],
    ]
    const before = await revisionCount()
    for (const [body, message] of cases) {
      const res = await t.call('glossary_create', body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.body.error_message).toMatch(message)
    }
    expect(await revisionCount()).toBe(before)
  })

  it('saves nothing on a dry run', async () => {
    const before = await revisionCount()
    const res = await t.call('glossary_create', { term: 'Phantom', definition: 'Never saved.', tags: [] }, { headers: { 'x-dry-run': 'true' } })
    expect(res.statusCode).toBe(200)
    expect(res.body.dry_run).toBe(true)
    expect(res.body.message).toBe('Dry run: nothing was saved. Entry created. No tags.')
    expect((await t.call('glossary_search', { query: 'Phantom' })).body.count).toBe(0)
    expect(await revisionCount()).toBe(before)
  })

  it('needs the write scope: a read key can search but not create', async () => {
    const reader = await t.key(['read'])
    const res = await t.call('glossary_create', { term: 'Nope', definition: 'x', tags: [] }, { key: reader })
    expect(res.statusCode).toBe(403)
    expect(res.body).toMatchObject({ error_code: 'SCOPE_REQUIRED', details: { required_scope: 'write' } })
    expect((await t.call('glossary_search', { query: 'Nope' }, { key: reader })).body).toMatchObject({ status: 'ok', count: 0 })
    for (const tool of ['glossary_update', 'glossary_delete']) {
      expect((await t.call(tool, { entry_id: 1, reason: 'x' }, { key: reader })).statusCode).toBe(403)
    }
  })
})

describe('unresolved references', () => {
  it('warns about [[refs]] no entry answers to, by term in any case or by term without its suffix', async () => {
    expect((await t.call('glossary_create', { term: 'Dawn (character)', definition: 'A scout.', tags: [] })).statusCode).toBe(200)
    const res = await t.call('glossary_create', { term: 'Ferry', definition: 'Carries [[Dawn]] and [[SOMA]] to [[Nowhere Isle]].', tags: [] })
    expect(res.statusCode).toBe(200)
    expect(res.body.messages.filter((m: string) => m.startsWith('No glossary entry'))).toEqual(['No glossary entry yet for [[Nowhere Isle]]'])
  })
})

describe('glossary_update', () => {
  it('changes only the given fields, reports the changed ones, and sets the last-updated context', async () => {
    const id = await create(t, { term: 'Lantern Keep', definition: 'A fortress.', tags: ['location'] }, ctxHeaders(1, 10))
    const res = await t.call('glossary_update', { entry_id: id, status: 'confirmed', tags: ['location'] }, { headers: ctxHeaders(2, 11) })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      id,
      term: 'Lantern Keep',
      fields: ['status'],
      message: 'Previous status: tentative, new status: confirmed. Unchanged: tags.',
    })
    const entry = (await entryOf(t, id)).json().entry
    expect(entry).toMatchObject({
      definition: 'A fortress.',
      status: 'confirmed',
      first_seen_post_id: 1,
      first_seen_thread_id: 10,
      last_updated_post_id: 2,
      last_updated_thread_id: 11,
    })
  })

  it("answers the seed's XML: <glossary_updated id term fields>message</glossary_updated>", async () => {
    const id = await create(t, { term: 'Ember Rite', definition: 'Old.', tags: [] })
    const res = await t.call(
      'glossary_update',
      { entry_id: id, definition: 'New and longer.', status: 'confirmed' },
      { headers: { accept: 'application/xml' } },
    )
    const node = xml.parse(res.body).glossary_updated
    expect(attrsOf(node)).toEqual(['fields', 'id', 'term'])
    expect(node).toMatchObject({ '@id': String(id), '@term': 'Ember Rite', '@fields': 'definition,status' })
    expect(node['#text']).toBe('Definition replaced (4 → 15 characters). Previous status: tentative, new status: confirmed.')
  })

  it('writes no revision when nothing changes, and says so', async () => {
    const id = await create(t, { term: 'Still Water', definition: 'Calm.', tags: ['a', 'b'] })
    const before = await revisionCount()
    const same = await t.call('glossary_update', { entry_id: id, definition: 'Calm.', tags: ['b', 'A'] })
    expect(same.body).toMatchObject({ id, fields: [], message: 'Nothing changed: definition, tags already have the given value. No revision written.' })
    const none = await t.call('glossary_update', { entry_id: id })
    expect(none.body.message).toMatch(/^Nothing to change/)
    expect(await revisionCount()).toBe(before)
  })

  it('refuses renaming onto another entry, allows a change of case, and 404s unknown ids', async () => {
    const a = await create(t, { term: 'Grey Tower', definition: 'x', tags: [] })
    const b = await create(t, { term: 'Black Tower', definition: 'y', tags: [] })
    const clash = await t.call('glossary_update', { entry_id: b, term: 'grey tower' })
    expect(clash.statusCode).toBe(409)
    expect(clash.body.details).toEqual({ entry_id: a, term: 'Grey Tower', status: 'tentative' })
    const recase = await t.call('glossary_update', { entry_id: a, term: 'Grey tower' })
    expect(recase.body).toMatchObject({ fields: ['term'], term: 'Grey tower', message: 'Previous term: Grey Tower, new term: Grey tower.' })
    const missing = await t.call('glossary_update', { entry_id: 999_999, status: 'confirmed' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toMatchObject({
      error_code: 'ENTRY_NOT_FOUND',
      error_message: 'No glossary entry with id 999999; use glossary_search to find entries',
    })
  })
})

describe('glossary_delete and the revision history', () => {
  it('keeps a readable history across create, updates and delete, oldest first', async () => {
    const id = await create(t, { term: 'Mirrorgate', definition: 'A portal.', tags: ['location'] }, ctxHeaders(100, 7))
    await t.call('glossary_update', { entry_id: id, status: 'confirmed' }, { headers: ctxHeaders(101, 7) })
    await t.call('glossary_update', { entry_id: id, definition: 'A shattered portal.', tags: ['location', 'ruin'] }, { headers: ctxHeaders(102, 8) })
    const del = await t.call(
      'glossary_delete',
      { entry_id: id, reason: '  Duplicate of entry #12. ' },
      { headers: { ...ctxHeaders(103, 8), accept: 'application/xml' } },
    )
    const node = xml.parse(del.body).glossary_deleted
    expect(attrsOf(node)).toEqual(['id'])
    expect(node).toEqual({ '@id': String(id), '#text': "Entry 'Mirrorgate' deleted. Reason: Duplicate of entry #12." })

    const res = await revisionsOf(t, id)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ entry_id: id, term: 'Mirrorgate', deleted: true, next_after: null })
    const revs = body.revisions
    expect(revs.map((r: { action: string }) => r.action)).toEqual(['create', 'update', 'update', 'delete'])
    expect(revs.map((r: { post_id: number; thread_id: number }) => [r.post_id, r.thread_id])).toEqual([
      [100, 7],
      [101, 7],
      [102, 8],
      [103, 8],
    ])
    expect(revs[0]).toMatchObject({
      fields: ['term', 'definition', 'tags', 'status'],
      old_values: null,
      new_values: { term: 'Mirrorgate', definition: 'A portal.', tags: ['location'], status: 'tentative' },
    })
    expect(revs[1]).toMatchObject({ fields: ['status'], old_values: { status: 'tentative' }, new_values: { status: 'confirmed' }, reason: null })
    expect(revs[2]).toMatchObject({
      fields: ['definition', 'tags'],
      old_values: { definition: 'A portal.', tags: ['location'] },
      new_values: { definition: 'A shattered portal.', tags: ['location', 'ruin'] },
    })
    expect(revs[3]).toMatchObject({
      reason: 'Duplicate of entry #12.',
      new_values: null,
      old_values: { term: 'Mirrorgate', definition: 'A shattered portal.', status: 'confirmed', first_seen_post_id: 100 },
    })
    expect(revs[0].actor).toEqual({ id: expect.stringMatching(/^key_/), name: 'bootstrap' })
    expect(revs.every((r: { execution_id: string }) => /^[0-9a-f-]{36}$/.test(r.execution_id))).toBe(true)
    expect(revs.map((r: { id: number }) => r.id)).toEqual([...revs.map((r: { id: number }) => r.id)].sort((a: number, b: number) => a - b))

    const gone = await entryOf(t, id)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error_message).toContain(`GET /v1/glossary/entries/${id}/revisions`)
    const again = await t.call('glossary_delete', { entry_id: id, reason: 'again' })
    expect(again.statusCode).toBe(404)
    expect(again.body.error_message).toMatch(/was deleted \(reason: Duplicate of entry #12\.\)/)
  })

  it('pages the history', async () => {
    const id = await create(t, { term: 'Pager', definition: 'v0', tags: [] })
    for (let i = 1; i <= 3; i++) await t.call('glossary_update', { entry_id: id, definition: `v${i}` })
    const first = await t.app.inject({ url: `/v1/glossary/entries/${id}/revisions?limit=3`, headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(first.json().revisions).toHaveLength(3)
    const next = first.json().next_after
    const rest = await t.app.inject({ url: `/v1/glossary/entries/${id}/revisions?limit=3&after=${next}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(rest.json()).toMatchObject({ deleted: false, term: 'Pager', next_after: null })
    expect(rest.json().revisions.map((r: { new_values: { definition: string } }) => r.new_values.definition)).toEqual(['v3'])
  })

  it('requires a reason that says something', async () => {
    const id = await create(t, { term: 'Keeper', definition: 'x', tags: [] })
    const missing = await t.call('glossary_delete', { entry_id: id })
    expect(missing.statusCode).toBe(400)
    expect(missing.body.error_message).toBe('Missing required parameter: reason')
    const blank = await t.call('glossary_delete', { entry_id: id, reason: '  ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.body.error_message).toBe('Value for reason must contain a non-space character')
    expect((await entryOf(t, id)).statusCode).toBe(200)
  })

  it('guards the routes with the read scope and 404s unknown entries', async () => {
    const id = await create(t, { term: 'Guarded', definition: 'x', tags: [] })
    expect((await t.app.inject({ url: `/v1/glossary/entries/${id}/revisions` })).statusCode).toBe(401)
    const writer = await t.key(['write'])
    expect((await revisionsOf(t, id, writer)).statusCode).toBe(403)
    const reader = await t.key(['read'])
    expect((await revisionsOf(t, id, reader)).json().revisions).toHaveLength(1)
    expect((await entryOf(t, id, reader)).json().entry.term).toBe('Guarded')
    const unknown = await revisionsOf(t, 888_888)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error_code).toBe('ENTRY_NOT_FOUND')
    expect((await revisionsOf(t, 0)).statusCode).toBe(400)
  })
})
