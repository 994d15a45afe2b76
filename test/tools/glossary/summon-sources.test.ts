/**
 * Summon without an LLM (issue 17 item 10): the answer holds the frozen entries *and* the posts
 * they were written from, in the seed's <summoned_context> XML, so that a human can still read
 * what the past agent knew; bounded (entries, posts, characters), with the caps said in the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { SCENE, XML, createEntry, post, seedScene, snapshot, thread, updateDefinition, updateStatus, xml } from './helpers.js'

let t: TestApp
let key: string
let scene: Awaited<ReturnType<typeof seedScene>>
const session = (id: string, extra: Record<string, string> = {}) => ({ key, headers: { 'x-session-id': id, ...extra } })
const summon = async (id: number, query: string, s: string) => {
  const res = await t.call('summon_snapshot', { snapshot_id: id, query }, session(s))
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  await t.call('summon_dismiss', { summary: 'done' }, session(s))
  return res.body.response as string
}

beforeAll(async () => {
  t = await buildTestApp()
  expect(t.app.toolServices.llm.configured).toBe(false)
  key = await t.key(['read'])
  scene = await seedScene(t)
})
afterAll(async () => t?.close())

describe("the seed's XML, with the posts", () => {
  it('summon_snapshot: <summoned_context> whose response quotes each entry and the post it was written from', async () => {
    const res = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'What did vys mean then?' }, session('s1', XML))
    expect(res.statusCode).toBe(200)
    const doc = xml.parse(res.body).summoned_context
    expect(doc).toMatchObject({ '@snapshot_id': String(scene.snapshotId), '@thread_position': '2' })
    expect(doc.available_actions).toBe('Use summon_continue to ask follow-up questions, or summon_dismiss to end.')
    const text: string = doc.response
    expect(text).toMatch(/^\[Retrieval answer: no LLM is configured/)
    expect(text).toMatch(/At most 5 entries, 3 source posts per entry and 8 posts in all; definitions cut at 1200 characters, posts at 600/)
    const vys = text.indexOf(`vys (entry ${scene.vysId}): "${SCENE.vysDefinition}"`)
    const source = text.indexOf(`  Written from post 1001 (thread 100, position 1, Soma, 2014-02-16T01:24:30.000Z): "${SCENE.relevantPosts[1001]}"`)
    expect(vys).toBeGreaterThan(0)
    expect(source).toBeGreaterThan(vys)
    // Never what came after the snapshot: the later revision's post, its definition, its entry.
    expect(text).not.toContain('1004')
    expect(text).not.toContain('LATER-')
    expect(text).not.toContain(SCENE.laterTerm)
  })

  it('summon_continue answers the same way', async () => {
    const res = await t.call('summon_continue', { message: 'And who was a vatis?' }, session('s1', XML))
    const text: string = xml.parse(res.body).summoned_response['#text']
    expect(text).toContain(`vatis (entry ${scene.vatisId}): "${SCENE.vatisDefinition}"`)
    expect(text).toContain(`Written from post 1003 (thread 101, position 2, Soma, 2014-02-16T01:24:30.000Z): "${SCENE.relevantPosts[1003]}"`)
    await t.call('summon_dismiss', { summary: 'done' }, session('s1'))
  })
})

describe('bounded', () => {
  let snap: number
  beforeAll(async () => {
    await thread(t, 200, 4)
    for (let i = 1; i <= 40; i++) {
      const body = i === 1 ? `Caldera ${'ash '.repeat(300)}END-OF-LONG-POST` : `Post ${2000 + i} on the caldera.`
      await post(t, { id: 2000 + i, thread: 200, body, at: `2014-03-01T00:${String(i).padStart(2, '0')}:00Z` })
    }
    // One entry written from five posts; seven more entries written from three posts each.
    const vey = await createEntry(t, { term: 'Caldera Vey', definition: 'The caldera city.', post: 2001, thread: 200 })
    for (const p of [2002, 2003, 2004]) await updateStatus(t, vey, p % 2 ? 'confirmed' : 'tentative', { post: p, thread: 200 })
    await updateDefinition(t, vey, 'The caldera city, rebuilt.', { post: 2005, thread: 200 })
    for (let e = 0; e < 7; e++) {
      const id = await createEntry(t, { term: `Caldera ward ${e}`, definition: `A ward of the caldera (${e}).`, post: 2010 + e * 3, thread: 200 })
      await updateStatus(t, id, 'confirmed', { post: 2011 + e * 3, thread: 200 })
      await updateStatus(t, id, 'tentative', { post: 2012 + e * 3, thread: 200 })
    }
    await createEntry(t, { term: 'Caldera gate', definition: 'Written without a post context.' })
    snap = (await snapshot(t, { type: 'manual', thread_id: 200 })).body.snapshot.id
  })

  it('per entry: the first post it was written from and the latest two, each cut at 600 characters', async () => {
    const text = await summon(snap, 'Caldera Vey', 'b1')
    const block = text.slice(text.indexOf('Caldera Vey (entry'))
    const shown = [...block.split('\n\n')[0].matchAll(/Written from post (\d+)/g)].map((m) => Number(m[1]))
    expect(shown).toEqual([2001, 2004, 2005])
    const long = /Written from post 2001 \([^)]*\): "(Caldera (?:ash )+[^"]*)"/.exec(text)
    expect(long?.[1].length).toBeGreaterThan(590)
    expect(long?.[1].length).toBeLessThanOrEqual(601)
    expect(long?.[1].endsWith('…')).toBe(true)
    expect(text).not.toContain('END-OF-LONG-POST')
  })

  it('in all: at most 5 entries and 8 posts, and it says how many were left out', async () => {
    const text = await summon(snap, 'caldera ward', 'b2')
    expect([...text.matchAll(/^\S.* \(entry \d+\): "/gm)]).toHaveLength(5)
    expect([...text.matchAll(/^ {2}(Written from|From) post \d+/gm)]).toHaveLength(8)
    expect(text).toMatch(/^ {2}\(\d+ more source posts? left out: at most 8 posts in all\)$/m)
  })

  it('an entry without a source post says so; other posts read by then that bear on the message fill the room', async () => {
    await thread(t, 300, 5)
    await thread(t, 301, 6)
    await post(t, { id: 3001, thread: 300, body: 'An ember moth landed on the lantern.' })
    await post(t, { id: 3002, thread: 300, body: 'Bread and onions at the market.' })
    await post(t, { id: 3003, thread: 301, body: 'LATER: the ember moth swarm.' })
    await createEntry(t, { term: 'Ember moth', definition: 'A moth drawn to vys light.' })
    const id = (await snapshot(t, { type: 'manual', thread_id: 300 })).body.snapshot.id
    const text = await summon(id, 'Ember moth', 'b3')
    expect(text).toContain('Ember moth (entry')
    expect(text).toContain('  (no source post: written without a post context, or from posts the corpus does not hold)')
    expect(text).toContain('Other posts read by then that bear on your message:\n  From post 3001 (thread 300, position 5, Soma, ')
    expect(text).not.toContain('3002')
    expect(text).not.toContain('LATER')
  })
})
