/**
 * Blame for a passage of a definition: which revision wrote it. The entry's revisions are read in
 * order; each that sets `definition` (its `new_values.definition`) is a state of the text. The
 * blamed revision is the earliest from which the passage has been present in every state up to
 * the newest: text that was removed and written again is blamed on the rewrite, not the original.
 * The newest state must hold the passage too, or the history does not explain the current text
 * and nothing is blamed. Text that has since gone has a former run instead: the revision that
 * wrote it last and the one that rewrote it away (or deleted the entry).
 */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { glossaryRevisions } from '../../db/schema/index.js'
import { containsPassage } from './normalize.js'

export interface Revision {
  id: number
  action: string
  newValues: Record<string, unknown> | null
  oldValues?: Record<string, unknown> | null
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

/** Text that stood in the definition and has since gone: the revision that wrote it and the one that removed it. */
export interface FormerRun {
  wrote: Revision
  /** The update that rewrote it or the delete that removed the entry; absent when no revision did (changed by hand). */
  rewrote?: Revision
}

/**
 * The last stretch of the history in which the definition held the passage, if it has ended (the
 * newest revision's definition lacks it, the entry was deleted, or the current text differs).
 */
export function formerRun(revisions: readonly Revision[], normalizedQuote: string, currentHolds: boolean): FormerRun | undefined {
  let start: Revision | undefined
  let last: FormerRun | undefined
  for (const r of revisions) {
    const written = definitionWritten(r)
    const holds = written !== undefined ? containsPassage(written, normalizedQuote) : r.action === 'delete' ? false : start !== undefined
    if (holds && !start) start = r
    if (!holds && start) {
      last = { wrote: start, rewrote: r }
      start = undefined
    }
  }
  if (start && !currentHolds) last = { wrote: start }
  return last
}

/** The entry's term as the history last knew it (a deleted entry's from its delete revision). */
export function termInHistory(revisions: readonly Revision[]): string | undefined {
  for (let i = revisions.length - 1; i >= 0; i--) {
    const term = revisions[i].newValues?.term ?? revisions[i].oldValues?.term
    if (typeof term === 'string') return term
  }
  return undefined
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
    .select({ id: r.id, action: r.action, newValues: r.newValues, oldValues: r.oldValues, postId: r.postId, threadId: r.threadId, createdAt: r.createdAt })
    .from(r)
    .where(eq(r.entryId, entryId))
    .orderBy(asc(r.id))
  return found.map((row) => ({ ...row, newValues: asObject(row.newValues), oldValues: asObject(row.oldValues), createdAt: row.createdAt.toISOString() }))
}
