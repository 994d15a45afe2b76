/**
 * The words of a question that say what it is about. pg_trgm compares trigram sets, so a
 * question's "what", "did" and "the" would match every post; they are dropped, and each remaining
 * word is scored on its own (a post naming two of four words is more relevant than one naming a
 * long run of filler).
 */
import { isStopword } from '../../text/stopwords.js'

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
export const MAX_KEYWORDS = 12

export function keywordsOf(text: string): string[] {
  const seen = new Set<string>()
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const w = m[0]
    if (w.length < 2 || isStopword(w) || seen.has(w)) continue
    seen.add(w)
    if (seen.size === MAX_KEYWORDS) break
  }
  return [...seen]
}

/**
 * A term's disambiguation suffix, `Dawn (character)` → `Dawn`, as a Postgres regular expression.
 * Passed as a parameter: inside an sql`` template a backslash would be eaten by JavaScript.
 */
export const TERM_SUFFIX = String.raw`\s*\([^)]*\)\s*$`
