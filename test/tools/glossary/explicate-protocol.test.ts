/**
 * Explicate as a protocol (issue 17 item 7): the agent's message as seed 004 shows it, the quoted
 * passages found inside it (any quotation marks, several passages, the entry named around them),
 * and text that has since been rewritten traced through revisions and snapshots to the snapshot
 * that still holds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../helper.js'
import { XML, createEntry, post, query, snapshot, thread, updateDefinition, xml } from './helpers.js'

let t: TestApp
let key: string
let vys: number
let vatis: number
let dawn: number
let snapA: number
let snapB: number
let snapC: number

const ORIGINAL = 'The fundamental magical energy in the setting, analogous to mana.'
const ADDED = 'The vys flows through crystalline channels in the body.'
const REWRITTEN = 'It is carried by the blood, not by channels.'
const SEED_MESSAGE =
  'I need clarification on this part of the vys entry:\n"the vys flows through crystalline channels in the body"\n\nCan you show me the source for this?'
const SHARED = 'draws on the hollow lines'

const call = (body: object, headers: Record<string, string> = {}) => t.call('explicate', body, { key, headers })
const revisionIds = async (entry: number) =>
  (await query(t, sql`SELECT id FROM glossary_revisions WHERE entry_id = ${entry} ORDER BY id`)).map((r) => Number(r.id))

beforeAll(async () => {
  t = await buildTestApp()
  key = await t.key(['read'])
  await thread(t, 30265887, 1)
  await thread(t, 30265890, 2)
  await thread(t, 30265891, 3)
  await post(t, { id: 100, thread: 30265887, body: 'Soma: vys is the energy everything runs on, like mana.' })
  await post(t, { id: 200, thread: 30265890, body: 'Soma: the vys flows through crystalline channels in the body.' })
  await post(t, { id: 300, thread: 30265891, body: 'Soma: correction, the blood carries it.' })
  vys = await createEntry(t, { term: 'vys', definition: ORIGINAL, post: 100, thread: 30265887 })
  vatis = await createEntry(t, { term: 'vatis', definition: `A practitioner who ${SHARED} of [[vys]].`, post: 100, thread: 30265887 })
  dawn = await createEntry(t, { term: 'Dawn (character)', definition: `A scout who ${SHARED} at night.`, post: 100, thread: 30265887 })
  snapA = (await snapshot(t, { type: 'checkpoint', thread_id: 30265887, thread_position: 1 })).body.snapshot.id
  await updateDefinition(t, vys, `${ORIGINAL} ${ADDED}`, { post: 200, thread: 30265890 })
  snapB = (await snapshot(t, { type: 'checkpoint', thread_id: 30265890, thread_position: 2 })).body.snapshot.id
  // Thread 3 rewrites the sentence away: only the history and snapshot B still hold it.
  await updateDefinition(t, vys, `${ORIGINAL} ${REWRITTEN}`, { post: 300, thread: 30265891 })
  snapC = (await snapshot(t, { type: 'checkpoint', thread_id: 30265891, thread_position: 3 })).body.snapshot.id
})
afterAll(async () => t?.close())

describe("the seed's message", () => {
  it('finds the quoted passage, traces the rewritten text to its post and to the snapshot that still holds it', async () => {
    const [, added, rewrote] = await revisionIds(vys)
    const res = await call({ message: SEED_MESSAGE })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      quote: 'the vys flows through crystalline channels in the body',
      entry_id: vys,
      term: 'vys',
      match: 'rewritten',
      source_post: { id: 200, thread_id: 30265890 },
      authored_by: { snapshot_id: snapB },
      revision: { id: added, post_id: 200 },
      rewritten_by: { id: rewrote, action: 'update', post_id: 300 },
      suggestion: `Use summon_snapshot with snapshot_id=${snapB} to discuss with authoring context`,
    })
    expect(res.body.note).toBe(
      `This passage is no longer in entry ${vys}'s definition: revision ${added} wrote it, revision ${rewrote} rewrote it (${res.body.rewritten_by.created_at}, from post 300).`,
    )
    expect(res.body.messages).toEqual([res.body.note])
  })

  it("answers in the seed's first XML form, over POST /v1/explicate with the message as plain text", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/explicate',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain', ...XML },
      payload: SEED_MESSAGE,
    })
    expect(res.statusCode).toBe(200)
    const e = xml.parse(res.body).explication
    expect(Object.keys(e).sort()).toEqual(['@entry_id', '@term', 'authored_by', 'note', 'source_post', 'suggestion'])
    expect(e.authored_by).toEqual({ '@snapshot_id': String(snapB) })
    expect(e.source_post).toMatchObject({ '@id': '200', '@thread_id': '30265890' })
  })

  it('a passage still in the definition: the exact form, from the current text', async () => {
    const res = await call({ message: `In the vys entry, what is the source of "${ORIGINAL}"?` })
    expect(res.body).toMatchObject({ match: 'exact', entry_id: vys, source_post: { id: 100 }, authored_by: { snapshot_id: snapA } })
    expect(res.body.suggestion).toBeUndefined()
  })
})

describe('quotation marks', () => {
  it.each([
    ['straight double', '"vys flows through crystalline channels"'],
    ['curly double', '“vys flows through crystalline channels”'],
    ['German', '„vys flows through crystalline channels“'],
    ['guillemets', '« vys flows through crystalline channels »'],
    ['curly single', '‘vys flows through crystalline channels’'],
    ['straight single', "'vys flows through crystalline channels'"],
    ['block quote', '\n> vys flows through\n> crystalline channels\n\n'],
    ['with ellipses', '"…vys flows through crystalline channels..."'],
  ])('%s', async (_, quoted) => {
    const res = await call({ message: `What's the vys's entry based on here: ${quoted} Can you show me the source?` })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      quote: expect.stringMatching(/^vys flows through crystalline channels$/),
      match: 'rewritten',
      authored_by: { snapshot_id: snapB },
    })
  })

  it('no quoted passage is a 400 that says how to quote; so are quote and message together, or neither', async () => {
    for (const message of ['Where does the vys entry come from?', "The vatis's entry isn't clear", 'An unclosed "quote here']) {
      const res = await call({ message })
      expect(res.statusCode).toBe(400)
      expect(res.body).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        error_message: expect.stringMatching(/^No quoted passage found in message: put the passage/),
      })
    }
    expect((await call({ quote: 'x', message: '"x"' })).body.error_message).toBe(
      'Give either quote (a bare passage) or message (your message quoting passages), not both',
    )
    expect((await call({})).body.error_message).toBe('Missing required parameter: quote (or message)')
  })
})

describe('several passages, and the entry named', () => {
  it('one explication per passage, in order; XML <explications>', async () => {
    const message = `Two things: "${ORIGINAL}" and “${REWRITTEN}” — where do they come from?`
    const res = await call({ message })
    expect(res.body).toMatchObject({ count: 2 })
    expect(res.body.explications.map((e: { quote: string; match: string }) => [e.quote, e.match])).toEqual([
      [ORIGINAL, 'exact'],
      [REWRITTEN, 'exact'],
    ])
    expect(res.body.explications[1]).toMatchObject({ source_post: { id: 300 }, authored_by: { snapshot_id: snapC } })
    const doc = xml.parse((await call({ message }, XML)).body)
    const list = [doc.explications.explication].flat()
    expect(doc.explications['@count']).toBe('2')
    expect(list.map((e: Record<string, string>) => [e['@quote'], e['@entry_id']])).toEqual([
      [ORIGINAL, String(vys)],
      [REWRITTEN, String(vys)],
    ])
  })

  it('a passage two entries share goes to the entry the message names, by term, suffix-less term, quoted term or id', async () => {
    const ask = async (message: string) => (await call({ message })).body
    expect(await ask(`In the vatis entry: "${SHARED}"`)).toMatchObject({ entry_id: vatis, match: 'exact' })
    expect(await ask(`"${SHARED}" — from the entry for Dawn?`)).toMatchObject({ entry_id: dawn, match: 'exact' })
    expect(await ask(`The entry for Dawn (character) says "${SHARED}"`)).toMatchObject({ entry_id: dawn })
    expect(await ask(`What does the "vatis" entry mean by "${SHARED}"?`)).toMatchObject({ entry_id: vatis, quote: SHARED })
    expect(await ask(`Entry #${dawn}: "${SHARED}"`)).toMatchObject({ entry_id: dawn })
    // Positive control: unnamed, the passage still resolves to one of the two.
    expect([vatis, dawn]).toContain((await ask(`"${SHARED}"`)).entry_id)
  })

  it('a named entry that does not hold the passage: the whole glossary is searched, and the note says so', async () => {
    const res = await call({ message: `The vatis entry says "${ADDED}"?` })
    expect(res.body).toMatchObject({ entry_id: vys, match: 'rewritten', authored_by: { snapshot_id: snapB } })
    expect(res.body.note).toMatch(
      new RegExp(
        `^The entry the message names \\(#${vatis}\\) neither holds nor resembles this passage, so the whole glossary was searched\\. This passage is no longer`,
      ),
    )
  })
})

describe('text since rewritten', () => {
  it('a loose quote of it: similar sections from the former definition, with the snapshot holding them', async () => {
    const res = await call({ message: 'The vys entry: "vys flows through the crystalline channels of a body"' })
    expect(res.body).toMatchObject({
      entry_id: vys,
      match: 'similar',
      suggestion: `Use summon_snapshot with snapshot_id=${snapB} to discuss with authoring context`,
    })
    expect(res.body.similar_sections[0]).toMatchObject({ text: ADDED, snapshot_id: snapB, current: false })
    expect(res.body.note).toMatch(/current: false are from earlier versions of the definition/)
    const e = xml.parse((await call({ message: 'The vys entry: "vys flows through the crystalline channels of a body"' }, XML)).body).explication
    expect([e.similar_sections.section].flat()[0]).toEqual({ '@snapshot_id': String(snapB), '#text': `"${ADDED}"` })
  })

  it("a deleted entry's text, by message and by entry_id", async () => {
    const gone = await createEntry(t, { term: 'Quiet', definition: 'The silence that falls before a storm of vys.', post: 300, thread: 30265891 })
    const held = (await snapshot(t, { type: 'manual', thread_position: 3 })).body.snapshot.id
    const [created] = await revisionIds(gone)
    await t.call('glossary_delete', { entry_id: gone, reason: 'Merged into vys.' })
    const res = await call({ message: 'Where did "the silence that falls before a storm" come from?' })
    expect(res.body).toMatchObject({ entry_id: gone, term: 'Quiet', match: 'rewritten', source_post: { id: 300 }, authored_by: { snapshot_id: held } })
    expect(res.body.rewritten_by.action).toBe('delete')
    expect(res.body.note).toMatch(new RegExp(`revision ${created} wrote it, the entry was deleted by revision \\d+`))
    expect((await call({ quote: 'silence that falls', entry_id: gone })).body).toMatchObject({ entry_id: gone, match: 'rewritten' })
  })

  it('text no revision wrote, found in a snapshot of the entry named', async () => {
    const db = t.app.database.db
    await db.execute(sql`UPDATE glossary_entries SET definition = definition || ' Written by hand.' WHERE id = ${vatis}`)
    const held = (await snapshot(t, { type: 'manual', thread_position: 3 })).body.snapshot.id
    await db.execute(sql`UPDATE glossary_entries SET definition = replace(definition, ' Written by hand.', '') WHERE id = ${vatis}`)
    const res = await call({ message: 'The vatis entry: "written by hand"' })
    expect(res.body).toMatchObject({ entry_id: vatis, match: 'rewritten', authored_by: { snapshot_id: held } })
    expect(res.body.revision).toBeUndefined()
    expect(res.body.note).toMatch(/no revision wrote it \(a snapshot froze it/)
  })
})
