/**
 * The explicate protocol, as the tool and as POST /v1/explicate: blame on an edited definition
 * (each sentence traced to the post and the first snapshot of the revision that wrote it), the
 * similar-sections form with its suggestion, the cases where a part cannot be known, and the
 * seed's two XML forms element for element.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { execution } from '../text/helpers.js'
import { XML, createEntry, post, query, snapshot, thread, updateDefinition, updateStatus, xml } from './helpers.js'
import { sql } from 'drizzle-orm'

let t: TestApp
let key: string
let vys: number
let snapA: number
let snapB: number
let createRev: number
let updateRev: number

const ORIGINAL = 'The fundamental magical energy in the setting, analogous to mana.'
const ADDED = 'The vys flows through crystalline channels in the body.'
const explicate = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/explicate', headers: { authorization: `Bearer ${key}`, ...headers }, payload: body })

beforeAll(async () => {
  t = await buildTestApp()
  key = await t.key(['read'])
  await thread(t, 30265887, 1)
  await thread(t, 30265890, 2)
  await post(t, { id: 100, thread: 30265887, body: 'Soma: vys is the energy everything runs on, like mana.' })
  await post(t, { id: 200, thread: 30265890, body: 'Soma: the vys flows through crystalline channels in the body.' })
  vys = await createEntry(t, { term: 'vys', definition: ORIGINAL, tags: ['mechanic', 'magic'], post: 100, thread: 30265887 })
  snapA = (await snapshot(t, { type: 'checkpoint', thread_id: 30265887, thread_position: 1 })).body.snapshot.id
  await updateDefinition(t, vys, `${ORIGINAL}\n${ADDED}`, { post: 200, thread: 30265890 })
  // A later revision that leaves the definition alone must not take the blame.
  await updateStatus(t, vys, 'confirmed', { post: 300, thread: 30265890 })
  snapB = (await snapshot(t, { type: 'checkpoint', thread_id: 30265890, thread_position: 2 })).body.snapshot.id
  const revs = await query(t, sql`SELECT id, action FROM glossary_revisions WHERE entry_id = ${vys} ORDER BY id`)
  createRev = Number(revs[0].id)
  updateRev = Number(revs[1].id)
})
afterAll(async () => t?.close())

describe('exact quotes: blame', () => {
  it('traces the added sentence to post 200 and the snapshot taken after it', async () => {
    const res = await t.call('explicate', { quote: '"the VYS flows through   crystalline channels\nin the body"' }, { key })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      entry_id: vys,
      term: 'vys',
      match: 'exact',
      source_post: { id: 200, thread_id: 30265890, body: 'Soma: the vys flows through crystalline channels in the body.' },
      authored_by: { snapshot_id: snapB },
      revision: { id: updateRev, action: 'update', post_id: 200, thread_id: 30265890 },
    })
    expect(res.body.similar_sections).toBeUndefined()
    expect(res.body.messages).toEqual([])
  })

  it('traces the original sentence to post 100 and the first snapshot', async () => {
    const res = await t.call('explicate', { quote: 'fundamental magical energy in the setting', entry_id: vys }, { key })
    expect(res.body).toMatchObject({
      match: 'exact',
      source_post: { id: 100, thread_id: 30265887 },
      authored_by: { snapshot_id: snapA },
      revision: { id: createRev, action: 'create', post_id: 100 },
    })
  })

  it("answers in the seed's first XML form over POST /v1/explicate", async () => {
    const res = await explicate({ quote: ADDED }, XML)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    const doc = xml.parse(res.body)
    expect(Object.keys(doc).filter((k) => k !== '?xml')).toEqual(['explication'])
    const e = doc.explication
    expect(res.body.indexOf('<source_post')).toBeLessThan(res.body.indexOf('<authored_by'))
    expect(Object.keys(e).sort()).toEqual(['@entry_id', '@term', 'authored_by', 'source_post'])
    expect(e).toMatchObject({ '@entry_id': String(vys), '@term': 'vys' })
    expect(e.source_post).toEqual({ '@id': '200', '@thread_id': '30265890', body: 'Soma: the vys flows through crystalline channels in the body.' })
    expect(e.authored_by).toEqual({ '@snapshot_id': String(snapB) })
  })

  it('goes through the pipeline: JSON by default, history kept, same validation words', async () => {
    const res = await explicate({ quote: ADDED })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ status: 'ok', match: 'exact', entry_id: vys })
    expect((await execution(t, body.execution_id)).tool).toBe('explicate')
    const missing = await explicate({})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error_message).toBe('Missing required parameter: quote (or message)')
    const unknown = await explicate({ quote: 'x', entry: 1 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      error_message: expect.stringMatching(/^Unknown parameter: entry/),
      details: { valid_parameters: ['quote', 'message', 'entry_id'] },
    })
    expect((await t.app.inject({ method: 'POST', url: '/v1/explicate', payload: { quote: 'x' } })).statusCode).toBe(401)
    const xmlError = await explicate({ quote: 'x', entry_id: 99999 }, XML)
    expect(xmlError.statusCode).toBe(404)
    expect(xml.parse(xmlError.body).error).toMatchObject({ '@code': 'ENTRY_NOT_FOUND', '@status': '404' })
  })
})

describe('quotes not found verbatim', () => {
  it('offers the most similar sentences, each with its authoring snapshot, and the summon suggestion', async () => {
    const res = await t.call('explicate', { quote: 'vys flows through channels in the body of mages' }, { key })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      entry_id: vys,
      term: 'vys',
      match: 'similar',
      suggestion: `Use summon_snapshot with snapshot_id=${snapB} to discuss with authoring context`,
    })
    expect(res.body.source_post).toBeUndefined()
    const [best] = res.body.similar_sections
    expect(best).toMatchObject({ snapshot_id: snapB, text: ADDED })
    expect(best.score).toBeGreaterThan(0.5)
    expect(best.score).toBeLessThanOrEqual(1)
    // Ranked by similarity; any other section must score lower and come from the first snapshot.
    for (const s of res.body.similar_sections.slice(1)) {
      expect(s.score).toBeLessThanOrEqual(best.score)
      expect(s).toMatchObject({ snapshot_id: snapA, text: ORIGINAL })
    }
  })

  it("answers in the seed's second XML form", async () => {
    const res = await t.call('explicate', { quote: 'vys flows through channels in the body of mages' }, { key, headers: XML })
    const e = xml.parse(res.body).explication
    expect(Object.keys(e).sort()).toEqual(['@entry_id', '@term', 'no_exact_match', 'similar_sections', 'suggestion'])
    expect(e.no_exact_match).toBe('')
    expect(res.body.indexOf('<no_exact_match/>')).toBeLessThan(res.body.indexOf('<similar_sections>'))
    expect(res.body.indexOf('</similar_sections>')).toBeLessThan(res.body.indexOf('<suggestion>'))
    const sections = [e.similar_sections.section].flat()
    expect(sections[0]).toEqual({ '@snapshot_id': String(snapB), '#text': `"${ADDED}"` })
    expect(e.suggestion).toBe(`Use summon_snapshot with snapshot_id=${snapB} to discuss with authoring context`)
  })

  it('says so when nothing resembles the quote', async () => {
    const res = await t.call('explicate', { quote: 'qqq zzz xxx www' }, { key })
    const note = 'No glossary definition, now or before, resembles the quote.'
    expect(res.body).toMatchObject({ match: 'none', similar_sections: [], note })
    expect(res.body.entry_id).toBeUndefined()
    expect(res.body.messages).toEqual([note])
  })
})

describe('what cannot be known is left out, and said', () => {
  it('no snapshot holds the revision yet; no post context', async () => {
    const id = await createEntry(t, { term: 'Rhynia', definition: 'The ruined fantasy Roman-like empire of the north.', tags: ['location'] })
    const res = await t.call('explicate', { quote: 'ruined fantasy Roman-like empire' }, { key, headers: XML })
    const e = xml.parse(res.body).explication
    expect(e['@entry_id']).toBe(String(id))
    expect(e.source_post).toBeUndefined()
    expect(e.authored_by).toBeUndefined()
    expect(e.note).toMatch(/without a post context .*no source post.*No snapshot has been taken since revision/)
    expect(JSON.parse(res.headers['x-tool-messages'])[0]).toBe(e.note)
  })

  it('a post the corpus lacks; the snapshot is still named', async () => {
    const id = await createEntry(t, { term: 'vatis', definition: 'A practitioner of [[vys]]-based magic.', post: 777, thread: 30265890 })
    const snap = (await snapshot(t, { type: 'manual', thread_position: 2 })).body.snapshot.id
    const res = await t.call('explicate', { quote: 'practitioner of [[vys]]-based magic', entry_id: id }, { key })
    expect(res.body).toMatchObject({ match: 'exact', authored_by: { snapshot_id: snap }, revision: { post_id: 777 } })
    expect(res.body.source_post).toBeUndefined()
    expect(res.body.note).toBe(`Revision ${res.body.revision.id} names post 777, which is not in the corpus.`)
  })

  it('a definition whose history does not hold the text (written outside the glossary tools)', async () => {
    await t.app.database.db.execute(sql`UPDATE glossary_entries SET definition = definition || ' Edited by hand.' WHERE id = ${vys}`)
    const res = await t.call('explicate', { quote: 'Edited by hand', entry_id: vys }, { key })
    expect(res.body).toMatchObject({ match: 'exact', entry_id: vys })
    expect(res.body.revision).toBeUndefined()
    expect(res.body.note).toMatch(/No revision of entry \d+ wrote this passage/)
  })

  it('an unknown entry is 404 ENTRY_NOT_FOUND; an empty quote is 400', async () => {
    const res = await t.call('explicate', { quote: 'x', entry_id: 424242 }, { key })
    expect(res.statusCode).toBe(404)
    expect(res.body).toMatchObject({ error_code: 'ENTRY_NOT_FOUND', error_message: 'No glossary entry with id 424242, and no revision history for one' })
    expect((await t.call('explicate', { quote: '' }, { key })).statusCode).toBe(400)
    const wrapped = await t.call('explicate', { quote: '"…"' }, { key })
    expect(wrapped.statusCode).toBe(400)
    expect(wrapped.body.error_message).toMatch(/quote is empty once its quotation marks are removed/)
    expect((await t.call('explicate', { quote: 'x', entry_id: 0 }, { key })).statusCode).toBe(400)
  })
})
