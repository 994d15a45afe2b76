/**
 * Snapshots freeze the glossary at a thread position: one statement copies every entry into
 * `snapshot_entries` and records the counts, so the frozen state and its numbers always agree,
 * even while other calls write. `last_revision_id` marks which revisions the state includes.
 * Token count: the characters of terms, definitions and tags, divided by four (the usual rule of
 * thumb for English text), rounded up.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { snapshots } from '../../db/schema/index.js'
import { rows } from '../../db/sql-rows.js'

export type SnapshotType = 'checkpoint' | 'curator_fork' | 'manual'
export const SNAPSHOT_TYPES: readonly SnapshotType[] = ['checkpoint', 'curator_fork', 'manual']

export interface SnapshotRow {
  id: number
  type: SnapshotType
  thread_id: number | null
  thread_position: number
  entry_count: number
  token_count: number
  last_revision_id: number
  created_by: string | null
  created_at: string
}

// The builder's reads name the columns as the raw statement's rows do, so one `present` reads both.
const SNAPSHOT_COLUMNS = {
  id: snapshots.id,
  type: snapshots.type,
  thread_id: snapshots.threadId,
  thread_position: snapshots.threadPosition,
  entry_count: snapshots.entryCount,
  token_count: snapshots.tokenCount,
  last_revision_id: snapshots.lastRevisionId,
  created_by: snapshots.createdBy,
  created_at: snapshots.createdAt,
}

function present(r: Record<string, unknown>): SnapshotRow {
  return {
    id: Number(r.id),
    type: r.type as SnapshotType,
    thread_id: r.thread_id === null ? null : Number(r.thread_id),
    thread_position: Number(r.thread_position),
    entry_count: Number(r.entry_count),
    token_count: Number(r.token_count),
    last_revision_id: Number(r.last_revision_id),
    created_by: (r.created_by as string | null) ?? null,
    created_at: new Date(r.created_at as string | Date).toISOString(),
  }
}

/**
 * Takes a snapshot; returns undefined when a checkpoint already exists at that position (another
 * call or instance took it first).
 */
export async function takeSnapshot(
  db: Db,
  s: { type: SnapshotType; threadId: number | null; threadPosition: number; createdBy: string },
): Promise<SnapshotRow | undefined> {
  const [row] = await rows(
    db,
    sql`
    WITH s AS (
      INSERT INTO snapshots (type, thread_id, thread_position, entry_count, token_count, last_revision_id, created_by)
      SELECT ${s.type}, ${s.threadId}, ${s.threadPosition}, count(*),
             coalesce(ceil(sum(length(term) + length(definition) + length(array_to_string(tags, ','))) / 4.0), 0),
             (SELECT coalesce(max(id), 0) FROM glossary_revisions), ${s.createdBy}
      FROM glossary_entries
      ON CONFLICT DO NOTHING
      RETURNING *
    ), copied AS (
      INSERT INTO snapshot_entries (snapshot_id, entry_id, term, definition, tags, status)
      SELECT s.id, g.id, g.term, g.definition, g.tags, g.status FROM s, glossary_entries g
      RETURNING 1
    )
    SELECT s.*, (SELECT count(*) FROM copied) AS copied FROM s`,
  )
  return row ? present(row) : undefined
}

export async function getSnapshot(db: Db, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await db.select(SNAPSHOT_COLUMNS).from(snapshots).where(eq(snapshots.id, id))
  return row ? present(row) : undefined
}

export async function listSnapshots(db: Db, f: { threadId?: number; type?: SnapshotType; limit: number }): Promise<SnapshotRow[]> {
  const found = await db
    .select(SNAPSHOT_COLUMNS)
    .from(snapshots)
    .where(and(f.threadId === undefined ? undefined : eq(snapshots.threadId, f.threadId), f.type === undefined ? undefined : eq(snapshots.type, f.type)))
    .orderBy(desc(snapshots.id))
    .limit(f.limit)
  return found.map(present)
}

/**
 * The automatic checkpoint (TOOLGATE_CHECKPOINT_EVERY = N, default 1): the first glossary write
 * that comes from the thread at position p freezes the glossary as it stands just before that
 * write — everything written from other threads so far, nothing from thread p yet — as the
 * checkpoint at position p (its thread: that thread), unless a checkpoint already exists at p or
 * at one of the N − 1 positions before it. With N = 1: one per thread the agent writes in, the
 * first thread included. Called inside the write's own transaction, so a write that fails (or a
 * dry run) leaves no checkpoint; the unique index keeps it to one per position across instances.
 * A thread the corpus does not know has no position and takes none.
 */
export async function checkpointIfDue(db: Db, every: number, threadId: number | undefined, createdBy: string): Promise<SnapshotRow | undefined> {
  if (!every || threadId === undefined) return undefined
  const [row] = await rows<{ position: number; taken: boolean }>(
    db,
    sql`
    SELECT t.position,
           EXISTS (SELECT 1 FROM snapshots WHERE type = 'checkpoint'
                   AND thread_position > t.position - ${every}::int AND thread_position <= t.position) AS taken
    FROM corpus_threads t WHERE t.id = ${threadId}`,
  )
  if (!row || row.taken) return undefined
  return takeSnapshot(db, { type: 'checkpoint', threadId, threadPosition: Number(row.position), createdBy })
}
