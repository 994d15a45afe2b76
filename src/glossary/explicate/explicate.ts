/**
 * The explicate protocol (seed 004): a quoted passage of a definition → the entry it belongs to,
 * the revision that wrote it, that revision's post and the first snapshot holding it. A quote that
 * is not in any definition verbatim (up to case and white space) gets the entry's most similar
 * sentences instead, each blamed the same way, and the advice to summon the snapshot that wrote
 * the best of them.
 *
 * When a part of the answer cannot be known it is left out and `note` says why: no revision
 * explains the text (history written outside the glossary tools), the revision had no post context
 * (no X-Post-Id) or names a post the corpus lacks, or no snapshot has been taken since the revision.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { corpusPosts } from '../../db/schema/index.js'
import { rows } from '../../db/sql-rows.js'
import { fail } from '../../errors.js'
import { splitSentences } from '../../text/sentences.js'
import { authoringSnapshot, blame, loadRevisions, type Revision } from './blame.js'
import { cleanQuote, containsPassage, normalizePassage } from './normalize.js'

/** Below this word similarity (pg_trgm) a definition does not resemble the quote. */
export const ENTRY_MIN_SIMILARITY = 0.3
/** Sentences scoring below this are not offered as similar sections. */
export const SECTION_MIN_SIMILARITY = 0.3
export const MAX_SECTIONS = 3
const CANDIDATES = 20
// A parameter, not SQL text: inside an sql`` template JavaScript would eat the backslash.
const WHITESPACE_RUN = String.raw`\s+`

export interface SimilarSection {
  snapshot_id: number | null
  text: string
  score: number
}

export interface Explication {
  entry_id?: number
  term?: string
  match: 'exact' | 'similar' | 'none'
  source_post?: { id: number; thread_id: number; body: string }
  authored_by?: { snapshot_id: number }
  revision?: { id: number; action: string; created_at: string; post_id: number | null; thread_id: number | null }
  similar_sections?: SimilarSection[]
  suggestion?: string
  note?: string
}

interface Candidate {
  id: number
  term: string
  definition: string
  score: number
}

async function candidates(db: Db, quote: string, normalized: string, entryId?: number): Promise<Candidate[]> {
  // Verbatim holders first (checked again below with JS's own normalization), then by pg_trgm word similarity.
  const found = await rows(
    db,
    sql`
    SELECT id, term, definition, word_similarity(${quote}, definition) AS score
    FROM glossary_entries
    WHERE ${entryId ?? null}::int IS NULL OR id = ${entryId ?? null}::int
    ORDER BY strpos(lower(regexp_replace(definition, ${WHITESPACE_RUN}, ' ', 'g')), ${normalized}) > 0 DESC, score DESC, id
    LIMIT ${CANDIDATES}`,
  )
  return found.map((r) => ({ id: Number(r.id), term: String(r.term), definition: String(r.definition), score: Number(r.score) }))
}

export const summonSuggestion = (snapshotId: number) => `Use summon_snapshot with snapshot_id=${snapshotId} to discuss with authoring context`

async function exactAnswer(db: Db, entry: Candidate, normalized: string): Promise<Explication> {
  const out: Explication = { entry_id: entry.id, term: entry.term, match: 'exact' }
  const notes: string[] = []
  const rev = blame(await loadRevisions(db, entry.id), normalized)
  if (!rev) {
    out.note = `No revision of entry ${entry.id} wrote this passage (its revision history does not contain it), so its source post and authoring snapshot are unknown.`
    return out
  }
  out.revision = { id: rev.id, action: rev.action, created_at: rev.createdAt, post_id: rev.postId, thread_id: rev.threadId }
  if (rev.postId === null) {
    notes.push(`Revision ${rev.id} was written without a post context (no X-Post-Id), so there is no source post.`)
  } else {
    const [post] = await db
      .select({ id: corpusPosts.id, threadId: corpusPosts.threadId, body: corpusPosts.body })
      .from(corpusPosts)
      .where(eq(corpusPosts.id, rev.postId))
    if (post) out.source_post = { id: post.id, thread_id: post.threadId, body: post.body }
    else notes.push(`Revision ${rev.id} names post ${rev.postId}, which is not in the corpus.`)
  }
  const snapshotId = await authoringSnapshot(db, rev.id)
  if (snapshotId !== undefined) out.authored_by = { snapshot_id: snapshotId }
  else notes.push(`No snapshot has been taken since revision ${rev.id}, so no frozen state holds this passage yet (take one with POST /v1/snapshots).`)
  if (notes.length) out.note = notes.join(' ')
  return out
}

async function rankSentences(db: Db, quote: string, sentences: string[]): Promise<{ text: string; score: number }[]> {
  if (sentences.length === 0) return []
  const ranked = await rows(
    db,
    sql`
    SELECT s.value AS text, greatest(word_similarity(${quote}, s.value), similarity(${quote}, s.value)) AS score
    FROM json_array_elements_text(${JSON.stringify(sentences)}::json) WITH ORDINALITY AS s(value, n)
    ORDER BY score DESC, s.n`,
  )
  return ranked.map((r) => ({ text: String(r.text), score: Number(r.score) }))
}

async function similarAnswer(db: Db, entry: Candidate, quote: string): Promise<Explication> {
  const ranked = (await rankSentences(db, quote, splitSentences(entry.definition))).filter((s) => s.score >= SECTION_MIN_SIMILARITY).slice(0, MAX_SECTIONS)
  const revisions = ranked.length ? await loadRevisions(db, entry.id) : []
  const sections: SimilarSection[] = []
  for (const s of ranked) {
    const rev: Revision | undefined = blame(revisions, normalizePassage(s.text))
    const snapshotId = rev ? await authoringSnapshot(db, rev.id) : undefined
    sections.push({ snapshot_id: snapshotId ?? null, text: s.text, score: Math.round(s.score * 1000) / 1000 })
  }
  const out: Explication = { entry_id: entry.id, term: entry.term, match: sections.length ? 'similar' : 'none', similar_sections: sections }
  const author = sections.find((s) => s.snapshot_id !== null)
  if (author) out.suggestion = summonSuggestion(author.snapshot_id!)
  else if (sections.length) out.note = 'No snapshot holds these sections yet (take one with POST /v1/snapshots), so there is no authoring context to summon.'
  else out.note = `No sentence of entry ${entry.id}'s definition resembles the quote.`
  return out
}

export async function explicate(db: Db, input: { quote: string; entryId?: number }): Promise<Explication> {
  const quote = cleanQuote(input.quote)
  if (quote === '') fail('VALIDATION_ERROR', 'Value for quote is empty once its quotation marks are removed: quote a passage of a definition')
  const normalized = normalizePassage(quote)
  const found = await candidates(db, quote, normalized, input.entryId)
  if (input.entryId !== undefined && found.length === 0) fail('ENTRY_NOT_FOUND', `No glossary entry with id ${input.entryId}`)
  const verbatim = found.find((c) => containsPassage(c.definition, normalized))
  if (verbatim) return exactAnswer(db, verbatim, normalized)
  const best = found[0]
  if (best && (input.entryId !== undefined || best.score >= ENTRY_MIN_SIMILARITY)) return similarAnswer(db, best, quote)
  return { match: 'none', similar_sections: [], note: 'No glossary definition resembles the quote.' }
}
