/**
 * Summoning without an LLM: nobody can speak for the past agent, so the answer is what it knew —
 * the snapshot's entries most similar to the message (the term named in it, or the definition's
 * words), quoted with their terms, each with the posts it was written from, then other posts read
 * by then that bear on the message. Bounded (entries, posts, characters per post), and the text
 * says so, and that it is a retrieval.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rows } from '../../db/sql-rows.js'
import type { SnapshotRow } from '../snapshots/store.js'
import { TERM_SUFFIX, keywordsOf } from './keywords.js'
import { POST_EXCERPT_CHARS, relevantPosts, type ShownPost, SOURCE_POSTS_PER_ENTRY, sourcePostsOf } from './sources.js'

export const RETRIEVAL_MAX_ENTRIES = 5
export const RETRIEVAL_MIN_SIMILARITY = 0.3
/** Posts in one answer, source posts and others together. */
export const RETRIEVAL_MAX_POSTS = 8
const OTHER_POSTS_MAX = 3
const QUOTE_CHARS = 1_200

export interface RetrievedEntry {
  entryId: number
  term: string
  definition: string
  score: number
}

export interface Retrieval {
  entries: RetrievedEntry[]
  /** entry id → the posts shown for it, and how many more it has that the cap left out. */
  sources: Map<number, { shown: ShownPost[]; hidden: number }>
  others: ShownPost[]
}

export async function retrieveEntries(db: Db, snapshotId: number, message: string): Promise<RetrievedEntry[]> {
  const keywords = keywordsOf(message).join(' ')
  const found = await rows(
    db,
    sql`
    SELECT entry_id, term, definition, score FROM (
      SELECT entry_id, term, definition, greatest(
               word_similarity(regexp_replace(term, ${TERM_SUFFIX}, ''), ${message}),
               coalesce((SELECT avg(word_similarity(k, definition)) FROM unnest(string_to_array(${keywords}, ' ')) AS k), 0)
             ) AS score
      FROM snapshot_entries WHERE snapshot_id = ${snapshotId}
    ) s
    WHERE score >= ${RETRIEVAL_MIN_SIMILARITY}
    ORDER BY score DESC, entry_id LIMIT ${RETRIEVAL_MAX_ENTRIES}`,
  )
  return found.map((r) => ({
    entryId: Number(r.entry_id),
    term: String(r.term),
    definition: String(r.definition),
    score: Number(r.score),
  }))
}

/** The entries, their source posts (best entries first, within the post cap), and other relevant posts. */
export async function retrieve(db: Db, snapshot: SnapshotRow, message: string): Promise<Retrieval> {
  const entries = await retrieveEntries(db, snapshot.id, message)
  const all = await sourcePostsOf(
    db,
    snapshot,
    entries.map((e) => e.entryId),
  )
  const sources: Retrieval['sources'] = new Map()
  let room = RETRIEVAL_MAX_POSTS
  for (const e of entries) {
    const list = all.get(e.entryId) ?? []
    sources.set(e.entryId, { shown: list.slice(0, room), hidden: Math.max(0, list.length - room) })
    room = Math.max(0, room - list.length)
  }
  const shown = [...sources.values()].flatMap((s) => s.shown.map((p) => p.id))
  const others = await relevantPosts(db, snapshot, keywordsOf(message), shown, Math.min(room, OTHER_POSTS_MAX))
  return { entries, sources, others }
}

const quoted = (text: string, max = QUOTE_CHARS, cut = false) => {
  const t = text.trim()
  return `"${t.length > max ? t.slice(0, max) : t}${t.length > max || cut ? '…' : ''}"`
}
const postLine = (p: ShownPost, lead: string) =>
  `  ${lead} post ${p.id} (thread ${p.threadId}, position ${p.position}, ${p.author}, ${p.timestamp}): ${quoted(p.body, POST_EXCERPT_CHARS, p.truncated)}`

function entryBlock(e: RetrievedEntry, posts: { shown: ShownPost[]; hidden: number } | undefined): string {
  const lines = [`${e.term} (entry ${e.entryId}): ${quoted(e.definition)}`]
  for (const p of posts?.shown ?? []) lines.push(postLine(p, 'Written from'))
  if (posts?.hidden) lines.push(`  (${posts.hidden} more source post${posts.hidden > 1 ? 's' : ''} left out: at most ${RETRIEVAL_MAX_POSTS} posts in all)`)
  else if (!posts?.shown.length) lines.push('  (no source post: written without a post context, or from posts the corpus does not hold)')
  return lines.join('\n')
}

export function retrievalAnswer(snapshot: SnapshotRow, r: Retrieval): string {
  const head =
    `[Retrieval answer: no LLM is configured, so the summoned agent cannot answer in its own words. ` +
    `Below: the entries of snapshot ${snapshot.id} (the glossary at thread position ${snapshot.thread_position}) most similar to your message, ` +
    `each with the posts it was written from, then other posts read by then that bear on your message. ` +
    `At most ${RETRIEVAL_MAX_ENTRIES} entries, ${SOURCE_POSTS_PER_ENTRY} source posts per entry and ${RETRIEVAL_MAX_POSTS} posts in all; ` +
    `definitions cut at ${QUOTE_CHARS} characters, posts at ${POST_EXCERPT_CHARS} (…).]`
  const blocks = [head]
  if (r.entries.length === 0) blocks.push(`None of the snapshot's ${snapshot.entry_count} entries resembles your message; try naming a term.`)
  for (const e of r.entries) blocks.push(entryBlock(e, r.sources.get(e.entryId)))
  if (r.others.length) blocks.push(['Other posts read by then that bear on your message:', ...r.others.map((p) => postLine(p, 'From'))].join('\n'))
  return blocks.join('\n\n')
}
