/**
 * The vocabulary behind fuzzy search (glossary_words) stays in step with the entries through
 * create, update and delete, in the same transaction; misspelt queries are corrected against it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../helper.js'
import { create } from './fixtures.js'
import { edits1, splits, wordDeltas, wordsOf } from '../../../src/glossary/words.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

async function counts(): Promise<Record<string, [number, number]>> {
  const res = (await t.app.database.db.execute(sql`SELECT word, term_entries, definition_entries FROM glossary_words`)) as unknown as {
    rows: { word: string; term_entries: number; definition_entries: number }[]
  }
  return Object.fromEntries(res.rows.map((r) => [r.word, [Number(r.term_entries), Number(r.definition_entries)]]))
}

it('splits words as search does: letters and digits, lower case, 2–64 characters, once each', () => {
  expect(wordsOf(`The [[Vys]]-based rite of Éowyn, vys x 42 ${'a'.repeat(65)}`)).toEqual(['the', 'vys', 'based', 'rite', 'of', 'éowyn', '42'])
  expect(wordDeltas({ term: 'a b', definition: 'keep gone' }, { term: 'ab', definition: 'keep new' })).toEqual([
    { w: 'gone', dt: 0, dd: -1 },
    { w: 'ab', dt: 1, dd: 0 },
    { w: 'new', dt: 0, dd: 1 },
  ])
})

it('counts words per entry in terms and definitions, and the entries themselves', async () => {
  const a = await create(t, { term: 'Silver Gate', definition: 'A gate of silver. Silver everywhere.', tags: [] })
  await create(t, { term: 'Iron Gate', definition: 'Not silver.', tags: [] })
  let c = await counts()
  expect(c.silver).toEqual([1, 2])
  expect(c.gate).toEqual([2, 1])
  expect(c.iron).toEqual([1, 0])
  expect(c['']).toEqual([2, 0])

  await t.call('glossary_update', { entry_id: a, term: 'Golden Gate', definition: 'A gate of gold.' })
  c = await counts()
  expect(c.silver).toEqual([0, 1])
  expect(c.golden).toEqual([1, 0])
  expect(c.gold).toEqual([0, 1])

  await t.call('glossary_delete', { entry_id: a, reason: 'gone' })
  c = await counts()
  expect(c.golden).toBeUndefined()
  expect(c.gold).toBeUndefined()
  expect(c.gate).toEqual([1, 0])
  expect(c['']).toEqual([1, 0])
})

it('corrects misspelt query words against the vocabulary', async () => {
  await create(t, { term: 'Quorathil', definition: 'An ancient crystalline river spirit.', tags: [] })
  const byTerm = await t.call('glossary_search', { query: 'quorathel' })
  expect(byTerm.body.entries[0]).toMatchObject({ term: 'Quorathil', match: 'fuzzy' })
  const byDefinition = await t.call('glossary_search', { query: 'crystaline' })
  expect(byDefinition.body.entries.map((e: { term: string }) => e.term)).toEqual(['Quorathil'])
  expect(byDefinition.body.entries[0].score).toBeGreaterThan(0.3)
})

it('proposes corrections one edit away and words run together', () => {
  expect(edits1('ab').sort()).toEqual(expect.arrayContaining(['ba', 'aab', 'abb', 'xab', 'axb', 'abx', 'xb', 'ax']))
  expect(edits1('ab')).not.toContain('ab')
  expect(edits1('x'.repeat(21))).toEqual([])
  expect(splits('thegate')).toEqual([
    ['the', 'gate'],
    ['the', 'ate'],
    ['theg', 'ate'],
  ])
})

it('finds an entry through a swapped letter, letters run together, and accents', async () => {
  await create(t, { term: 'Thanvyn', definition: 'A ferryman.', tags: [] })
  await create(t, { term: 'the Dreistork Accord', definition: 'A treaty.', tags: [] })
  await create(t, { term: 'Éowyn (character)', definition: 'A shieldmaiden.', tags: [] })
  const swapped = await t.call('glossary_search', { query: 'Thanyvn' })
  expect(swapped.body.entries[0]).toMatchObject({ term: 'Thanvyn', match: 'fuzzy' })
  expect(swapped.body.entries[0].score).toBeGreaterThanOrEqual(0.75)
  const joined = await t.call('glossary_search', { query: 'DreistorkAccord' })
  expect(joined.body.entries[0]).toMatchObject({ term: 'the Dreistork Accord', match: 'fuzzy' })
  const accented = await t.call('glossary_search', { query: 'ÉOWYN (Character)' })
  expect(accented.body.entries[0]).toMatchObject({ term: 'Éowyn (character)', match: 'exact' })
  const base = await t.call('glossary_search', { query: 'éowyn' })
  expect(base.body.entries[0]).toMatchObject({ term: 'Éowyn (character)', match: 'exact' })
})

it('finds the same entries whether a word is looked up by scanning or through the indexes', async () => {
  // In a glossary this small every known word counts as common (found by a short scan); a tag
  // filter makes search use the word and trigram indexes instead. Both must agree.
  for (const [term, definition] of [
    ['Marrow Gate', 'Built of bone and marrow.'],
    ['Bonewright', 'Carves marrowbone.'],
    ['Ossuary', 'Where the marrow kings sleep.'],
  ]) {
    await create(t, { term, definition, tags: ['bones'] })
  }
  for (const query of ['marrow', 'marow', 'bonewright', 'kings']) {
    const scanned = await t.call('glossary_search', { query })
    const indexed = await t.call('glossary_search', { query, tags: ['bones'] })
    const ids = (r: typeof scanned) => r.body.entries.map((e: { id: number }) => e.id).sort()
    expect(ids(indexed).length, query).toBeGreaterThan(0)
    expect(ids(indexed), query).toEqual(ids(scanned))
  }
})
