/** analyze through the app: exact figures on small texts counted by hand, and the report. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildTextApp } from './helpers.js'
import { splitSentences } from '../../../src/text/sentences.js'
import { syllables } from '../../../src/text/readability.js'
import { fastestRun } from '../../support/fastest.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTextApp()
})
afterAll(async () => t?.close())

// Two paragraphs, four sentences, twenty one-syllable words.
const TEXT = 'The cat sat on the mat. The dog ran to the cat!\n\nA red bird sang. Dogs bark at cats?'

describe('analyze', () => {
  it('counts a known text exactly', async () => {
    const res = await t.call('analyze', { text: TEXT })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true, error: null })
    const m = res.body.metadata
    // 6 + 6 + 4 + 4 words; 4 sentences; 2 paragraphs.
    expect(m.words).toBe(20)
    expect(m.sentences).toBe(4)
    expect(m.paragraphs).toBe(2)
    // "The cat sat on the mat." and "The dog ran to the cat!" are 23 each, with a space: 47;
    // "\n\n": 2; "A red bird sang." 16, a space, "Dogs bark at cats?" 18: 84 in all, 20 of them white space.
    expect(m.characters).toBe(84)
    expect(m.characters_no_spaces).toBe(64)
    expect(m.syllables).toBe(20)
    expect(m.avg_sentence_length).toBe(5)
    // Letters: 17 + 17 + 12 + 14 = 60 over 20 words.
    expect(m.avg_word_length).toBe(3)
    // 206.835 − 1.015 × 5 − 84.6 × 1 = 117.16; 0.39 × 5 + 11.8 × 1 − 15.59 = −1.84.
    expect(m.flesch_reading_ease).toBe(117.2)
    expect(m.flesch_kincaid_grade).toBe(-1.8)
    // 20 words at 238 a minute: 5.04 s → 6 s; 0.084 min → 0.1.
    expect(m.reading_time_seconds).toBe(6)
    expect(m.reading_time_minutes).toBe(0.1)
    // the cat sat on mat dog ran to a red bird sang dogs bark at cats: 16 of 20.
    expect(m.unique_words).toBe(16)
    expect(m.lexical_diversity).toBe(0.8)
    // Stopwords the/on/to/a/at out; cat twice, then ties alphabetically, ten in all ("sat" is 11th).
    expect(m.top_terms).toEqual([
      { term: 'cat', count: 2 },
      { term: 'bark', count: 1 },
      { term: 'bird', count: 1 },
      { term: 'cats', count: 1 },
      { term: 'dog', count: 1 },
      { term: 'dogs', count: 1 },
      { term: 'mat', count: 1 },
      { term: 'ran', count: 1 },
      { term: 'red', count: 1 },
      { term: 'sang', count: 1 },
    ])
    expect(res.body.output).toContain('Words: 20   Sentences: 4   Paragraphs: 2')
    expect(res.body.output).toContain('Flesch reading ease 117.2 (very easy)')
    expect(res.body.output).toContain('Reading time: 6 s')
    expect(res.body.output).toContain('Top terms: cat (2), bark (1)')
  })

  it('reading time in minutes for a longer text, and repeated terms', async () => {
    const text = Array.from({ length: 50 }, () => 'Gateways route tool calls to agents quickly.').join(' ')
    const res = await t.call('analyze', { text })
    const m = res.body.metadata
    expect(m.words).toBe(350)
    expect(m.sentences).toBe(50)
    expect(m.paragraphs).toBe(1)
    // 350 / 238 = 1.4706 min → 1.5; 88.24 s → 89.
    expect(m.reading_time_minutes).toBe(1.5)
    expect(m.reading_time_seconds).toBe(89)
    expect(m.unique_words).toBe(7)
    expect(m.lexical_diversity).toBe(0.02)
    expect(m.top_terms.map((x: { term: string }) => x.term)).toEqual(['agents', 'calls', 'gateways', 'quickly', 'route', 'tool'])
    expect(res.body.output).toContain('Reading time: 1.5 min')
  })

  it('an empty text: zeros, no readability', async () => {
    const res = await t.call('analyze', { text: '' })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata).toMatchObject({
      words: 0,
      sentences: 0,
      paragraphs: 0,
      characters: 0,
      flesch_reading_ease: null,
      flesch_kincaid_grade: null,
      top_terms: [],
    })
    expect(res.body.output).toContain('Readability: n/a')
  })

  it('needs text', async () => {
    const res = await t.call('analyze', {})
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toContain('text')
  })

  it('is deterministic', async () => {
    const a = await t.call('analyze', { text: TEXT })
    const b = await t.call('analyze', { text: TEXT })
    expect(a.body.metadata).toEqual(b.body.metadata)
    expect(a.body.output).toBe(b.body.output)
  })
})

describe('sentence and syllable rules', () => {
  it('does not end sentences at abbreviations, initials or lowercase continuations; list items stand alone', () => {
    expect(
      splitSentences(
        'Dr. Smith met Mr. J. Jones at 3.30 p.m. yesterday. They talked!\n- one item\n- two item\nA line\nthat continues. "Quoted." Next one… Done',
      ),
    ).toEqual([
      'Dr. Smith met Mr. J. Jones at 3.30 p.m. yesterday.',
      'They talked!',
      '- one item',
      '- two item',
      'A line that continues.',
      '"Quoted."',
      'Next one…',
      'Done',
    ])
  })

  it('keeps decimals, "e.g." and quoted initials inside a sentence; ends at ! ? and closing quotes', () => {
    expect(splitSentences('Version 1.5 shipped, e.g. today. Was it (Mr. "A." Smith)? Yes! "Done." Then (end.) Fine')).toEqual([
      'Version 1.5 shipped, e.g. today.',
      'Was it (Mr. "A." Smith)?',
      'Yes!',
      '"Done."',
      'Then (end.)',
      'Fine',
    ])
  })

  it('stays linear on hostile text: abbreviations without end, one endless word, periods without spaces', () => {
    for (const text of ['Mr. '.repeat(100_000), `${'a'.repeat(400_000)}.`, '.'.repeat(400_000), 'a.'.repeat(200_000)]) {
      expect(splitSentences(text).length).toBeGreaterThan(0)
      expect(
        fastestRun(() => splitSentences(text), 2_000),
        text.slice(0, 8),
      ).toBeLessThan(2_000)
    }
  })

  it('counts syllables by vowel groups', () => {
    expect(['cat', 'table', 'readability', 'reading', 'state-of-the-art', 'make', 'syllable'].map(syllables)).toEqual([1, 2, 5, 2, 4, 1, 3])
  })
})
