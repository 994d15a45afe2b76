/**
 * The corpus's writes: one statement per batch of posts, one transaction to bring the threads up
 * to date. A batch's small fields travel as a single JSON parameter expanded by
 * `json_to_recordset` (the same SQL on PGlite and node-postgres, and far cheaper to build and
 * parse than a VALUES list), its bodies as plain text parameters.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { CorpusRecord } from './record.js'

/**
 * Inserts new posts and updates changed ones; a post identical to the stored one is not touched
 * (the WHERE of DO UPDATE), which is what makes re-importing a file change nothing. `xmax = 0`
 * tells a fresh row from an updated one. Ids must be unique within the batch.
 *
 * One statement, two kinds of parameters: the small fields of every post as one JSON array
 * (expanded by json_to_recordset), and each body as a text parameter of its own, matched by
 * position. Bodies are nearly all of the bytes, and a text parameter reaches Postgres as is, where
 * inside JSON it would be lexed and unescaped: this cuts the statement's cost by about a fifth.
 * Tags travel as Postgres array literals, cast to text[]: json_to_recordset building text[] from
 * JSON arrays costs more than the rest of the row's conversion together.
 *
 * A batch commits without waiting for its WAL to reach disk (synchronous_commit off for its own
 * implicit transaction: set_config(…, true) is SET LOCAL, set inside the one statement so that a
 * batch stays one round trip). The next batch does not queue behind an fsync. Nothing
 * acknowledged is at risk: the import ends with refreshThreads, whose ordinary commit flushes the
 * WAL up to and including every batch before the client hears "done" (see there); a crash before
 * that loses at most batches the client was never told about, and re-importing restores them.
 */
export async function upsertPosts(db: Db, records: CorpusRecord[]): Promise<{ inserted: number; updated: number }> {
  const fields = JSON.stringify(
    records.map((r, i) => ({
      n: i + 1,
      id: r.id,
      thread_id: r.thread_id,
      timestamp: r.timestamp,
      author: r.author,
      tags: arrayLiteral(r.tags),
    })),
  )
  const params: string[] = [fields]
  for (const r of records) params.push(r.body)
  // The driver's own query(text, values), not drizzle's sql`` builder: a thousand parameters
  // through the builder cost more Node time than the rest of the import's work in Node.
  const [row] = (await clientOf(db).query<{ inserted: unknown; updated: unknown }>(upsertSql(records.length), params)).rows
  return { inserted: Number(row.inserted), updated: Number(row.updated) }
}

/** node-postgres's Pool and PGlite both answer query(text, values) with `{ rows }`. */
interface RawClient {
  query<T>(text: string, values: unknown[]): Promise<{ rows: T[] }>
}
function clientOf(db: Db): RawClient {
  const client = (db as unknown as { $client?: RawClient }).$client
  if (!client) throw new Error('upsertPosts needs the database handle itself (drizzle exposes its driver as $client), not a transaction')
  return client
}

const statements = new Map<number, string>()
function upsertSql(n: number): string {
  let text = statements.get(n)
  if (text) return text
  const bodies = Array.from({ length: n }, (_, i) => `$${i + 2}`).join(',')
  text = `
    WITH async_commit AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true)),
    up AS (
      INSERT INTO corpus_posts (id, thread_id, "timestamp", author, body, tags)
      SELECT x.id, x.thread_id, x."timestamp", x.author, b.body, x.tags::text[]
      FROM json_to_recordset($1::json)
          AS x(n bigint, id bigint, thread_id bigint, "timestamp" timestamptz, author text, tags text)
        JOIN unnest(ARRAY[${bodies}]::text[]) WITH ORDINALITY AS b(body, n) USING (n)
        CROSS JOIN async_commit
      ON CONFLICT (id) DO UPDATE SET
        thread_id = EXCLUDED.thread_id, "timestamp" = EXCLUDED."timestamp", author = EXCLUDED.author,
        body = EXCLUDED.body, tags = EXCLUDED.tags, imported_at = now()
      WHERE (corpus_posts.thread_id, corpus_posts."timestamp", corpus_posts.author, corpus_posts.body, corpus_posts.tags)
        IS DISTINCT FROM (EXCLUDED.thread_id, EXCLUDED."timestamp", EXCLUDED.author, EXCLUDED.body, EXCLUDED.tags)
      RETURNING (xmax = 0) AS fresh
    )
    SELECT count(*) FILTER (WHERE fresh) AS inserted, count(*) FILTER (WHERE NOT fresh) AS updated FROM up`
  // Full batches all have one size; the odd sizes (last batch, one-by-one retries) are few.
  if (statements.size < 64) statements.set(n, text)
  return text
}

/** `["qm_post","story_post"]` → `{"qm_post","story_post"}`: each element quoted, `"` and `\` escaped. */
export function arrayLiteral(items: string[]): string {
  let out = '{'
  for (let i = 0; i < items.length; i++) out += `${i ? ',' : ''}"${items[i].replace(/[\\"]/g, '\\$&')}"`
  return `${out}}`
}

// Two imports finishing together would otherwise race to number the same threads.
const THREAD_REFRESH_LOCK = 0x636f7270

/**
 * Brings corpus_threads in line with corpus_posts: counts and first/last post times, threads left
 * without posts (their posts moved) removed, and every thread's reading position (1-based, by
 * first post time, then id) renumbered in one statement. Rows already right are not rewritten.
 */
export async function refreshThreads(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${THREAD_REFRESH_LOCK})`)
    // An xid makes this commit write a commit record, and its (synchronous) commit then flushes the
    // WAL of every batch committed before it, even when no thread needed changing.
    await tx.execute(sql`SELECT txid_current()`)
    await tx.execute(sql`
      INSERT INTO corpus_threads (id, post_count, first_post_at, last_post_at)
      SELECT thread_id, count(*), min("timestamp"), max("timestamp") FROM corpus_posts GROUP BY thread_id
      ON CONFLICT (id) DO UPDATE SET
        post_count = EXCLUDED.post_count, first_post_at = EXCLUDED.first_post_at, last_post_at = EXCLUDED.last_post_at
      WHERE (corpus_threads.post_count, corpus_threads.first_post_at, corpus_threads.last_post_at)
        IS DISTINCT FROM (EXCLUDED.post_count, EXCLUDED.first_post_at, EXCLUDED.last_post_at)`)
    await tx.execute(sql`
      DELETE FROM corpus_threads t WHERE NOT EXISTS (SELECT 1 FROM corpus_posts p WHERE p.thread_id = t.id)`)
    await tx.execute(sql`
      UPDATE corpus_threads t SET position = o.position
      FROM (SELECT id, row_number() OVER (ORDER BY first_post_at, id)::int AS position FROM corpus_threads) o
      WHERE t.id = o.id AND t.position <> o.position`)
  })
}
