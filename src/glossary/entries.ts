/**
 * Writing glossary entries. Every create, update and delete runs in one transaction with the
 * revision that records it (who, when, which fields, old and new values, the post and thread the
 * agent was reading, the reason for a delete) and with the vocabulary counts search relies on, so
 * that the entry, its history and the search index never disagree. A dry run does all of it and
 * rolls back.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { glossaryEntries as g, glossaryRevisions } from '../db/schema/index.js'
import { fail } from '../errors.js'
import { baseTermOf, type EntryStatus } from './terms.js'
import { applyWordDeltas, wordDeltas } from './words.js'

export const ENTRY_FIELDS = ['term', 'definition', 'tags', 'status'] as const
export type EntryField = (typeof ENTRY_FIELDS)[number]

export interface EntryValues {
  term: string
  definition: string
  tags: string[]
  status: EntryStatus
}

export interface Entry extends EntryValues {
  id: number
  first_seen_post_id: number | null
  first_seen_thread_id: number | null
  last_updated_post_id: number | null
  last_updated_thread_id: number | null
  created_by: string | null
  created_at: string
  updated_at: string
}

/** Who writes, and in which context: goes into the revision. */
export interface Actor {
  id: string
  name: string
  sessionId?: string
  executionId?: string
  postId?: number
  threadId?: number
}

// Selected under the names of the API (and of the table), which `toEntry` reads.
const ENTRY_COLUMNS = {
  id: g.id,
  term: g.term,
  definition: g.definition,
  tags: g.tags,
  status: g.status,
  first_seen_post_id: g.firstSeenPostId,
  first_seen_thread_id: g.firstSeenThreadId,
  last_updated_post_id: g.lastUpdatedPostId,
  last_updated_thread_id: g.lastUpdatedThreadId,
  created_by: g.createdBy,
  created_at: g.createdAt,
  updated_at: g.updatedAt,
}
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export function toEntry(r: Record<string, unknown>): Entry {
  return {
    id: Number(r.id),
    term: String(r.term),
    definition: String(r.definition),
    tags: (r.tags as string[] | null) ?? [],
    status: r.status as EntryStatus,
    first_seen_post_id: num(r.first_seen_post_id),
    first_seen_thread_id: num(r.first_seen_thread_id),
    last_updated_post_id: num(r.last_updated_post_id),
    last_updated_thread_id: num(r.last_updated_thread_id),
    created_by: (r.created_by as string | null) ?? null,
    created_at: new Date(r.created_at as string | Date).toISOString(),
    updated_at: new Date(r.updated_at as string | Date).toISOString(),
  }
}

const valuesOf = (e: EntryValues): EntryValues => ({ term: e.term, definition: e.definition, tags: e.tags, status: e.status })

/**
 * How a write runs: `dryRun` rolls everything back; `beforeWrite` runs in the write's transaction
 * once its checks have passed, just before it changes anything (the automatic checkpoint), so a
 * refused write leaves nothing behind either.
 */
export interface WriteOptions {
  dryRun?: boolean
  beforeWrite?: (tx: Db) => Promise<void>
}

/** Thrown inside a dry run's transaction to roll it back, carrying what the call would have answered. */
class DryRun<T> {
  constructor(readonly result: T) {}
}

async function inTransaction<T>(db: Db, dryRun: boolean, fn: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await fn(tx as unknown as Db)
      if (dryRun) throw new DryRun(result)
      return result
    })
  } catch (err) {
    if (err instanceof DryRun) return err.result as T
    throw err
  }
}

/** A unique violation (SQLSTATE 23505), however the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true
  }
  return false
}

async function findByTerm(db: Db, term: string, exceptId?: number) {
  const [row] = await db
    .select({ id: g.id, term: g.term, status: g.status })
    .from(g)
    .where(and(sql`lower(${g.term}) = lower(${term})`, ne(g.id, exceptId ?? 0)))
  return row
}

/** 409 ENTRY_EXISTS naming the entry that holds the term, so the agent can update it instead. */
function entryExists(existing: { id: number; term: string; status: string }, wanted: string): never {
  const suffixed = baseTermOf(wanted) !== wanted.toLowerCase()
  fail(
    'ENTRY_EXISTS',
    `An entry for '${wanted}' already exists: #${existing.id} '${existing.term}' (${existing.status}). ` +
      `Use glossary_update with entry_id ${existing.id} to change it` +
      (suffixed ? '.' : `, or give the new entry a disambiguation suffix, such as '${wanted} (character)'.`),
    { details: { entry_id: existing.id, term: existing.term, status: existing.status } },
  )
}

async function termFree(db: Db, term: string, exceptId?: number): Promise<void> {
  const existing = await findByTerm(db, term, exceptId)
  if (existing) entryExists(existing, term)
}

/**
 * Runs a write that may take a term; when a concurrent call took it first, the unique index on
 * lower(term) refuses the write (SQLSTATE 23505) and the winner is named as for any duplicate.
 * The lookup runs after the failed transaction: an aborted transaction answers nothing more.
 */
async function claimingTerm<T>(db: Db, term: string | undefined, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (term === undefined || !isUniqueViolation(err)) throw err
    const winner = await findByTerm(db, term, exceptId)
    if (winner) entryExists(winner, term)
    throw err
  }
}

async function writeRevision(
  db: Db,
  entryId: number,
  action: 'create' | 'update' | 'delete',
  fields: readonly string[],
  oldValues: object | null,
  newValues: object | null,
  actor: Actor,
  reason: string | null = null,
): Promise<void> {
  await db.insert(glossaryRevisions).values({
    entryId,
    action,
    fields: [...fields],
    oldValues,
    newValues,
    reason,
    postId: actor.postId ?? null,
    threadId: actor.threadId ?? null,
    sessionId: actor.sessionId ?? null,
    actorId: actor.id,
    actorName: actor.name,
    executionId: actor.executionId ?? null,
  })
}

