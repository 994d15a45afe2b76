/**
 * Summoning without an LLM: the answer is the snapshot's own entries most similar to the message,
 * quoted with their terms (the frozen definitions, not today's), and it says so in the text and
 * in `messages`; turns are kept with mode `retrieval`.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { SCENE, XML, query, seedScene, xml } from './helpers.js'

let t: TestApp
let key: string
let scene: Awaited<ReturnType<typeof seedScene>>
const session = (id: string, extra: Record<string, string> = {}) => ({ key, headers: { 'x-session-id': id, ...extra } })

beforeAll(async () => {
  t = await buildTestApp()
  expect(t.app.toolServices.llm.configured).toBe(false)
  key = await t.key(['read'])
  scene = await seedScene(t)
})
afterAll(async () => t?.close())

describe('summoning without an LLM', () => {
  it('quotes the frozen entries most similar to the query and says it is a retrieval', async () => {
    const res = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'What was vys back then?' }, session('r1'))
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ snapshot_id: scene.snapshotId, thread_position: 2 })
    const text: string = res.body.response
    expect(text).toMatch(/^\[Retrieval answer: no LLM is configured/)
    expect(text).toContain(`vys (entry ${scene.vysId}): "${SCENE.vysDefinition}"`)
    expect(text).not.toContain('LATER-DEFINITION')
    expect(text).not.toContain(SCENE.laterTerm)
    expect(res.body.messages).toHaveLength(1)
    expect(res.body.messages[0]).toMatch(/No LLM is configured .*answered by retrieval/)
    const [turn] = await query(t, sql`SELECT t.turn, t.mode, t.response FROM summon_turns t JOIN summons s ON s.id = t.summon_id WHERE s.session_id = 'r1'`)
    expect(turn).toMatchObject({ turn: 1, mode: 'retrieval', response: text })
  })

  it("continues by retrieval too, as turn 2, in the seed's XML", async () => {
    const res = await t.call('summon_continue', { message: 'And who was a vatis?' }, session('r1', XML))
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(res.headers['x-tool-messages'])[0]).toMatch(/answered by retrieval/)
    const doc = xml.parse(res.body)
    expect(doc.summoned_response['@turn']).toBe('2')
    expect(doc.summoned_response['#text']).toContain(`vatis (entry ${scene.vatisId}): "${SCENE.vatisDefinition}"`)
  })

  it('says when no entry resembles the message', async () => {
    const res = await t.call('summon_continue', { message: 'qqqq zzzz xxxx' }, session('r1'))
    expect(res.body.turn).toBe(3)
    expect(res.body.response).toContain("None of the snapshot's 2 entries resembles your message")
  })

  it("another key naming the same session has no part in this key's summon: it neither continues nor dismisses it", async () => {
    const other = { key: await t.key(['read'], 'summon-other'), headers: { 'x-session-id': 'r1' } }
    const res = await t.call('summon_continue', { message: 'What did they ask?' }, other)
    expect(res.statusCode).toBe(409)
    expect(res.body.error_code).toBe('NO_ACTIVE_SUMMON')
    expect((await t.call('summon_dismiss', { summary: 'hijacked' }, other)).body.error_code).toBe('NO_ACTIVE_SUMMON')
    // a summon of its own in that session is allowed beside this key's
    expect((await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'vys?' }, other)).statusCode).toBe(200)
    expect((await t.call('summon_dismiss', { summary: 'its own' }, other)).body.turns).toBe(1)
  })

  it('dismisses with the turn count', async () => {
    const res = await t.call('summon_dismiss', { summary: 'Retrieval only.' }, session('r1'))
    expect(res.body).toMatchObject({ snapshot_id: scene.snapshotId, turns: 3, message: 'Dialogue ended. Summary logged.' })
  })
})
