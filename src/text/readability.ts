/**
 * Syllables and the Flesch formulas. Syllables are counted by the usual English heuristic: groups
 * of one or two vowels (y included), after dropping a final "ed", "e" or "es" (not after l or a
 * vowel) and a leading "y"; words of three letters or fewer count one, every word at
 * least one. Hyphenated words are the sum of their parts.
 */

export function syllables(word: string): number {
  const parts = word.split('-').filter(Boolean)
  if (parts.length > 1) return parts.reduce((n, p) => n + syllables(p), 0)
  let w = word.toLowerCase().replace(/[^a-z]/g, '')
  if (w.length <= 3) return 1
  w = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '')
  return Math.max(1, (w.match(/[aeiouy]{1,2}/g) ?? []).length)
}

export interface Readability {
  /** Flesch reading ease: 206.835 − 1.015 × words/sentence − 84.6 × syllables/word (higher is easier). */
  flesch_reading_ease: number
  /** Flesch–Kincaid grade level: 0.39 × words/sentence + 11.8 × syllables/word − 15.59. */
  flesch_kincaid_grade: number
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

export function flesch(wordCount: number, sentenceCount: number, syllableCount: number): Readability | null {
  if (wordCount === 0 || sentenceCount === 0) return null
  const wps = wordCount / sentenceCount
  const spw = syllableCount / wordCount
  return {
    flesch_reading_ease: round(206.835 - 1.015 * wps - 84.6 * spw, 1),
    flesch_kincaid_grade: round(0.39 * wps + 11.8 * spw - 15.59, 1),
  }
}

/** A plain-words band for the reading ease score (Flesch's own table). */
export function easeLabel(score: number): string {
  if (score >= 90) return 'very easy'
  if (score >= 80) return 'easy'
  if (score >= 70) return 'fairly easy'
  if (score >= 60) return 'standard'
  if (score >= 50) return 'fairly difficult'
  if (score >= 30) return 'difficult'
  return 'very difficult'
}
