/**
 * Summoning without an LLM: nobody can speak for the past agent, so the answer is what its
 * glossary said — the snapshot's entries most similar to the message (the term named in it, or
 * the definition's words), quoted with their terms. The text says that it is a retrieval.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rows } from '../../db/sql-rows.js'
import type { SnapshotRow } from '../snapshots/store.js'
import { TERM_SUFFIX, keywordsOf } from './keywords.js'

export const RETRIEVAL_MAX_ENTRIES = 5
export const RETRIEVAL_MIN_SIMILARITY = 0.3
const QUOTE_CHARS = 1_200

export interface RetrievedEntry {
  entryId: number
  term: string
  definition: string
  score: number
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

const quoted = (text: string) => {
  const t = text.trim()
  return `"${t.length > QUOTE_CHARS ? `${t.slice(0, QUOTE_CHARS)}…` : t}"`
}

export function retrievalAnswer(snapshot: SnapshotRow, found: readonly RetrievedEntry[]): string {
  const head =
    `[Retrieval answer: no LLM is configured, so the summoned agent cannot answer in its own words. ` +
    `These are the entries of snapshot ${snapshot.id} (the glossary at thread position ${snapshot.thread_position}) most similar to your message.]`
  if (found.length === 0) {
    return `${head}\n\nNone of the snapshot's ${snapshot.entry_count} entries resembles your message; try naming a term.`
  }
  return [head, ...found.map((e) => `${e.term} (entry ${e.entryId}): ${quoted(e.definition)}`)].join('\n\n')
}
