/**
 * The three answers of the explicate protocol for one passage of one entry: found in the current
 * definition (blame → source post and authoring snapshot), found only in a former definition
 * (the revision that wrote it, the one that rewrote it, the snapshot that still holds it), or only
 * similar sentences (current and former, each with the snapshot holding it, and whom to summon).
 * What cannot be known is left out and `note` says why.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { corpusPosts } from '../../db/schema/index.js'
import { rows } from '../../db/sql-rows.js'
import { splitSentences } from '../../text/sentences.js'
import { blame, definitionWritten, type FormerRun, type Revision } from './blame.js'
import { firstSnapshotHolding, snapshotDefinitions } from './find.js'
import { normalizePassage } from './normalize.js'

/** Sentences scoring below this are not offered as similar sections. */
export const SECTION_MIN_SIMILARITY = 0.3
export const MAX_SECTIONS = 3

export interface RevisionRef {
  id: number
  action: string
  created_at: string
  post_id: number | null
  thread_id: number | null
}

export interface SimilarSection {
  snapshot_id: number | null
  text: string
  score: number
  /** False for a sentence of a former definition, no longer in the entry. */
  current: boolean
}

export interface Explication {
  /** The passage explicated, as found in the message (message form only). */
  quote?: string
  entry_id?: number
  term?: string
  match: 'exact' | 'rewritten' | 'similar' | 'none'
  source_post?: { id: number; thread_id: number; body: string }
  authored_by?: { snapshot_id: number }
  revision?: RevisionRef
  rewritten_by?: RevisionRef
  similar_sections?: SimilarSection[]
  suggestion?: string
  note?: string
}

/** The entry explicated: its id, term, and its definition now (undefined once deleted). */
export interface EntryRef {
  id: number
  term: string
  definition?: string
}

export const summonSuggestion = (snapshotId: number) => `Use summon_snapshot with snapshot_id=${snapshotId} to discuss with authoring context`

const refOf = (r: Revision): RevisionRef => ({ id: r.id, action: r.action, created_at: r.createdAt, post_id: r.postId, thread_id: r.threadId })
const withNotes = (out: Explication, notes: string[]): Explication => (notes.length ? { ...out, note: notes.join(' ') } : out)

/** The post a revision was written from, or a note saying why there is none. */
async function sourcePost(db: Db, rev: Revision, notes: string[]): Promise<Explication['source_post']> {
  if (rev.postId === null) {
    notes.push(`Revision ${rev.id} was written without a post context (no X-Post-Id, no reading position), so there is no source post.`)
    return undefined
  }
  const [post] = await db
    .select({ id: corpusPosts.id, threadId: corpusPosts.threadId, body: corpusPosts.body })
    .from(corpusPosts)
    .where(eq(corpusPosts.id, rev.postId))
  if (!post) notes.push(`Revision ${rev.id} names post ${rev.postId}, which is not in the corpus.`)
  return post && { id: post.id, thread_id: post.threadId, body: post.body }
}

export async function exactAnswer(db: Db, entry: EntryRef, normalized: string, revisions: readonly Revision[]): Promise<Explication> {
  const out: Explication = { entry_id: entry.id, term: entry.term, match: 'exact' }
  const notes: string[] = []
  const rev = blame(revisions, normalized)
  if (!rev) notes.push(`No revision of entry ${entry.id} wrote this passage (its revision history does not contain it), so its source post is unknown.`)
  if (rev) out.revision = refOf(rev)
  if (rev) out.source_post = await sourcePost(db, rev, notes)
  const snapshotId = await firstSnapshotHolding(db, entry.id, normalized, rev?.id ?? 0)
  if (snapshotId !== undefined) out.authored_by = { snapshot_id: snapshotId }
  else if (rev) notes.push(`No snapshot has been taken since revision ${rev.id}, so no frozen state holds this passage yet (take one with POST /v1/snapshots).`)
  else notes.push('No snapshot holds it either.')
  return withNotes(out, notes)
}

