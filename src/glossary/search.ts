/**
 * Glossary search: exact matches first, then fuzzy matches ranked by similarity.
 *
 * Exact: the query, case-insensitively, is a term or a term without its disambiguation suffix
 * (`dawn` → `dawn`, `Dawn (character)`). Whole-term matches come first, then by term.
 *
 * Fuzzy: the query's words (stopwords only when there is nothing else) are mapped to vocabulary
 * words — themselves, or their spelling corrections (corrections.ts). Candidates are the entries
 * whose term contains a query word (`dawn` in `Dawnbringer`) or a correction as a word, and
 * those whose definition contains one as a word; at most `limit` per word and place, so that a
 * word used in thousands of entries costs no more than a rare one (and beside a rarer word, a
 * word that frequent brings no candidates of its own). They are ranked by
 *   score = max(similarity(term, query), word_similarity(query, term),       (pg_trgm)
 *               term words, 0.75 × definition words)
 * where "term words" / "definition words" is, averaged over the query's words, how similar the
 * closest vocabulary word the term / definition contains as a word is: 1 for the word itself, its
 * similarity for a correction, at least 0.75 for one a single edit away. So an entry named like
 * the query ranks above one whose definition merely mentions it. Scores below 0.3 are dropped;
 * ties go to the term in alphabetical order.
 *
 * Two or three statements, no transaction: the vocabulary lookup, the corrections when a word is
 * unknown, then candidates and ranking in one go. Plans need no session settings: every lookup is
 * written so that only the intended access path fits (see lookupSql).
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rows } from '../db/sql-rows.js'
import { correct } from './corrections.js'
import { lookupSql, lookupsFor } from './lookups.js'
import { queryWords } from './words.js'

export type StatusFilter = 'confirmed' | 'tentative' | 'all'

export interface SearchOptions {
  query: string
  /** Entries must carry all of these (already normalised). */
  tags?: string[]
  status?: StatusFilter
  limit: number
}

export interface EntryRow {
  id: number
  term: string
  status: string
  tags: string[]
  definition: string
}

export interface SearchHit extends EntryRow {
  match: 'exact' | 'fuzzy'
  /** Fuzzy matches only, 0–1, three decimals. */
  score?: number
}

const FUZZY_MIN = 0.3
const DEFINITION_WEIGHT = 0.75

export function toEntryRow(r: Record<string, unknown>): EntryRow {
  return { id: Number(r.id), term: String(r.term), status: String(r.status), tags: (r.tags as string[] | null) ?? [], definition: String(r.definition) }
}

function filters(o: SearchOptions): SQL {
  const parts: SQL[] = [sql`TRUE`]
  if (o.status && o.status !== 'all') parts.push(sql`status = ${o.status}`)
  if (o.tags?.length) parts.push(sql`tags @> ARRAY(SELECT json_array_elements_text(${JSON.stringify(o.tags)}::json))`)
  return sql.join(parts, sql` AND `)
}

const NONE = sql`SELECT NULL::int AS id WHERE FALSE`

/** Averaged over the query's words (slots): the best similarity among its vocabulary words that `contains` finds. */
const wordsScore = (contains: SQL, slots: number) => sql`(SELECT coalesce(sum(b.best), 0) FROM (
    SELECT max(n.sim) AS best FROM near n WHERE ${contains} GROUP BY n.slot) b) / ${Math.max(1, slots)}`

interface Parts {
  /** The near CTE's body: (slot, word, sim). */
  near: SQL
  candidates: SQL
  slots: number
}

/** Exact matches, candidates, scores and order, in one statement. */
function rankingSql(o: SearchOptions, q: string, where: SQL, p: Parts): SQL {
  const qLower = q.toLowerCase()
  return sql`
    WITH near AS (${p.near}), exact AS (
      SELECT id, term, status, tags, definition, row_number() OVER (ORDER BY lower(term) = lower(${q}) DESC, lower(term), id) AS pos,
             NULL::float8 AS score
      FROM glossary_entries
      -- base_term was lower-cased by JavaScript (terms.ts), the term is lower-cased here: each side alike.
      WHERE (lower(term) = lower(${q}) OR base_term = ${qLower}) AND ${where}
      ORDER BY pos LIMIT ${o.limit}
    ), cand AS (${p.candidates}), fuzzy AS (
      SELECT g.id, g.term, g.status, g.tags, g.definition, NULL::bigint AS pos, greatest(
        similarity(x.term, ${qLower}),
        word_similarity(${qLower}, x.term),
        ${wordsScore(sql`n.word = ANY(x.term_words)`, p.slots)},
        ${DEFINITION_WEIGHT} * ${wordsScore(sql`strpos(x.definition, n.word) > 0 AND x.definition ~ ('(^|[^[:alnum:]])' || n.word || '([^[:alnum:]]|$)')`, p.slots)}
      )::float8 AS score
      FROM glossary_entries g
      -- Once per candidate (OFFSET 0 keeps the planner from copying the expressions into each use).
      CROSS JOIN LATERAL (
        SELECT lower(g.term) AS term, regexp_split_to_array(lower(g.term), '[^[:alnum:]]+') AS term_words, lower(g.definition) AS definition OFFSET 0
      ) x
      WHERE g.id IN (SELECT id FROM cand) AND g.id NOT IN (SELECT id FROM exact)
    )
    SELECT * FROM (SELECT * FROM exact UNION ALL SELECT * FROM fuzzy WHERE score >= ${FUZZY_MIN}) r
    ORDER BY pos NULLS LAST, score DESC, lower(term), id
    LIMIT ${o.limit}`
}

const toHit = (r: Record<string, unknown>): SearchHit => ({
  ...toEntryRow(r),
  match: r.pos === null ? 'fuzzy' : 'exact',
  ...(r.pos === null && { score: Math.round(Number(r.score) * 1000) / 1000 }),
})

/** The hits for a query, exact ones first; at most `limit`. */
export async function searchEntries(db: Db, o: SearchOptions): Promise<SearchHit[]> {
  const q = o.query.trim().replace(/\s+/g, ' ')
  const where = filters(o)
  // Trigram lookups need three characters.
  const words = queryWords(q).filter((w) => w.length >= 3)
  // Without words (none of three letters), only the exact branch finds anything.
  const { near, slots, entries } = await correct(db, words)
  const lookups = lookupsFor(words, near, o.limit, entries)
  const candidates = lookups.length
    ? sql.join(
        lookups.map((l) => lookupSql(l, o.limit, where, l.common && !o.tags?.length)),
        sql` UNION `,
      )
    : NONE
  const ranked = await rows(
    db,
    rankingSql(o, q, where, {
      near: sql`SELECT * FROM json_to_recordset(${JSON.stringify(near.map(({ slot, word, sim }) => ({ slot, word, sim })))}::json) AS n(slot text, word text, sim float8)`,
      candidates,
      slots: slots.length,
    }),
  )
  return ranked.map(toHit)
}
