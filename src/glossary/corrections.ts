/**
 * From the words of a query to the vocabulary words search looks for (src/glossary/words.ts).
 * A word the vocabulary knows stands for itself (one primary-key lookup for all of them). An
 * unknown one is corrected, the way a spelling corrector does it, in a second statement:
 *   - one edit away: every string with a letter dropped, two neighbours swapped, one replaced or
 *     one inserted, looked up exactly (trigrams judge a swap harshly: `thanyvn` and `thanvyn`
 *     share half their trigrams);
 *   - when nothing is one edit away, two words run together: the most even split into two
 *     known words, with or without the character at the split (`dreistorkaccord`,
 *     `houseodroushteith`); the halves then count as two query words;
 *   - when neither finds anything, similar by trigrams: `word_similarity(query word, word) ≥ 0.6`
 *     (pg_trgm's `<%`, whose index pass keeps only words sharing 60% of the query word's
 *     trigrams: `%` at its 0.3 would bring thousands of candidates to check one by one) and
 *     similarity ≥ 0.3, the 3 best.
 * A word one edit away, or a half of a split, counts as similarity EDIT_SIM at least.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rows } from '../db/sql-rows.js'
import { edits1, ENTRY_COUNT_WORD, splits } from './words.js'

export const EDIT_SIM = 0.75
const TRIGRAM_MIN = 0.3
const PER_WORD = 3

export interface Near {
  /** The query word. */
  tok: string
  /** What the score averages over: the query word, or each half of one that was two words run together. */
  slot: string
  /** The vocabulary word standing for it: itself, or a correction. */
  word: string
  /** 1 for the word itself; for a correction, its similarity to the query word. */
  sim: number
  /** Entries using the word in their term, in their definition (the vocabulary's counts). */
  in_terms: number
  in_definitions: number
}

export interface Corrections {
  near: Near[]
  /** Every slot once, in query order. */
  slots: string[]
  /** Entries in the glossary, from the vocabulary's count row. */
  entries: number
}

interface Row {
  tok: string
  word: string
  term_entries: number
  definition_entries: number
  how: 'self' | 'edit' | 'split' | 'trigram'
  /** For a split: which half. */
  part: number | null
  sim: number
}

/** The query words the vocabulary knows, with their counts; and the number of entries. */
async function lookUp(db: Db, words: string[]): Promise<{ known: Row[]; entries: number }> {
  // The words come as VALUES, whose row count the planner knows: a set-returning function's
  // default guess of 100 rows makes a plan look expensive enough to be JIT-compiled.
  const found = await rows<Row & { entries: number | null }>(
    db,
    sql`
    SELECT t.tok, w.word, w.term_entries, w.definition_entries, 'self' AS how, NULL::int AS part, 1::float8 AS sim,
           (SELECT term_entries FROM glossary_words WHERE word = ${ENTRY_COUNT_WORD}) AS entries
    FROM (VALUES ${sql.join(
      words.map((w) => sql`(${w}::text)`),
      sql`, `,
    )}) AS t(tok)
    LEFT JOIN glossary_words w ON w.word = t.tok`,
  )
  return { known: found.filter((r) => r.word !== null), entries: Number(found[0]?.entries ?? 0) }
}

