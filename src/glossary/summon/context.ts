/**
 * What a summoned agent knows: the glossary as its snapshot froze it, and the posts it had read by
 * then (threads at positions 1…thread_position), never anything later. Both are picked for the
 * question within a token budget: the whole glossary when it fits, else its entries most similar
 * to the question; and the posts most similar to the question's keywords (pg_trgm word
 * similarity), never the whole corpus. Tokens are estimated as characters / 4, as snapshots count them.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rows } from '../../db/sql-rows.js'
import type { SnapshotRow } from '../snapshots/store.js'
import { TERM_SUFFIX, keywordsOf } from './keywords.js'

export const ENTRY_BUDGET_TOKENS = 12_000
export const POST_BUDGET_TOKENS = 6_000
/** Longer posts are cut to this many characters (their beginning) in the context. */
export const POST_EXCERPT_CHARS = 2_000
export const MAX_POSTS = 30
/** Mean word similarity of the keywords to a post below which the post is not relevant. */
export const POST_MIN_RELEVANCE = 0.35
const CHARS_PER_TOKEN = 4
// Markup around each entry or post in the prompt, counted against the budget.
const OVERHEAD_CHARS = 80

export interface ContextEntry {
  entryId: number
  term: string
  definition: string
  tags: string[]
  status: string
}
export interface ContextPost {
  id: number
  threadId: number
  position: number
  timestamp: string
  author: string
  body: string
  truncated: boolean
}

export interface SummonContext {
  entries: ContextEntry[]
  /** Entries the snapshot holds; more than `entries.length` when the glossary did not fit. */
  entriesTotal: number
  posts: ContextPost[]
}

/** Entries ranked by similarity to the question, kept while their running size fits the budget. */
async function entriesFor(db: Db, snapshotId: number, question: string, keywords: string): Promise<ContextEntry[]> {
  const found = await rows(
    db,
    sql`
    WITH scored AS (
      SELECT entry_id, term, definition, tags, status,
             length(term) + length(definition) + length(array_to_string(tags, ',')) + ${OVERHEAD_CHARS} AS chars,
             greatest(
               word_similarity(regexp_replace(term, ${TERM_SUFFIX}, ''), ${question}),
               coalesce((SELECT avg(word_similarity(k, definition)) FROM unnest(string_to_array(${keywords}, ' ')) AS k), 0)
             ) AS score
      FROM snapshot_entries WHERE snapshot_id = ${snapshotId}
    ), ranked AS (
      SELECT *, sum(chars) OVER (ORDER BY score DESC, entry_id ROWS UNBOUNDED PRECEDING) AS running,
             row_number() OVER (ORDER BY score DESC, entry_id) AS rank
      FROM scored
    )
    SELECT entry_id, term, definition, tags, status FROM ranked
    WHERE running <= ${ENTRY_BUDGET_TOKENS * CHARS_PER_TOKEN} OR rank = 1
    ORDER BY lower(term), entry_id`,
  )
  return found.map((r) => ({
    entryId: Number(r.entry_id),
    term: String(r.term),
    definition: String(r.definition),
    tags: (r.tags as string[] | null) ?? [],
    status: String(r.status),
  }))
}

/** Posts of threads read by then, most relevant first within the budget, returned in reading order. */
async function postsFor(db: Db, threadPosition: number, keywords: string): Promise<ContextPost[]> {
  if (keywords === '' || threadPosition < 1) return []
  const found = await rows(
    db,
    sql`
    WITH scored AS (
      SELECT p.id, p.thread_id, t.position, p.timestamp, p.author, p.body,
             (SELECT avg(word_similarity(k, p.body)) FROM unnest(string_to_array(${keywords}, ' ')) AS k) AS score
      FROM corpus_posts p JOIN corpus_threads t ON t.id = p.thread_id
      WHERE t.position BETWEEN 1 AND ${threadPosition}
    ), ranked AS (
      SELECT *, sum(least(length(body), ${POST_EXCERPT_CHARS}) + ${OVERHEAD_CHARS}) OVER (ORDER BY score DESC, id ROWS UNBOUNDED PRECEDING) AS running,
             row_number() OVER (ORDER BY score DESC, id) AS rank
      FROM scored WHERE score >= ${POST_MIN_RELEVANCE}
    )
    SELECT id, thread_id, position, timestamp, author, left(body, ${POST_EXCERPT_CHARS}) AS body, length(body) > ${POST_EXCERPT_CHARS} AS truncated
    FROM ranked WHERE running <= ${POST_BUDGET_TOKENS * CHARS_PER_TOKEN} AND rank <= ${MAX_POSTS}
    ORDER BY position, timestamp, id`,
  )
  return found.map((r) => ({
    id: Number(r.id),
    threadId: Number(r.thread_id),
    position: Number(r.position),
    timestamp: new Date(r.timestamp as string).toISOString(),
    author: String(r.author),
    body: String(r.body),
    truncated: Boolean(r.truncated),
  }))
}

export async function gatherContext(db: Db, snapshot: SnapshotRow, question: string): Promise<SummonContext> {
  const keywords = keywordsOf(question).join(' ')
  const entries = await entriesFor(db, snapshot.id, question, keywords)
  const posts = await postsFor(db, snapshot.thread_position, keywords)
  return { entries, entriesTotal: snapshot.entry_count, posts }
}
