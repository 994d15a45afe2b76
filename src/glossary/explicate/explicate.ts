/**
 * The explicate protocol (seed 004). Input: a quoted passage of a definition, or the agent's own
 * message with the passages in quotation marks and, around them, the entry it means ("this part of
 * the vys entry"). For each passage, in this order:
 *   1. a current definition holding it verbatim (case and white space aside) → blame: the source
 *      post and the first snapshot holding it;
 *   2. a definition a revision once wrote (since rewritten, or the entry deleted), or a snapshot's
 *      frozen copy of a named entry → the revision that wrote it, the one that rewrote it and the
 *      snapshot that still holds it, with the advice to summon that snapshot;
 *   3. else the most similar sentences of the entry, current or former, each with its snapshot.
 * Entries the message names are searched first; when they do not hold the passage the search
 * widens to the whole glossary, and `note` says so.
 */
import type { Db } from '../../db/client.js'
import { fail } from '../../errors.js'
import { getEntry } from '../entries.js'
import { type Explication, type EntryRef, exactAnswer, rewrittenAnswer, similarAnswer } from './answers.js'
import { formerRun, loadRevisions, termInHistory } from './blame.js'
import { currentCandidates, mostSimilarFormer, namedEntries, revisionHolders, snapshotHolders, type Candidate } from './find.js'
import { MAX_PASSAGES, parseMessage } from './message.js'
import { cleanQuote, containsPassage, normalizePassage } from './normalize.js'

export { type Explication, summonSuggestion } from './answers.js'

/** Below this word similarity (pg_trgm) a definition does not resemble the quote. */
export const ENTRY_MIN_SIMILARITY = 0.3

export interface Explications {
  count: number
  explications: Explication[]
}

interface Scope {
  /** Only these entries (entry_id, or those the message names); all when undefined. */
  ids?: readonly number[]
  /** entry_id was given: answer for that entry whatever the similarity. */
  strict: boolean
}

/** The entry as it is now, or as its history last knew it once deleted. */
async function entryRef(db: Db, id: number): Promise<{ entry: EntryRef; revisions: Awaited<ReturnType<typeof loadRevisions>> } | undefined> {
  const [now, revisions] = await Promise.all([getEntry(db, id), loadRevisions(db, id)])
  const term = now?.term ?? termInHistory(revisions)
  if (term === undefined) return undefined
  return { entry: { id, term, definition: now?.definition }, revisions }
}

/** Steps 1 and 2: the passage verbatim in a current definition, else in a former one. */
async function verbatim(db: Db, quote: string, normalized: string, scope: Scope): Promise<{ found?: Explication; candidates: Candidate[] }> {
  const candidates = await currentCandidates(db, quote, normalized, scope.ids)
  const hit = candidates.find((c) => containsPassage(c.definition, normalized))
  if (hit) return { found: await exactAnswer(db, hit, normalized, await loadRevisions(db, hit.id)), candidates }
  const holders = await revisionHolders(db, normalized, scope.ids)
  if (holders.length === 0 && scope.ids) holders.push(...(await snapshotHolders(db, normalized, scope.ids)))
  for (const id of holders) {
    const ref = await entryRef(db, id)
    if (!ref) continue
    const run = formerRun(ref.revisions, normalized, containsPassage(ref.entry.definition ?? '', normalized))
    return { found: await rewrittenAnswer(db, ref.entry, normalized, run), candidates }
  }
  return { candidates }
}

/** Step 3: the entry whose definition, now or before, resembles the quote most, and its closest sentences. */
async function similar(db: Db, quote: string, scope: Scope, candidates: Candidate[]): Promise<Explication | undefined> {
  const best = candidates[0]
  const former = await mostSimilarFormer(db, quote, scope.strict ? 0 : ENTRY_MIN_SIMILARITY, scope.ids)
  const currentOk = best && (scope.strict || best.score >= ENTRY_MIN_SIMILARITY)
  const id = currentOk && (!former || best.score >= former.score) ? best.id : former?.id
  const ref = id === undefined ? undefined : await entryRef(db, id)
  return ref && similarAnswer(db, ref.entry, quote, ref.revisions)
}

async function inScope(db: Db, quote: string, scope: Scope): Promise<Explication | undefined> {
  const normalized = normalizePassage(quote)
  const { found, candidates } = await verbatim(db, quote, normalized, scope)
  return found ?? similar(db, quote, scope, candidates)
}

const NOTHING: Explication = { match: 'none', similar_sections: [], note: 'No glossary definition, now or before, resembles the quote.' }

/** One passage: in the entry given, else in the entries named (then everywhere), else everywhere. */
export async function explicatePassage(db: Db, quote: string, o: { entryId?: number; named?: readonly number[] } = {}): Promise<Explication> {
  if (o.entryId !== undefined) {
    if (!(await entryRef(db, o.entryId))) fail('ENTRY_NOT_FOUND', `No glossary entry with id ${o.entryId}, and no revision history for one`)
    return (await inScope(db, quote, { ids: [o.entryId], strict: true })) ?? NOTHING
  }
  if (o.named?.length) {
    const there = await inScope(db, quote, { ids: o.named, strict: false })
    if (there) return there
    const elsewhere = (await inScope(db, quote, { strict: false })) ?? NOTHING
    const widened = `The ${o.named.length > 1 ? 'entries' : 'entry'} the message names (${o.named.map((id) => `#${id}`).join(', ')}) neither hold${o.named.length > 1 ? '' : 's'} nor resemble${o.named.length > 1 ? '' : 's'} this passage, so the whole glossary was searched.`
    return { ...elsewhere, note: [widened, elsewhere.note].filter(Boolean).join(' ') }
  }
  return (await inScope(db, quote, { strict: false })) ?? NOTHING
}

const noPassage = () =>
  fail(
    'VALIDATION_ERROR',
    'No quoted passage found in message: put the passage of the definition in quotation marks ("…", “…”, «…») or on a line starting with >, or send it alone as quote',
    { details: { parameter: 'message' } },
  )

/** The agent's message: every quoted passage (up to MAX_PASSAGES), narrowed by the entry it names. */
export async function explicateMessage(db: Db, message: string, entryId?: number): Promise<{ result: Explication | Explications; dropped: number }> {
  const parsed = parseMessage(message)
  if (parsed.passages.length === 0) noPassage()
  const asNames = parsed.passages.map((p) => ({ name: normalizePassage(p), anchored: true }))
  const named = await namedEntries(db, [...parsed.names, ...asNames], parsed.ids)
  // A quoted term ("the "vys" entry") names the entry; it is a passage only when nothing else is quoted.
  const terms = new Set(named.flatMap((n) => n.names))
  const passages = parsed.passages.filter((p) => !terms.has(normalizePassage(p)))
  const chosen = (passages.length ? passages : parsed.passages).slice(0, MAX_PASSAGES)
  const ids = named.map((n) => n.id)
  const explications: Explication[] = []
  for (const quote of chosen) explications.push({ quote, ...(await explicatePassage(db, quote, { entryId, named: ids })) })
  const dropped = (passages.length ? passages : parsed.passages).length - chosen.length
  return { result: explications.length === 1 ? explications[0] : { count: explications.length, explications }, dropped }
}

export async function explicate(db: Db, input: { quote: string; entryId?: number }): Promise<Explication> {
  const quote = cleanQuote(input.quote)
  if (quote === '') fail('VALIDATION_ERROR', 'Value for quote is empty once its quotation marks are removed: quote a passage of a definition')
  return explicatePassage(db, quote, { entryId: input.entryId })
}
