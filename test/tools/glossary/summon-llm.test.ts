/**
 * summon_snapshot / summon_continue / summon_dismiss with an LLM (the stand-in): what the summoned
 * agent is sent (the snapshot's entries and the relevant posts read by its position, nothing
 * later), one active summon per session, every earlier turn sent along, the dismiss summary
 * logged and kept, and the seed's XML for each.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { completion, startLlmStandIn, type LlmStandIn, type StandInRequest } from '../../support/llm-stand-in.js'
import { execution } from '../text/helpers.js'
import { SCENE, XML, query, seedScene, snapshot, xml } from './helpers.js'

let t: TestApp
let standIn: LlmStandIn
let key: string
let scene: Awaited<ReturnType<typeof seedScene>>
const session = (id: string, extra: Record<string, string> = {}) => ({ key, headers: { 'x-session-id': id, ...extra } })
const lastUser = (r: StandInRequest) => r.body.messages.at(-1).content as string

beforeAll(async () => {
  standIn = await startLlmStandIn((req) =>
    lastUser(req).includes('FAIL-ME')
      ? { status: 400, body: { error: { message: 'refused by the stand-in' } } }
      : { body: completion(`Answer to: ${lastUser(req)}`) },
  )
  t = await buildTestApp({ env: { LLM_BASE_URL: standIn.url, LLM_MODEL: 'stand-in' } })
  key = await t.key(['read'])
  scene = await seedScene(t)
})
afterAll(async () => {
  await t?.close()
  await standIn?.close()
})
beforeEach(() => {
  standIn.requests.length = 0
})

describe('summon_snapshot', () => {
  it("sends the snapshot's glossary and the relevant posts read by its position, and answers turn 1", async () => {
    const q = 'What did you know about vys and its crystalline channels?'
    const res = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: q }, session('s-main'))
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      snapshot_id: scene.snapshotId,
      thread_position: 2,
      response: `Answer to: ${q}`,
      available_actions: 'Use summon_continue to ask follow-up questions, or summon_dismiss to end.',
    })
    expect(res.body.messages).toEqual([])

    expect(standIn.requests).toHaveLength(1)
    const [system, user] = standIn.requests[0].body.messages
    expect(standIn.requests[0].body.messages).toHaveLength(2)
    expect(system.role).toBe('system')
    expect(system.content).toMatch(/annotation agent as you were at thread position 2/)
    expect(system.content).toMatch(new RegExp(`snapshot ${scene.snapshotId}\\b`))
    expect(system.content).toMatch(/read-only/)
    // The frozen glossary, not today's.
    expect(system.content).toContain(SCENE.vysDefinition)
    expect(system.content).toContain('A practitioner of [[vys]]-based magic')
    expect(system.content).not.toContain('LATER-DEFINITION')
    expect(system.content).not.toContain(SCENE.laterTerm)
    // The posts read by position 2 that bear on the question; not the unrelated one, not the later one.
    expect(system.content).toContain(SCENE.relevantPosts[1001])
    expect(system.content).toContain(SCENE.relevantPosts[1003])
    expect(system.content).not.toContain(SCENE.irrelevantPost)
    expect(system.content).not.toContain('LATER-POST')
    expect(user).toEqual({ role: 'user', content: q })

    const row = await execution(t, res.body.execution_id)
    expect(row.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 })
    const turns = await query(t, sql`SELECT turn, message, response, mode FROM summon_turns ORDER BY turn`)
    expect(turns).toEqual([{ turn: 1, message: q, response: `Answer to: ${q}`, mode: 'llm' }])
  })

  it('refuses a second summon in the same session with 409 naming the active snapshot, without asking the LLM', async () => {
    const res = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'again?' }, session('s-main'))
    expect(res.statusCode).toBe(409)
    expect(res.body).toMatchObject({ error_code: 'SUMMON_ACTIVE', details: { snapshot_id: scene.snapshotId, turns: 1 } })
    expect(res.body.error_message).toMatch(new RegExp(`^Snapshot ${scene.snapshotId} is already summoned in this session .*summon_dismiss`))
    expect(standIn.requests).toHaveLength(0)
  })

  it("lets another session summon at the same time, answering in the seed's XML", async () => {
    const other = await snapshot(t, { type: 'curator_fork', thread_position: 3 })
    const res = await t.call('summon_snapshot', { snapshot_id: other.body.snapshot.id, query: 'Who is Rhynia?' }, session('s-other', XML))
    expect(res.statusCode).toBe(200)
    const doc = xml.parse(res.body)
    expect(Object.keys(doc).filter((k) => k !== '?xml')).toEqual(['summoned_context'])
    const c = doc.summoned_context
    expect(Object.keys(c).sort()).toEqual(['@snapshot_id', '@thread_position', 'available_actions', 'response'])
    expect(c).toMatchObject({ '@snapshot_id': String(other.body.snapshot.id), '@thread_position': '3', response: 'Answer to: Who is Rhynia?' })
    expect(c.available_actions).toBe('Use summon_continue to ask follow-up questions, or summon_dismiss to end.')
    // Position 3 knows the later post and the later entry.
    expect(standIn.requests[0].text).toContain(SCENE.laterTerm)
    const active = await query(t, sql`SELECT session_id, snapshot_id FROM summons WHERE status = 'active' ORDER BY session_id`)
    expect(active).toEqual([
      { session_id: 's-main', snapshot_id: scene.snapshotId },
      { session_id: 's-other', snapshot_id: other.body.snapshot.id },
    ])
  })

  it('answers 404 SNAPSHOT_NOT_FOUND for an unknown snapshot, claiming nothing', async () => {
    const res = await t.call('summon_snapshot', { snapshot_id: 99999, query: 'hello?' }, session('s-404'))
    expect(res.statusCode).toBe(404)
    expect(res.body).toMatchObject({ error_code: 'SNAPSHOT_NOT_FOUND' })
    expect(await query(t, sql`SELECT id FROM summons WHERE session_id = 's-404'`)).toEqual([])
  })

  it('leaves no summon behind when the LLM fails', async () => {
    const res = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'FAIL-ME please' }, session('s-fail'))
    expect(res.statusCode).toBe(502)
    expect(res.body.error_code).toBe('UPSTREAM_ERROR')
    expect(await query(t, sql`SELECT id FROM summons WHERE session_id = 's-fail'`)).toEqual([])
    const retry = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'vys?' }, session('s-fail'))
    expect(retry.statusCode).toBe(200)
  })

  it.each([
    [{ snapshot_id: 0, query: 'x' }, /snapshot_id/],
    [{ snapshot_id: 1, query: '' }, /query/],
    [{ snapshot_id: 1, query: '   ' }, /query is empty/],
    [{ query: 'x' }, /Missing required parameter: snapshot_id/],
  ])('refuses %j', async (body, message) => {
    const res = await t.call('summon_snapshot', body, session('s-bad'))
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toMatch(message)
    expect(await query(t, sql`SELECT id FROM summons WHERE session_id = 's-bad'`)).toEqual([])
  })
})

describe('summon_continue', () => {
  it('sends every earlier turn and numbers the follow-ups 2, 3', async () => {
    const second = await t.call('summon_continue', { message: 'And the vatis?' }, session('s-main'))
    expect(second.statusCode).toBe(200)
    expect(second.body).toMatchObject({ turn: 2, response: 'Answer to: And the vatis?' })
    const sent = standIn.requests[0].body.messages.map((m: any) => [m.role, m.content])
    expect(sent.slice(1)).toEqual([
      ['user', 'What did you know about vys and its crystalline channels?'],
      ['assistant', 'Answer to: What did you know about vys and its crystalline channels?'],
      ['user', 'And the vatis?'],
    ])
    expect(sent[0][0]).toBe('system')
    expect(sent[0][1]).not.toContain('LATER-POST')

    const third = await t.call('summon_continue', { message: 'Anything about blue crystals?' }, session('s-main', XML))
    const doc = xml.parse(third.body)
    expect(doc.summoned_response).toEqual({ '@turn': '3', '#text': 'Answer to: Anything about blue crystals?' })
    expect(standIn.requests[1].body.messages).toHaveLength(6)
    expect(standIn.requests[1].body.messages[4]).toEqual({ role: 'assistant', content: 'Answer to: And the vatis?' })
    const turns = await query(
      t,
      sql`SELECT t.turn, t.mode FROM summon_turns t JOIN summons s ON s.id = t.summon_id WHERE s.session_id = 's-main' ORDER BY turn`,
    )
    expect(turns).toEqual([
      { turn: 1, mode: 'llm' },
      { turn: 2, mode: 'llm' },
      { turn: 3, mode: 'llm' },
    ])
  })

  it('answers 409 NO_ACTIVE_SUMMON in a session without one', async () => {
    const res = await t.call('summon_continue', { message: 'hello?' }, session('s-none'))
    expect(res.statusCode).toBe(409)
    expect(res.body.error_code).toBe('NO_ACTIVE_SUMMON')
    expect(standIn.requests).toHaveLength(0)
  })
})

describe('summon_dismiss', () => {
  it('ends the dialogue, keeps and logs the summary, and frees the session', async () => {
    const summary = 'Learned that vys flowed through crystalline channels at position 2.'
    const res = await t.call('summon_dismiss', { summary }, session('s-main'))
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ snapshot_id: scene.snapshotId, turns: 3, message: 'Dialogue ended. Summary logged.' })
    const [row] = await query(t, sql`SELECT id, status, summary, turns, dismissed_at FROM summons WHERE session_id = 's-main'`)
    expect(row).toMatchObject({ status: 'dismissed', summary, turns: 3 })
    expect(row.dismissed_at).not.toBeNull()
    const logged = t.logs.records().find((r) => r.summon_id === row.id && r.summary !== undefined)
    expect(logged).toMatchObject({ level: 'info', snapshot_id: scene.snapshotId, turns: 3, summary, session: 's-main' })
    expect(logged!.msg).toMatch(/dismissed after 3 turns/)

    expect((await t.call('summon_continue', { message: 'still there?' }, session('s-main'))).body.error_code).toBe('NO_ACTIVE_SUMMON')
    expect((await t.call('summon_dismiss', { summary: 'again' }, session('s-main'))).body.error_code).toBe('NO_ACTIVE_SUMMON')
    const again = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'vys?' }, session('s-main'))
    expect(again.statusCode).toBe(200)
  })

  it("answers in the seed's XML", async () => {
    const res = await t.call('summon_dismiss', { summary: 'Nothing new.' }, session('s-other', XML))
    const doc = xml.parse(res.body)
    expect(Object.keys(doc.summoned_dismissed).sort()).toEqual(['#text', '@snapshot_id', '@turns'])
    expect(doc.summoned_dismissed).toMatchObject({ '@turns': '1', '#text': 'Dialogue ended. Summary logged.' })
  })

  it('refuses an empty summary and keeps the summon active', async () => {
    const res = await t.call('summon_dismiss', { summary: ' ' }, session('s-main'))
    expect(res.statusCode).toBe(400)
    expect(await query(t, sql`SELECT status FROM summons WHERE session_id = 's-main' AND status = 'active'`)).toHaveLength(1)
  })

  it('without X-Session-Id, keeps the summon under the key', async () => {
    const other = await t.key(['read'], 'no-session')
    expect((await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'vys?' }, { key: other })).statusCode).toBe(200)
    const second = await t.call('summon_snapshot', { snapshot_id: scene.snapshotId, query: 'vys?' }, { key: other })
    expect(second.body.error_code).toBe('SUMMON_ACTIVE')
    const [row] = await query(t, sql`SELECT session_id FROM summons WHERE status = 'active' AND session_id LIKE 'key:%'`)
    expect(row.session_id).toMatch(/^key:/)
  })
})
