/**
 * POST /v1/snapshots and GET /v1/snapshots/:id: scopes, validation (nothing taken on bad input),
 * counts, the position taken from a known thread, a frozen state that later edits do not touch,
 * and one checkpoint per position.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { createEntry, query, snapshot, thread, updateDefinition } from './helpers.js'

let t: TestApp
let readKey: string
let writeKey: string
const get = (url: string, key = readKey) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } })
const count = async () => Number((await query(t, sql`SELECT count(*) AS n FROM snapshots`))[0].n)

const VYS = { term: 'vys', definition: 'The fundamental magical energy in the setting, analogous to mana.', tags: ['mechanic', 'magic'] }
const VATIS = { term: 'vatis', definition: 'A practitioner of [[vys]]-based magic.', tags: ['mechanic'] }
const tokensOf = (...es: { term: string; definition: string; tags: string[] }[]) =>
  Math.ceil(es.reduce((n, e) => n + e.term.length + e.definition.length + e.tags.join(',').length, 0) / 4)

beforeAll(async () => {
  t = await buildTestApp()
  readKey = await t.key(['read'])
  writeKey = await t.key(['read', 'write'])
  await thread(t, 30265887, 7)
})
afterAll(async () => t?.close())

describe('POST /v1/snapshots refuses', () => {
  it('a caller without a key (401) or without the write scope (403)', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/v1/snapshots', payload: { type: 'manual', thread_position: 1 } })
    expect(anon.statusCode).toBe(401)
    expect(anon.json().error_code).toBe('UNAUTHORIZED')
    const read = await snapshot(t, { type: 'manual', thread_position: 1 }, readKey)
    expect(read.statusCode).toBe(403)
    expect(read.body).toMatchObject({ error_code: 'SCOPE_REQUIRED', details: { required_scope: 'write' } })
    expect(await count()).toBe(0)
  })

  it.each([
    [{ thread_position: 1 }, /type/],
    [{ type: 'fork', thread_position: 1 }, /allowed values|must be equal to one of/],
    [{ type: 'manual', thread_position: -1 }, /thread_position must be >= 0/],
    [{ type: 'manual', thread_position: 1.5 }, /thread_position must be integer/],
    [{ type: 'manual', thread_id: 0, thread_position: 1 }, /thread_id must be >= 1/],
    [{ type: 'manual', thread_position: 1, position: 2 }, /additional properties/],
    [{ type: 'manual' }, /Pass thread_position, or a thread_id/],
  ])('bad body %j with a clear 400', async (body, message) => {
    const res = await snapshot(t, body, writeKey)
    expect(res.statusCode).toBe(400)
    expect(res.body.error_code).toBe('VALIDATION_ERROR')
    expect(res.body.error_message).toMatch(message)
    expect(await count()).toBe(0)
  })

  it('an unknown thread without a position (404)', async () => {
    const res = await snapshot(t, { type: 'manual', thread_id: 999 }, writeKey)
    expect(res.statusCode).toBe(404)
    expect(res.body).toMatchObject({ error_code: 'THREAD_NOT_FOUND' })
    expect(res.body.error_message).toMatch(/Thread 999 is not in the corpus/)
    expect(await count()).toBe(0)
  })
})

describe('taking snapshots', () => {
  let first: any
  it('freezes every entry with its counts (201, Location)', async () => {
    await createEntry(t, VYS)
    await createEntry(t, VATIS)
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/snapshots',
      headers: { authorization: `Bearer ${writeKey}` },
      payload: { type: 'manual', thread_position: 0 },
    })
    expect(res.statusCode).toBe(201)
    first = res.json().snapshot
    expect(res.headers.location).toBe(`/v1/snapshots/${first.id}`)
    expect(first).toMatchObject({
      type: 'manual',
      thread: null,
      thread_position: 0,
      entry_count: 2,
      tokens: tokensOf(VYS, VATIS),
      created_by: expect.any(String),
    })
    expect(first.last_revision_id).toBe(Number((await query(t, sql`SELECT max(id) AS m FROM glossary_revisions`))[0].m))
    expect(first.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it('takes the position of a known thread when none is given', async () => {
    const res = await snapshot(t, { type: 'curator_fork', thread_id: 30265887 }, writeKey)
    expect(res.statusCode).toBe(201)
    expect(res.body.snapshot).toMatchObject({ type: 'curator_fork', thread: 30265887, thread_position: 7, entry_count: 2 })
  })

  it('keeps the frozen state when the glossary changes afterwards', async () => {
    const [vys] = await query(t, sql`SELECT id FROM glossary_entries WHERE term = 'vys'`)
    await updateDefinition(t, Number(vys.id), 'Rewritten later.')
    await createEntry(t, { term: 'Rhynia', definition: 'The ruined empire.', tags: ['location'] })
    const res = await get(`/v1/snapshots/${first.id}?include=entries`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.snapshot).toMatchObject({ id: first.id, entry_count: 2, tokens: first.tokens })
    expect(body.entries.map((e: any) => e.term).sort()).toEqual(['vatis', 'vys'])
    expect(body.entries.find((e: any) => e.term === 'vys')).toMatchObject({ definition: VYS.definition, tags: ['mechanic', 'magic'], status: 'tentative' })
    const later = await snapshot(t, { type: 'manual', thread_position: 8 }, writeKey)
    expect(later.body.snapshot.entry_count).toBe(3)
    expect(later.body.snapshot.last_revision_id).toBeGreaterThan(first.last_revision_id)
  })

  it('shows a snapshot without its entries unless asked', async () => {
    const res = await get(`/v1/snapshots/${first.id}`)
    expect(res.json()).toEqual({ snapshot: expect.objectContaining({ id: first.id }) })
    expect((await get(`/v1/snapshots/${first.id}?include=terms`)).statusCode).toBe(400)
    const missing = await get('/v1/snapshots/99999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error_code: 'SNAPSHOT_NOT_FOUND', error_message: 'No snapshot with id 99999' })
    expect((await t.app.inject({ method: 'GET', url: `/v1/snapshots/${first.id}` })).statusCode).toBe(401)
  })
})

describe('one checkpoint per position', () => {
  it('answers 409 CONFLICT naming the existing checkpoint; other types may repeat', async () => {
    const a = await snapshot(t, { type: 'checkpoint', thread_id: 30265887, thread_position: 42 }, writeKey)
    expect(a.statusCode).toBe(201)
    const before = await count()
    const b = await snapshot(t, { type: 'checkpoint', thread_position: 42 }, writeKey)
    expect(b.statusCode).toBe(409)
    expect(b.body).toMatchObject({ error_code: 'CONFLICT', details: { snapshot_id: a.body.snapshot.id, thread_position: 42 } })
    expect(b.body.error_message).toBe(`A checkpoint already exists at thread position 42: snapshot ${a.body.snapshot.id}`)
    expect(await count()).toBe(before)
    const orphan = await query(t, sql`SELECT count(*) AS n FROM snapshot_entries WHERE snapshot_id NOT IN (SELECT id FROM snapshots)`)
    expect(Number(orphan[0].n)).toBe(0)
    for (let i = 0; i < 2; i++) expect((await snapshot(t, { type: 'manual', thread_position: 42 }, writeKey)).statusCode).toBe(201)
  })
})
