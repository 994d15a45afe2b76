/**
 * Seed 003 `analyze`: `run(text)`. Deterministic statistics: counts, reading time at 238 words a
 * minute, Flesch reading ease and grade, top terms, vocabulary. A readable report in `output`,
 * every figure in `metadata`.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { textStats, type TextStats } from '../../text/stats.js'
import { easeLabel } from '../../text/readability.js'

const Num = (description: string) => Type.Number({ description })
const Int = (description: string) => Type.Integer({ description })

export default defineTool({
  name: 'analyze',
  toolset: 'codex',
  category: 'TEXT',
  description:
    'Lightweight analysis of text (pass file content read with fs_read): word, sentence, paragraph and character counts, reading time, Flesch readability, top terms and lexical diversity. Deterministic; no LLM.',
  input: Type.Object({
    text: Type.String({ description: 'The text to analyze' }),
  }),
  examples: [
    { summary: 'Word count and reading time of a paragraph', value: { text: 'The quick brown fox jumps over the lazy dog. It barks once, then sleeps.' } },
  ],
  output: ToolResult({
    words: Int('Words: runs of letters and digits, inner apostrophes and hyphens kept'),
    sentences: Int('Sentences'),
    paragraphs: Int('Paragraphs: blocks separated by blank lines'),
    characters: Int('Characters (Unicode code points)'),
    characters_no_spaces: Int('Characters other than white space'),
    syllables: Int('Syllables (English heuristic)'),
    avg_sentence_length: Num('Words per sentence, 2 decimals'),
    avg_word_length: Num('Letters and digits per word, 2 decimals'),
    flesch_reading_ease: Type.Union([Type.Number(), Type.Null()], { description: 'Flesch reading ease, 1 decimal (null without words)' }),
    flesch_kincaid_grade: Type.Union([Type.Number(), Type.Null()], { description: 'Flesch–Kincaid grade level, 1 decimal (null without words)' }),
    reading_time_seconds: Int('Reading time at 238 words a minute, seconds rounded up'),
    reading_time_minutes: Num('Reading time at 238 words a minute, minutes rounded up to 0.1'),
    unique_words: Int('Distinct words, case-insensitive'),
    lexical_diversity: Num('Distinct words / words, 3 decimals'),
    top_terms: Type.Array(Type.Object({ term: Type.String(), count: Type.Integer() }), {
      description: 'Up to 10 most frequent terms (lowercased, stopwords removed); ties alphabetical',
    }),
  }),
  scope: 'read',
  annotations: { title: 'Analyze text', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  execute({ text }) {
    const s = textStats(text)
    return { success: true, output: report(s), error: null, metadata: s }
  },
})

function report(s: TextStats): string {
  const time = s.reading_time_seconds < 60 ? `${s.reading_time_seconds} s` : `${s.reading_time_minutes} min`
  const lines = [
    'Text analysis',
    `Words: ${s.words}   Sentences: ${s.sentences}   Paragraphs: ${s.paragraphs}`,
    `Characters: ${s.characters} (${s.characters_no_spaces} without spaces)`,
    `Average sentence length: ${s.avg_sentence_length} words   Average word length: ${s.avg_word_length} characters`,
    s.flesch_reading_ease === null
      ? 'Readability: n/a (no words)'
      : `Readability: Flesch reading ease ${s.flesch_reading_ease} (${easeLabel(s.flesch_reading_ease)}), grade level ${s.flesch_kincaid_grade}`,
    `Reading time: ${time} (at 238 words per minute)`,
    `Unique words: ${s.unique_words}   Lexical diversity: ${s.lexical_diversity}`,
    `Top terms: ${s.top_terms.length ? s.top_terms.map((t) => `${t.term} (${t.count})`).join(', ') : 'none'}`,
  ]
  return lines.join('\n')
}
