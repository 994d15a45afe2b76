/** Reading an entry's revision history, oldest first; deleted entries keep theirs. */
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { glossaryRevisions } from '../db/schema/index.js'

export interface Revision {
  id: number
  entry_id: number
  action: 'create' | 'update' | 'delete'
  fields: string[]
  old_values: Record<string, unknown> | null
  new_values: Record<string, unknown> | null
  reason: string | null
  post_id: number | null
  thread_id: number | null
  session_id: string | null
  actor: { id: string; name: string | null }
  execution_id: string | null
  created_at: string
}

// PGlite hands jsonb back parsed, node-postgres too; a string would be a driver returning text.
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null)) as Record<string, unknown> | null
const r = glossaryRevisions

export async function listRevisions(db: Db, entryId: number, opts: { limit: number; after?: number }): Promise<Revision[]> {
  const found = await db
    .select()
    .from(r)
    .where(and(eq(r.entryId, entryId), gt(r.id, opts.after ?? 0)))
    .orderBy(asc(r.id))
    .limit(opts.limit)
  return found.map((row) => ({
    id: row.id,
    entry_id: row.entryId,
    action: row.action as Revision['action'],
    fields: row.fields ?? [],
    old_values: json(row.oldValues),
    new_values: json(row.newValues),
    reason: row.reason,
    post_id: row.postId,
    thread_id: row.threadId,
    session_id: row.sessionId,
    actor: { id: row.actorId, name: row.actorName },
    execution_id: row.executionId,
    created_at: row.createdAt.toISOString(),
  }))
}

/** The term an entry last had, from its newest revision (for entries that are gone). */
export async function lastKnownTerm(db: Db, entryId: number): Promise<string | null> {
  const term = sql<string | null>`coalesce(${r.newValues}->>'term', ${r.oldValues}->>'term')`
  const [row] = await db
    .select({ term })
    .from(r)
    .where(and(eq(r.entryId, entryId), isNotNull(term)))
    .orderBy(desc(r.id))
    .limit(1)
  return row?.term ?? null
}