/** Creates an entry; the post and thread it was first seen in come from the caller's context. */
export async function createEntry(db: Db, v: EntryValues, actor: Actor, opts: WriteOptions = {}): Promise<Entry> {
  return claimingTerm(db, v.term, undefined, () =>
    inTransaction(db, opts.dryRun ?? false, async (tx) => {
      await termFree(tx, v.term)
      await opts.beforeWrite?.(tx)
      const [row] = await tx
        .insert(g)
        .values({
          term: v.term,
          baseTerm: baseTermOf(v.term),
          definition: v.definition,
          tags: v.tags,
          status: v.status,
          firstSeenPostId: actor.postId ?? null,
          firstSeenThreadId: actor.threadId ?? null,
          lastUpdatedPostId: actor.postId ?? null,
          lastUpdatedThreadId: actor.threadId ?? null,
          createdBy: actor.id,
        })
        .returning(ENTRY_COLUMNS)
      const entry = toEntry(row)
      await applyWordDeltas(tx, wordDeltas(null, entry))
      await writeRevision(tx, entry.id, 'create', ENTRY_FIELDS, null, valuesOf(entry), actor)
      return entry
    }),
  )
}

export async function getEntry(db: Db, id: number): Promise<Entry | undefined> {
  const [row] = await db.select(ENTRY_COLUMNS).from(g).where(eq(g.id, id))
  return row ? toEntry(row) : undefined
}

/** 404 ENTRY_NOT_FOUND; for a deleted entry, says so and where its history is. */
export async function entryNotFound(db: Db, id: number): Promise<never> {
  const r = glossaryRevisions
  const [deleted] = await db
    .select({ reason: r.reason, term: sql<string | null>`${r.oldValues}->>'term'` })
    .from(r)
    .where(and(eq(r.entryId, id), eq(r.action, 'delete')))
    .orderBy(desc(r.id))
    .limit(1)
  if (deleted) {
    fail(
      'ENTRY_NOT_FOUND',
      `Entry ${id} ('${deleted.term}') was deleted${deleted.reason ? ` (reason: ${deleted.reason})` : ''}; its history is at GET /v1/glossary/entries/${id}/revisions`,
      { details: { entry_id: id, deleted: true, revisions: `/v1/glossary/entries/${id}/revisions` } },
    )
  }
  fail('ENTRY_NOT_FOUND', `No glossary entry with id ${id}; use glossary_search to find entries`, { details: { entry_id: id } })
}

async function lockEntry(tx: Db, id: number): Promise<Entry> {
  const [row] = await tx.select(ENTRY_COLUMNS).from(g).where(eq(g.id, id)).for('update')
  return row ? toEntry(row) : entryNotFound(tx, id)
}

const sameValue = (field: EntryField, a: unknown, b: unknown) =>
  field === 'tags' ? [...(a as string[])].sort().join('\n') === [...(b as string[])].sort().join('\n') : a === b

export interface UpdateResult {
  before: Entry
  after: Entry
  /** The fields whose value changed, in ENTRY_FIELDS order. */
  changed: EntryField[]
}

/** Changes the given fields; writes nothing (no revision either) when none of them changes. */
export async function updateEntry(db: Db, id: number, changes: Partial<EntryValues>, actor: Actor, opts: WriteOptions = {}): Promise<UpdateResult> {
  return claimingTerm(db, changes.term, id, () =>
    inTransaction(db, opts.dryRun ?? false, async (tx) => {
      const before = await lockEntry(tx, id)
      const changed = ENTRY_FIELDS.filter((f) => changes[f] !== undefined && !sameValue(f, changes[f], before[f]))
      if (changed.length === 0) return { before, after: before, changed }
      if (changed.includes('term')) await termFree(tx, changes.term!, id)
      await opts.beforeWrite?.(tx)
      const next: EntryValues = { ...valuesOf(before), ...Object.fromEntries(changed.map((f) => [f, changes[f]])) }
      const [row] = await tx
        .update(g)
        .set({
          term: next.term,
          baseTerm: baseTermOf(next.term),
          definition: next.definition,
          tags: next.tags,
          status: next.status,
          lastUpdatedPostId: actor.postId ?? null,
          lastUpdatedThreadId: actor.threadId ?? null,
          updatedAt: sql`now()`,
        })
        .where(eq(g.id, id))
        .returning(ENTRY_COLUMNS)
      const after = toEntry(row)
      if (changed.includes('term') || changed.includes('definition')) await applyWordDeltas(tx, wordDeltas(before, after))
      const pick = (e: Entry) => Object.fromEntries(changed.map((f) => [f, e[f]]))
      await writeRevision(tx, id, 'update', changed, pick(before), pick(after), actor)
      return { before, after, changed }
    }),
  )
}

/** Deletes an entry; its revisions stay, the last one holding its old values and the reason. */
export async function deleteEntry(db: Db, id: number, reason: string, actor: Actor, opts: WriteOptions = {}): Promise<Entry> {
  return inTransaction(db, opts.dryRun ?? false, async (tx) => {
    const entry = await lockEntry(tx, id)
    await opts.beforeWrite?.(tx)
    await tx.delete(g).where(eq(g.id, id))
    await applyWordDeltas(tx, wordDeltas(entry, null))
    const { id: _, ...old } = entry
    await writeRevision(tx, id, 'delete', ENTRY_FIELDS, old, null, actor, reason)
    return entry
  })
}
