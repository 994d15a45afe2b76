/**
 * Blame for a passage of a definition: which revision wrote it. The entry's revisions are read in
 * order; each that sets `definition` (its `new_values.definition`) is a state of the text. The
 * blamed revision is the earliest from which the passage has been present in every state up to
 * the newest: text that was removed and written again is blamed on the rewrite, not the original.
 * The newest state must hold the passage too, or the history does not explain the current text
 * and nothing is blamed.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
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
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export async function loadRevisions(db: Db, entryId: number): Promise<Revision[]> {
  const res = await db.execute(sql`
    SELECT id, action, new_values, post_id, thread_id, created_at FROM glossary_revisions
    WHERE entry_id = ${entryId} ORDER BY id`)
  return (res as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    action: String(r.action),
    newValues: asObject(r.new_values),
    postId: numOrNull(r.post_id),
    threadId: numOrNull(r.thread_id),
    createdAt: new Date(r.created_at as string).toISOString(),
  }))
}

/** The first frozen state that holds the revision: the earliest snapshot taken at or after it. */
export async function authoringSnapshot(db: Db, revisionId: number): Promise<number | undefined> {
  const res = await db.execute(sql`SELECT id FROM snapshots WHERE last_revision_id >= ${revisionId} ORDER BY id LIMIT 1`)
  const row = (res as unknown as { rows: { id: unknown }[] }).rows[0]
  return row ? Number(row.id) : undefined
}