function rewrittenNote(entry: EntryRef, run: FormerRun | undefined): string {
  const gone = `This passage is no longer in entry ${entry.id}'s definition`
  if (!run) return `${gone}; no revision wrote it (a snapshot froze it: the text was changed outside the glossary tools).`
  const by = run.rewrote
  if (!by) return `${gone}: revision ${run.wrote.id} wrote it, and it was changed outside the glossary tools since.`
  const how = by.action === 'delete' ? 'the entry was deleted by revision' : 'revision'
  const verb = by.action === 'delete' ? '' : ' rewrote it'
  return `${gone}: revision ${run.wrote.id} wrote it, ${how} ${by.id}${verb} (${by.createdAt}${by.postId === null ? '' : `, from post ${by.postId}`}).`
}

export async function rewrittenAnswer(db: Db, entry: EntryRef, normalized: string, run: FormerRun | undefined): Promise<Explication> {
  const out: Explication = { entry_id: entry.id, term: entry.term, match: 'rewritten' }
  const notes = [rewrittenNote(entry, run)]
  if (run) {
    out.revision = refOf(run.wrote)
    if (run.rewrote) out.rewritten_by = refOf(run.rewrote)
    out.source_post = await sourcePost(db, run.wrote, notes)
  }
  const snapshotId = await firstSnapshotHolding(db, entry.id, normalized, run?.wrote.id ?? 0)
  if (snapshotId !== undefined) {
    out.authored_by = { snapshot_id: snapshotId }
    out.suggestion = summonSuggestion(snapshotId)
  } else notes.push('No snapshot was taken while it stood, so no frozen state holds it.')
  return withNotes(out, notes)
}

async function rankSentences(db: Db, quote: string, sentences: readonly string[]): Promise<{ text: string; score: number }[]> {
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

/** The entry's sentences, current ones first, then those of former definitions (revisions, snapshots), each once. */
async function sentencesOf(db: Db, entry: EntryRef, revisions: readonly Revision[]): Promise<Map<string, { text: string; current: boolean }>> {
  const former = [...revisions.map(definitionWritten), ...(await snapshotDefinitions(db, entry.id)).map((s) => s.definition)]
  const all = new Map<string, { text: string; current: boolean }>()
  const add = (definition: string | undefined, current: boolean) => {
    for (const text of splitSentences(definition ?? '')) if (!all.has(normalizePassage(text))) all.set(normalizePassage(text), { text, current })
  }
  add(entry.definition, true)
  for (const d of former) add(d, false)
  return all
}

export async function similarAnswer(db: Db, entry: EntryRef, quote: string, revisions: readonly Revision[]): Promise<Explication> {
  const sentences = await sentencesOf(db, entry, revisions)
  const byText = new Map([...sentences.values()].map((s) => [s.text, s.current]))
  const ranked = (await rankSentences(db, quote, [...byText.keys()])).filter((s) => s.score >= SECTION_MIN_SIMILARITY).slice(0, MAX_SECTIONS)
  const sections: SimilarSection[] = []
  for (const s of ranked) {
    const normalized = normalizePassage(s.text)
    const current = byText.get(s.text) ?? false
    const rev = current ? blame(revisions, normalized) : undefined
    const snapshotId = await firstSnapshotHolding(db, entry.id, normalized, rev?.id ?? 0)
    sections.push({ snapshot_id: snapshotId ?? null, text: s.text, score: Math.round(s.score * 1000) / 1000, current })
  }
  const out: Explication = { entry_id: entry.id, term: entry.term, match: sections.length ? 'similar' : 'none', similar_sections: sections }
  const notes: string[] = []
  const author = sections.find((s) => s.snapshot_id !== null)
  if (author) out.suggestion = summonSuggestion(author.snapshot_id!)
  else if (sections.length) notes.push('No snapshot holds these sections yet (take one with POST /v1/snapshots), so there is no authoring context to summon.')
  else notes.push(`No sentence of entry ${entry.id}'s definition, now or before, resembles the quote.`)
  if (sections.some((s) => !s.current)) notes.push('Sections with current: false are from earlier versions of the definition and are no longer in it.')
  return withNotes(out, notes)
}
