/**
 * The posts a snapshot's entries came from: the posts of the revisions, up to the snapshot, that
 * wrote each entry (the first it was seen in, then the latest), as the corpus holds them. Without
 * an LLM these are what lets a reader see what the past agent had read, beside what it wrote.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rows } from '../../db/sql-rows.js'
import type { SnapshotRow } from '../snapshots/store.js'

/** Per entry: the post it was first written from and the latest two others. */
export const SOURCE_POSTS_PER_ENTRY = 3
/** Post text shown in a retrieval answer is cut at this many characters. */
export const POST_EXCERPT_CHARS = 600

export interface ShownPost {
  id: number
  threadId: number
  position: number
  author: string
  timestamp: string
  body: string
  truncated: boolean
}

const toPost = (r: Record<string, unknown>): ShownPost => ({
  id: Number(r.id),
  threadId: Number(r.thread_id),
  position: Number(r.position ?? 0),
  author: String(r.author),
  timestamp: new Date(r.timestamp as string).toISOString(),
  body: String(r.body),
  truncated: Boolean(r.truncated),
})

/** entry id → its source posts in the order they were written from. Entries without any are absent. */
export async function sourcePostsOf(db: Db, snapshot: SnapshotRow, entryIds: readonly number[]): Promise<Map<number, ShownPost[]>> {
  const bySource = new Map<number, ShownPost[]>()
  if (entryIds.length === 0) return bySource
  const found = await rows(
    db,
    sql`
    WITH r AS (
      SELECT entry_id, post_id, min(id) AS rev FROM glossary_revisions
      WHERE entry_id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(entryIds)}::json))
        AND id <= ${snapshot.last_revision_id} AND post_id IS NOT NULL
      GROUP BY entry_id, post_id
    ), ranked AS (
      -- Only posts the corpus holds take a place.
      SELECT r.*, row_number() OVER (PARTITION BY r.entry_id ORDER BY r.rev) AS first_n,
                  row_number() OVER (PARTITION BY r.entry_id ORDER BY r.rev DESC) AS last_n
      FROM r JOIN corpus_posts c ON c.id = r.post_id
    )
    SELECT ranked.entry_id, p.id, p.thread_id, t.position, p.author, p.timestamp,
           left(p.body, ${POST_EXCERPT_CHARS}) AS body, length(p.body) > ${POST_EXCERPT_CHARS} AS truncated
    FROM ranked JOIN corpus_posts p ON p.id = ranked.post_id LEFT JOIN corpus_threads t ON t.id = p.thread_id
    WHERE ranked.first_n = 1 OR ranked.last_n < ${SOURCE_POSTS_PER_ENTRY}
    ORDER BY ranked.entry_id, ranked.rev`,
  )
  for (const r of found) {
    const list = bySource.get(Number(r.entry_id)) ?? []
    list.push(toPost(r))
    bySource.set(Number(r.entry_id), list)
  }
  return bySource
}

/** Mean word similarity of the message's keywords to a post below which the post does not bear on it. */
export const POST_MIN_RELEVANCE = 0.35

/** Posts of the threads read by then (positions 1…thread_position) that bear most on the keywords, best first. */
export async function relevantPosts(
  db: Db,
  snapshot: SnapshotRow,
  keywords: readonly string[],
  exclude: readonly number[],
  limit: number,
): Promise<ShownPost[]> {
  if (keywords.length === 0 || limit < 1 || snapshot.thread_position < 1) return []
  const found = await rows(
    db,
    sql`
    SELECT * FROM (
      SELECT p.id, p.thread_id, t.position, p.author, p.timestamp,
             left(p.body, ${POST_EXCERPT_CHARS}) AS body, length(p.body) > ${POST_EXCERPT_CHARS} AS truncated,
             (SELECT avg(word_similarity(k, p.body)) FROM json_array_elements_text(${JSON.stringify(keywords)}::json) AS k) AS score
      FROM corpus_posts p JOIN corpus_threads t ON t.id = p.thread_id
      WHERE t.position BETWEEN 1 AND ${snapshot.thread_position}
        AND p.id NOT IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(exclude)}::json))
    ) s WHERE score >= ${POST_MIN_RELEVANCE}
    ORDER BY score DESC, id LIMIT ${limit}`,
  )
  return found.map(toPost)
}
