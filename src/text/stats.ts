/** The figures `analyze` reports, from the shared sentence, word and readability rules. */
import { flesch, syllables } from './readability.js'
import { splitParagraphs, splitSentences, terms, words } from './sentences.js'
import { isStopword } from './stopwords.js'

export const WORDS_PER_MINUTE = 238

export interface TextStats {
  words: number
  sentences: number
  paragraphs: number
  characters: number
  characters_no_spaces: number
  syllables: number
  avg_sentence_length: number
  avg_word_length: number
  flesch_reading_ease: number | null
  flesch_kincaid_grade: number | null
  reading_time_seconds: number
  reading_time_minutes: number
  unique_words: number
  lexical_diversity: number
  top_terms: { term: string; count: number }[]
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

export function topTerms(text: string, limit = 10): { term: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const t of terms(text, isStopword)) counts.set(t, (counts.get(t) ?? 0) + 1)
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([term, count]) => ({ term, count }))
}

export function textStats(text: string): TextStats {
  const paragraphs = splitParagraphs(text)
  const sentenceCount = paragraphs.reduce((n, p) => n + splitSentences(p).length, 0)
  const ws = words(text)
  const syllableCount = ws.reduce((n, w) => n + syllables(w), 0)
  const letters = ws.reduce((n, w) => n + w.replace(/['’-]/g, '').length, 0)
  const unique = new Set(ws.map((w) => w.toLowerCase().replace(/’/g, "'"))).size
  const readability = flesch(ws.length, sentenceCount, syllableCount)
  return {
    words: ws.length,
    sentences: sentenceCount,
    paragraphs: paragraphs.length,
    characters: [...text].length,
    characters_no_spaces: [...text.replace(/\s/g, '')].length,
    syllables: syllableCount,
    avg_sentence_length: sentenceCount ? round(ws.length / sentenceCount, 2) : 0,
    avg_word_length: ws.length ? round(letters / ws.length, 2) : 0,
    flesch_reading_ease: readability?.flesch_reading_ease ?? null,
    flesch_kincaid_grade: readability?.flesch_kincaid_grade ?? null,
    reading_time_seconds: Math.ceil((ws.length * 60) / WORDS_PER_MINUTE),
    reading_time_minutes: Math.ceil((ws.length * 10) / WORDS_PER_MINUTE) / 10,
    unique_words: unique,
    lexical_diversity: ws.length ? round(unique / ws.length, 3) : 0,
    top_terms: topTerms(text),
  }
}