/** Corrections of words the vocabulary does not know: one edit away, run together, similar by trigrams. */
async function corrections(db: Db, words: string[]): Promise<Row[]> {
  const edits = words.flatMap((tok) => edits1(tok).map((word) => ({ tok, word })))
  const parts = words.flatMap((tok) => splits(tok).map(([a, b]) => ({ tok, a, b })))
  return rows<Row>(
    db,
    sql`
    WITH toks(tok) AS (VALUES ${sql.join(
      words.map((w) => sql`(${w}::text)`),
      sql`, `,
    )}),
    by_edit AS (
      SELECT e.tok, w.word, w.term_entries, w.definition_entries, 'edit' AS how, NULL::int AS part
      FROM json_to_recordset(${JSON.stringify(edits)}::json) AS e(tok text, word text) JOIN glossary_words w ON w.word = e.word
    ),
    -- Run together: for words nothing one edit away explains, the most even split into two known
    -- words (the longest shorter half); the halves come back as parts 1 and 2.
    by_split AS (
      SELECT s.tok, x.word, x.term_entries, x.definition_entries, 'split' AS how, x.part
      FROM (
        SELECT p.tok, a.word AS a_word, a.term_entries AS a_t, a.definition_entries AS a_d,
               b.word AS b_word, b.term_entries AS b_t, b.definition_entries AS b_d,
               row_number() OVER (PARTITION BY p.tok ORDER BY least(length(p.a), length(p.b)) DESC, p.a) AS rank
        FROM json_to_recordset(${JSON.stringify(parts)}::json) AS p(tok text, a text, b text)
        JOIN glossary_words a ON a.word = p.a JOIN glossary_words b ON b.word = p.b
        WHERE p.tok NOT IN (SELECT tok FROM by_edit)
      ) s
      CROSS JOIN LATERAL (VALUES (s.a_word, s.a_t, s.a_d, 1), (s.b_word, s.b_t, s.b_d, 2)) AS x(word, term_entries, definition_entries, part)
      WHERE s.rank = 1
    ),
    -- Trigrams only for words neither explains.
    by_trigram AS (
      SELECT t.tok, w.word, w.term_entries, w.definition_entries, 'trigram' AS how, NULL::int AS part
      FROM (SELECT tok FROM toks WHERE tok NOT IN (SELECT tok FROM by_edit UNION ALL SELECT tok FROM by_split)) t
      CROSS JOIN LATERAL (
        SELECT * FROM glossary_words WHERE t.tok <% word AND similarity(word, t.tok) >= ${TRIGRAM_MIN}
        ORDER BY similarity(word, t.tok) DESC, word LIMIT ${PER_WORD}
      ) w
    )
    SELECT c.*, similarity(c.word, c.tok)::float8 AS sim
    FROM (SELECT * FROM by_edit UNION ALL SELECT * FROM by_split UNION ALL SELECT * FROM by_trigram) c`,
  )
}

export async function correct(db: Db, words: string[]): Promise<Corrections> {
  if (words.length === 0) return { near: [], slots: [], entries: 0 }
  const found = await lookUp(db, words)
  const unknown = words.filter((w) => !found.known.some((r) => r.tok === w))
  const candidates = unknown.length > 0 ? [...found.known, ...(await corrections(db, unknown))] : found.known
  const near: Near[] = []
  const slots: string[] = []
  for (const tok of words) {
    const mine = candidates.filter((r) => r.tok === tok)
    const near1 = (r: Row, slot: string, sim: number): Near => ({
      tok,
      slot,
      word: r.word,
      sim,
      in_terms: Number(r.term_entries),
      in_definitions: Number(r.definition_entries),
    })
    if (mine.some((r) => r.how === 'split')) {
      // Two words run together are two words: an entry needs both halves to match fully.
      for (const r of mine) near.push(near1(r, `${tok}#${r.part}`, EDIT_SIM))
      slots.push(`${tok}#1`, `${tok}#2`)
      continue
    }
    slots.push(tok)
    const ranked = mine
      .map((r) => near1(r, tok, r.how === 'self' ? 1 : r.how === 'edit' ? Math.max(Number(r.sim), EDIT_SIM) : Number(r.sim)))
      .sort((x, y) => y.sim - x.sim || x.word.localeCompare(y.word))
    // The best few corrections: a distant fourth guess costs a lookup and rarely helps.
    near.push(...ranked.filter((n, i) => i <= PER_WORD && n.sim >= ranked[0].sim - 0.1))
  }
  return { near, slots, entries: found.entries }
}
