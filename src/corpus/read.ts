/**
 * The corpus's reads, for read_post and read_thread_range. Reading order inside a thread is by
 * timestamp, then id: the order of the (thread_id, timestamp, id) index, so "the two posts
 * before" is an index range scan, not a sort of the thread.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rows } from '../db/sql-rows.js'

export interface CorpusPost {
  id: number
  thread_id: number
  /** UTC, ISO 8601: `2014-02-16T01:24:30Z` (milliseconds only when there are some). */
  timestamp: string
  author: string
  tags: string[]
  body: string
}

interface Row {
  id: unknown
  thread_id: unknown
  ts: string
  author: string
  tags: string[] | null
  body: string
}

const COLUMNS = sql.raw(`id, thread_id, to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts, author, tags, body`)

// Drivers differ (node-postgres: bigint as string; PGlite: number); ids are safe integers by import.
const toPost = (r: Row): CorpusPost => ({
  id: Number(r.id),
  thread_id: Number(r.thread_id),
  timestamp: r.ts.replace('.000Z', 'Z'),
  author: r.author,
  tags: r.tags ?? [],
  body: r.body,
})

async function posts(db: Db, query: SQL): Promise<CorpusPost[]> {
  return (await rows<Row>(db, query)).map(toPost)
}

/** Ids outside 1…MAX_SAFE_INTEGER cannot have been imported; asking Postgres about them would only fail. */
export const isStorableId = (id: number) => Number.isSafeInteger(id) && id >= 1

export async function getPost(db: Db, id: number): Promise<CorpusPost | undefined> {
  if (!isStorableId(id)) return undefined
  return (await posts(db, sql`SELECT ${COLUMNS} FROM corpus_posts WHERE id = ${id}`))[0]
}

/** The post and up to `around` posts on each side of it in its thread, in reading order. */
export async function getPostWithNeighbours(db: Db, id: number, around = 2): Promise<CorpusPost[]> {
  if (!isStorableId(id)) return []
  return posts(
    db,
    sql`
    WITH c AS (SELECT id, thread_id, "timestamp" FROM corpus_posts WHERE id = ${id})
    SELECT ${COLUMNS} FROM (
      (SELECT p.* FROM corpus_posts p, c
        WHERE p.thread_id = c.thread_id AND (p."timestamp", p.id) < (c."timestamp", c.id)
        ORDER BY p."timestamp" DESC, p.id DESC LIMIT ${around})
      UNION ALL
      (SELECT p.* FROM corpus_posts p, c WHERE p.id = c.id)
      UNION ALL
      (SELECT p.* FROM corpus_posts p, c
        WHERE p.thread_id = c.thread_id AND (p."timestamp", p.id) > (c."timestamp", c.id)
        ORDER BY p."timestamp", p.id LIMIT ${around})
    ) w ORDER BY "timestamp", id`,
  )
}

export async function threadExists(db: Db, threadId: number): Promise<boolean> {
  if (!isStorableId(threadId)) return false
  const [row] = await rows<{ found: unknown }>(
    db,
    sql`
    SELECT EXISTS (SELECT 1 FROM corpus_threads WHERE id = ${threadId})
        OR EXISTS (SELECT 1 FROM corpus_posts WHERE thread_id = ${threadId}) AS found`,
  )
  return Boolean(row?.found)
}

/**
 * A bound beyond the storable ids selects the same posts as the nearest storable one, and unlike
 * 1e300 it is a number Postgres reads as a bigint.
 */
const clampBound = (n: number) => Math.min(Math.max(n, 0), Number.MAX_SAFE_INTEGER + 1)

export interface RangeQuery {
  threadId: number
  startPostId?: number
  endPostId?: number
  tag?: string
  /** At most this many posts (the caller pages with start_post_id). */
  limit: number
  /**
   * Posts are read only while the posts before the previous one come to at most this many bytes:
   * the post that passes it and the one after it are the last read, so a caller still learns where
   * to go on. 150 posts of 1 MB were read whole for an answer of 100 KB, which held the loop ~1 s.
   */
  maxBytes: number
}

/** What a post weighs in an answer, measured by the database: its body, author and tags. */
const POST_BYTES = sql.raw(`(octet_length(body) + octet_length(author) + coalesce(octet_length(array_to_string(tags, ',')), 0))`)

function rangeConditions(q: Omit<RangeQuery, 'limit' | 'maxBytes'>): SQL {
  const conditions: SQL[] = [sql`thread_id = ${q.threadId}`]
  if (q.startPostId !== undefined) conditions.push(sql`id >= ${clampBound(q.startPostId)}`)
  if (q.endPostId !== undefined) conditions.push(sql`id <= ${clampBound(q.endPostId)}`)
  if (q.tag !== undefined) conditions.push(sql`${q.tag} = ANY (tags)`)
  return sql.join(conditions, sql` AND `)
}

/** How many posts after the next one lowerIdLater reads: each page of a 300,000-post thread scanned the rest (350 ms on PGlite). */
export const LATER_CHECKED = 1_000

/**
 * Whether one of the LATER_CHECKED posts of the range after `postId` in reading order has a lower
 * id: paging on from `postId` by id would skip it. Read along the thread's (timestamp, id) index.
 */
export async function lowerIdLater(db: Db, q: Omit<RangeQuery, 'limit' | 'maxBytes'>, postId: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM (
        SELECT id FROM corpus_posts
        WHERE ${rangeConditions(q)} AND ("timestamp", id) > ((SELECT "timestamp" FROM corpus_posts WHERE id = ${postId}), ${postId})
        ORDER BY "timestamp", id LIMIT ${LATER_CHECKED}
      ) later WHERE id < ${postId} LIMIT 1`,
  )
  return found.length > 0
}

/** Posts of one thread whose ids fall in [start, end], optionally with a tag, in reading order. */
export async function getThreadRange(db: Db, q: RangeQuery): Promise<CorpusPost[]> {
  return posts(
    db,
    sql`
    SELECT ${COLUMNS} FROM (
      SELECT *, lag(before, 1, 0) OVER (ORDER BY "timestamp", id) AS prev_before FROM (
        SELECT *, sum(${POST_BYTES}) OVER (ORDER BY "timestamp", id) - ${POST_BYTES} AS before
        FROM corpus_posts WHERE ${rangeConditions(q)}
        ORDER BY "timestamp", id LIMIT ${q.limit}
      ) sized
    ) p WHERE prev_before <= ${q.maxBytes}
    ORDER BY "timestamp", id`,
  )
}
