/**
 * glossary_search on a real database: exact matches first (term, then term without suffix),
 * fuzzy ones ranked by similarity, the status and tags filters, the limit, reference expansion
 * (transitive, cycles and self references listed once, depth bounded), and the seed's XML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { attrsOf, create, xml } from './fixtures.js'

let t: TestApp
const id: Record<string, number> = {}

beforeAll(async () => {
  t = await buildTestApp()
  const entries = [
    {
      term: 'Dawn (character)',
      definition: 'A wandering bard who first appears at [[Rhynia]].',
      tags: ['character', 'questmaster'],
      status: 'confirmed' as const,
    },
    { term: 'dawn', definition: 'The hour when the tide of [[vys]] turns.', tags: ['mechanic'] },
    { term: 'Dawnbringer', definition: 'A relic sword carried by the last legion.', tags: ['item'] },
    { term: 'Rhynia', definition: 'The ruined empire. Its last legion marched out at dawn and never returned.', tags: ['location', 'historical'] },
    {
      term: 'vys',
      definition: 'The fundamental magical energy of the setting, analogous to mana. Wielded by [[vatis]].',
      tags: ['mechanic', 'magic'],
      status: 'confirmed' as const,
    },
    { term: 'vatis', definition: 'A practitioner of [[VYS]]-based magic.', tags: ['mechanic', 'magic'], status: 'confirmed' as const },
    { term: 'Soma', definition: 'A questmaster persona; see also [[Soma]].', tags: ['questmaster', 'character'] },
    { term: 'Chain one', definition: 'Leads to [[Chain two]].' },
    { term: 'Chain two', definition: 'Leads to [[Chain three]].' },
    { term: 'Chain three', definition: 'Leads to [[Chain four|the fourth]].' },
    { term: 'Chain four', definition: 'Leads to [[Chain five]].' },
    { term: 'Chain five', definition: 'The end.' },
    { term: 'Wayfarer', definition: 'Travels between [[Mirewood]] and [[Nowhere Keep]].' },
    { term: 'Mirewood (location)', definition: 'A drowned forest.' },
    { term: 'Mirewood (faction)', definition: 'The wardens of the drowned forest.' },
  ]
  for (const e of entries) id[e.term] = await create(t, e)
  for (let i = 1; i <= 12; i++) id[`Rune ${i}`] = await create(t, { term: `Rune ${i}`, definition: `Carved glyph number ${i}.`, tags: ['glyph'] })
})
afterAll(async () => t?.close())

const search = (body: Record<string, unknown>, headers: Record<string, string> = {}) => t.call('glossary_search', body, { headers })

describe('ranking', () => {
  it('puts exact matches first: the whole term, then the term without its suffix, then fuzzy ones', async () => {
    const res = await search({ query: 'dawn' })
    expect(res.statusCode).toBe(200)
    const terms = res.body.entries.map((e: { term: string }) => e.term)
    expect(terms.slice(0, 2)).toEqual(['dawn', 'Dawn (character)'])
    expect(res.body.entries.slice(0, 2).map((e: { match: string }) => e.match)).toEqual(['exact', 'exact'])
    // Fuzzy: a term that contains the query ranks above an entry whose definition merely mentions it.
    expect(terms.indexOf('Dawnbringer')).toBe(2)
    expect(terms.indexOf('Rhynia')).toBeGreaterThan(2)
    const fuzzy = res.body.entries.slice(2)
    expect(fuzzy.every((e: { match: string; score: number }) => e.match === 'fuzzy' && e.score > 0 && e.score <= 1)).toBe(true)
    expect(fuzzy.map((e: { score: number }) => e.score)).toEqual([...fuzzy.map((e: { score: number }) => e.score)].sort((a, b) => b - a))
    expect(res.body.entries[0].score).toBeUndefined()
    expect(res.body.count).toBe(res.body.entries.length)
  })

  it('matches exactly regardless of case, and a suffixed query only its own entry', async () => {
    const upper = await search({ query: '  DAWN ' })
    expect(upper.body.entries.slice(0, 2).map((e: { id: number }) => e.id)).toEqual([id.dawn, id['Dawn (character)']])
    const suffixed = await search({ query: 'dawn (CHARACTER)' })
    expect(suffixed.body.entries[0]).toMatchObject({ id: id['Dawn (character)'], match: 'exact' })
    expect(suffixed.body.entries.filter((e: { match: string }) => e.match === 'exact')).toHaveLength(1)
  })

  it('finds a misspelt term and a word inside definitions', async () => {
    const typo = await search({ query: 'Rhyniaa' })
    expect(typo.body.entries[0]).toMatchObject({ term: 'Rhynia', match: 'fuzzy' })
    const word = await search({ query: 'legion' })
    expect(word.body.entries.map((e: { term: string }) => e.term).sort()).toEqual(['Dawnbringer', 'Rhynia'])
  })

  it('answers count 0, not an error, when nothing matches', async () => {
    const res = await search({ query: 'qqxjzzw' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', count: 0, entries: [] })
    const asXml = await search({ query: 'qqxjzzw' }, { accept: 'application/xml' })
    expect(xml.parse(asXml.body).glossary_results['@count']).toBe('0')
  })
})

describe('filters and limit', () => {
  it('filters by status', async () => {
    const confirmed = await search({ query: 'dawn', status: 'confirmed' })
    expect(confirmed.body.entries.map((e: { term: string }) => e.term)).toEqual(['Dawn (character)'])
    const tentative = await search({ query: 'dawn', status: 'tentative' })
    expect(tentative.body.entries.map((e: { term: string }) => e.term)).not.toContain('Dawn (character)')
    expect(tentative.body.entries.every((e: { status: string }) => e.status === 'tentative')).toBe(true)
    expect(tentative.body.entries[0]).toMatchObject({ term: 'dawn', match: 'exact' })
  })

  it('keeps entries carrying all the given tags (case-insensitively)', async () => {
    const magic = await search({ query: 'vys', tags: ['MAGIC'] })
    expect(magic.body.entries.map((e: { term: string }) => e.term)).toEqual(['vys', 'vatis'])
    const both = await search({ query: 'vys', tags: ['magic', 'questmaster'] })
    expect(both.body).toMatchObject({ count: 0, entries: [] })
  })

  it('returns 10 by default, the limit asked, and caps at 100 with a warning', async () => {
    expect((await search({ query: 'rune' })).body.count).toBe(10)
    expect((await search({ query: 'rune', limit: 3 })).body.count).toBe(3)
    const capped = await search({ query: 'rune', limit: 101 })
    expect(capped.body.count).toBe(12)
    expect(capped.body.messages).toEqual(['limit 101 is above 100; using 100'])
  })

  it('refuses bad input with a clear message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /Missing required parameter: query/],
      [{ query: '' }, /query is too short/],
      [{ query: '   ' }, /query must contain a non-space character/],
      [{ query: 'x', limit: 0 }, /limit is below minimum: 1/],
      [{ query: 'x', status: 'maybe' }, /Invalid value for status: must be one of \['confirmed', 'tentative', 'all'\]/],
      [{ query: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /Too many items for tags: maximum is 20/],
      [{ query: 'x', tags: ['a'.repeat(51)] }, /too long: maximum length is 50/],
      [{ query: 'x', include_references: 'yes' }, /Invalid type for include_references: expected boolean/],
    ]
    for (const [body, message] of cases) {
      const res = await search(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.body.error_code).toBe('VALIDATION_ERROR')
      expect(res.body.error_message).toMatch(message)
    }
  })
})

describe('include_references', () => {
  const refs = (body: { entries: { term: string; match: string; referenced_by?: number[] }[] }) => body.entries.filter((e) => e.match === 'reference')

  it('lists referenced entries after the hits, each once, through a cycle', async () => {
    const res = await search({ query: 'vys', limit: 1, include_references: true })
    expect(res.body.entries.map((e: { term: string; match: string }) => [e.term, e.match])).toEqual([
      ['vys', 'exact'],
      ['vatis', 'reference'],
    ])
    expect(res.body.entries[1].referenced_by).toEqual([id.vys])
    expect(res.body.count).toBe(2)
  })

  it('ignores a self reference', async () => {
    const res = await search({ query: 'Soma', limit: 1, include_references: true })
    expect(res.body.entries.map((e: { term: string }) => e.term)).toEqual(['Soma'])
  })

  it('follows references transitively, at most 3 steps, with [[Term|label]] pointing at Term', async () => {
    const res = await search({ query: 'Chain one', limit: 1, include_references: true })
    expect(res.body.entries.map((e: { term: string }) => e.term)).toEqual(['Chain one', 'Chain two', 'Chain three', 'Chain four'])
    expect(refs(res.body).map((e) => e.referenced_by)).toEqual([[id['Chain one']], [id['Chain two']], [id['Chain three']]])
  })

  it('resolves a reference without suffix to every entry with that base term; unknown ones are skipped', async () => {
    const res = await search({ query: 'Wayfarer', limit: 1, include_references: true })
    expect(refs(res.body).map((e) => e.term)).toEqual(['Mirewood (location)', 'Mirewood (faction)'])
  })

  it('resolves references case-insensitively and leaves them out unless asked', async () => {
    const res = await search({ query: 'vatis', limit: 1, include_references: true })
    expect(refs(res.body).map((e) => e.term)).toEqual(['vys'])
    const plain = await search({ query: 'vatis', limit: 1 })
    expect(refs(plain.body)).toEqual([])
  })
})

describe('XML', () => {
  it("is the seed's <glossary_results count><entry id term status tags>definition</entry>, nothing more", async () => {
    const res = await search({ query: 'vys', include_references: true }, { accept: 'application/xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    const doc = xml.parse(res.body)
    expect(Object.keys(doc).filter((k) => k !== '?xml')).toEqual(['glossary_results'])
    const root = doc.glossary_results
    expect(attrsOf(root)).toEqual(['count'])
    const entries = Array.isArray(root.entry) ? root.entry : [root.entry]
    expect(root['@count']).toBe(String(entries.length))
    for (const e of entries) expect(attrsOf(e)).toEqual(['id', 'status', 'tags', 'term'])
    expect(entries[0]).toMatchObject({ '@id': String(id.vys), '@term': 'vys', '@status': 'confirmed', '@tags': 'mechanic,magic' })
    expect(entries[0]['#text']).toBe('The fundamental magical energy of the setting, analogous to mana. Wielded by [[vatis]].')
    const json = await search({ query: 'vys', include_references: true })
    expect(entries.map((e: Record<string, string>) => Number(e['@id']))).toEqual(json.body.entries.map((e: { id: number }) => e.id))
  })
})
