/**
 * The glossary's vocabulary (`glossary_words`): every word of every term and definition, with the
 * number of entries using it in a term and in a definition. Fuzzy search corrects the query's
 * words against it — a trigram lookup among short words — instead of trigram-matching 100k long
 * definitions, which costs a similarity computation per candidate and cannot be bounded; and the
 * counts tell it whether a word is common (scan until enough rows turn up) or rare (ask the index).
 *
 * The row for the empty word, which no text yields, counts the entries themselves.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { isStopword } from '../text/stopwords.js'

export const WORD_MIN = 2
export const WORD_MAX = 64
const WORD = /[\p{L}\p{N}]+/gu
/** The vocabulary row whose `term_entries` is the number of entries. */
export const ENTRY_COUNT_WORD = ''

/** Distinct lower-case words (letters and digits) of 2–64 characters, in order of appearance. */
export function wordsOf(text: string): string[] {
  const out = new Set<string>()
  for (const m of text.toLowerCase().matchAll(WORD)) {
    if (m[0].length >= WORD_MIN && m[0].length <= WORD_MAX) out.add(m[0])
  }
  return [...out]
}

/**
 * The words of a query that search looks for: stopwords (`the`, `of`) only count when the query
 * has nothing else, since most entries contain them. At most 8, the first ones.
 */
export function queryWords(query: string): string[] {
  const words = wordsOf(query)
  const content = words.filter((w) => !isStopword(w))
  return (content.length > 0 ? content : words).slice(0, 8)
}

export interface Texts {
  term: string
  definition: string
}

export interface WordDelta {
  w: string
  dt: number
  dd: number
}

/** What changes in the counts when an entry goes from `before` to `after` (null: absent). */
export function wordDeltas(before: Texts | null, after: Texts | null): WordDelta[] {
  const sets = (t: Texts | null) => ({ term: new Set(t ? wordsOf(t.term) : []), def: new Set(t ? wordsOf(t.definition) : []) })
  const b = sets(before)
  const a = sets(after)
  const out: WordDelta[] = []
  for (const w of new Set([...b.term, ...b.def, ...a.term, ...a.def])) {
    const dt = Number(a.term.has(w)) - Number(b.term.has(w))
    const dd = Number(a.def.has(w)) - Number(b.def.has(w))
    if (dt !== 0 || dd !== 0) out.push({ w, dt, dd })
  }
  const entries = Number(after !== null) - Number(before !== null)
  if (entries !== 0) out.push({ w: ENTRY_COUNT_WORD, dt: entries, dd: 0 })
  return out
}

/**
 * Applies the deltas in the caller's transaction. Rows are locked in one order (sorted, "C"
 * collation) so that two writers sharing words wait for each other instead of deadlocking; words
 * no entry uses any more are removed.
 */
export async function applyWordDeltas(db: Db, deltas: WordDelta[]): Promise<void> {
  if (deltas.length === 0) return
  await db.execute(sql`
    INSERT INTO glossary_words (word, term_entries, definition_entries)
    SELECT w, dt, dd FROM json_to_recordset(${JSON.stringify(deltas)}::json) AS x(w text, dt int, dd int)
    ORDER BY w COLLATE "C"
    ON CONFLICT (word) DO UPDATE SET
      term_entries = glossary_words.term_entries + EXCLUDED.term_entries,
      definition_entries = glossary_words.definition_entries + EXCLUDED.definition_entries`)
  const gone = deltas.filter((d) => d.w !== ENTRY_COUNT_WORD && (d.dt < 0 || d.dd < 0)).map((d) => d.w)
  if (gone.length === 0) return
  // Counts that went below zero (rows written before the vocabulary kept count) are clamped.
  await db.execute(sql`
    WITH gone AS (SELECT json_array_elements_text(${JSON.stringify(gone)}::json) AS word),
    removed AS (
      DELETE FROM glossary_words WHERE word IN (SELECT word FROM gone) AND term_entries <= 0 AND definition_entries <= 0
    )
    UPDATE glossary_words SET term_entries = greatest(term_entries, 0), definition_entries = greatest(definition_entries, 0)
    WHERE word IN (SELECT word FROM gone) AND (term_entries < 0 OR definition_entries < 0)
      AND (term_entries > 0 OR definition_entries > 0)`)
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
/** Words longer than this get no edit candidates (thousands of them); trigrams still correct them. */
export const EDITS_MAX_LENGTH = 20

/**
 * Every string one edit away from `word` (a letter dropped, two neighbours swapped, one replaced,
 * one inserted), as a spelling corrector proposes them: trigram similarity judges a swapped or
 * dropped letter harshly (`thanyvn` and `thanvyn` share half their trigrams), an exact lookup of
 * the candidates does not.
 */
export function edits1(word: string): string[] {
  if (word.length > EDITS_MAX_LENGTH) return []
  const letters = [...new Set([...ALPHABET, ...word])]
  const chars = [...word]
  const out = new Set<string>()
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('')
    const tail = chars.slice(i)
    if (tail.length > 0) out.add(head + tail.slice(1).join(''))
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(''))
    for (const c of letters) {
      if (tail.length > 0) out.add(head + c + tail.slice(1).join(''))
      out.add(head + c + tail.join(''))
    }
  }
  out.delete(word)
  return [...out].filter((w) => w.length >= WORD_MIN)
}

/** Halves shorter than this make too many chance splits (`wi` + `athoulkeep`). */
const SPLIT_MIN = 3

/**
 * The ways `word` may be two words run together: split at each position, with the character at
 * the split kept or taken for a mistyped space. Both halves at least SPLIT_MIN long.
 */
export function splits(word: string): [string, string][] {
  if (word.length > EDITS_MAX_LENGTH * 2) return []
  const chars = [...word]
  const out: [string, string][] = []
  for (let i = SPLIT_MIN; i <= chars.length - SPLIT_MIN; i++) {
    out.push([chars.slice(0, i).join(''), chars.slice(i).join('')])
    if (chars.length - i - 1 >= SPLIT_MIN) out.push([chars.slice(0, i).join(''), chars.slice(i + 1).join('')])
  }
  return out
}
