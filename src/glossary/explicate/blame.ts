/**
 * Blame for a passage of a definition: which revision wrote it. The entry's revisions are read in
 * order; each that sets `definition` (its `new_values.definition`) is a state of the text. The
 * blamed revision is the earliest from which the passage has been present in every state up to
 * the newest: text that was removed and written again is blamed on the rewrite, not the original.
 * The newest state must hold the passage too, or the history does not explain the current text
 * and nothing is blamed.
 */
import { asc, eq, gte } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { glossaryRevisions, snapshots } from '../../db/schema/index.js'
import { containsPassage } from './normalize.js'

export interface Revision {
  id: number
  action: string
  newValues: Record<string, unknown> | null
  postId: number | null
  threadId: number | null
  createdAt: string
}

/** The definition a revision wrote, or undefined when it left the definition alone. */
export function definitionWritten(r: Revision): string | undefined {
  const d = r.newValues?.definition
  return typeof d === 'string' ? d : undefined
}

export function blame(revisions: readonly Revision[], normalizedQuote: string): Revision | undefined {
  let blamed: Revision | undefined
  for (let i = revisions.length - 1; i >= 0; i--) {
    const written = definitionWritten(revisions[i])
    if (written === undefined) continue
    if (!containsPassage(written, normalizedQuote)) break
    blamed = revisions[i]
  }
  return blamed
}

const asObject = (v: unknown): Record<string, unknown> | null => {
  // jsonb comes back parsed from both drivers; a value stored as a JSON string is read as one too.
  if (typeof v === 'string') {
    try {
      return asObject(JSON.parse(v))
    } catch {
      return null
    }
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null
}

export async function loadRevisions(db: Db, entryId: number): Promise<Revision[]> {
  const r = glossaryRevisions
  const found = await db
    .select({ id: r.id, action: r.action, newValues: r.newValues, postId: r.postId, threadId: r.threadId, createdAt: r.createdAt })
    .from(r)
    .where(eq(r.entryId, entryId))
    .orderBy(asc(r.id))
  return found.map((row) => ({ ...row, newValues: asObject(row.newValues), createdAt: row.createdAt.toISOString() }))
}

/** The first frozen state that holds the revision: the earliest snapshot taken at or after it. */
export async function authoringSnapshot(db: Db, revisionId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: snapshots.id }).from(snapshots).where(gte(snapshots.lastRevisionId, revisionId)).orderBy(asc(snapshots.id)).limit(1)
  return row?.id
}
