/**
 * A session's reading position (seed 004: "auto-set from current context"): `read_post` and
 * `read_thread_range` record the post and thread they returned; the glossary write tools use it
 * when the call sends no X-Post-Id / X-Thread-Id, so every revision can name its source post.
 * Kept per key and session in Postgres, so it holds across instances and restarts.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { readingPositions } from '../db/schema/index.js'

export interface ReadingPosition {
  threadId: number
  postId: number | null
}

export interface SessionRef {
  callerId: string
  session: string
}

export async function setReadingPosition(db: Db, who: SessionRef, at: ReadingPosition): Promise<void> {
  await db
    .insert(readingPositions)
    .values({ callerId: who.callerId, sessionId: who.session, threadId: at.threadId, postId: at.postId })
    .onConflictDoUpdate({
      target: [readingPositions.callerId, readingPositions.sessionId],
      set: { threadId: at.threadId, postId: at.postId, updatedAt: sql`now()` },
    })
}

export async function getReadingPosition(db: Db, who: SessionRef): Promise<ReadingPosition | undefined> {
  const [row] = await db
    .select({ threadId: readingPositions.threadId, postId: readingPositions.postId })
    .from(readingPositions)
    .where(and(eq(readingPositions.callerId, who.callerId), eq(readingPositions.sessionId, who.session)))
  return row && { threadId: Number(row.threadId), postId: row.postId === null ? null : Number(row.postId) }
}

/** Where a glossary write comes from, and how that was decided (said in the tool's answer). */
export interface WriteSource {
  postId?: number
  threadId?: number
  from: 'headers' | 'reading_position' | 'headers_and_reading_position' | 'none'
}

/**
 * Headers win. A header sent alone is completed from the reading position only when the two
 * agree (the position is in that thread, or on that post); without headers the position is used.
 */
export function resolveSource(headers: { postId?: number; threadId?: number }, at: ReadingPosition | undefined): WriteSource {
  const { postId, threadId } = headers
  if (postId !== undefined && threadId !== undefined) return { postId, threadId, from: 'headers' }
  if (!at) return postId === undefined && threadId === undefined ? { from: 'none' } : { postId, threadId, from: 'headers' }
  if (postId === undefined && threadId === undefined) return { postId: at.postId ?? undefined, threadId: at.threadId, from: 'reading_position' }
  if (threadId !== undefined) {
    return at.threadId === threadId && at.postId !== null
      ? { postId: at.postId, threadId, from: 'headers_and_reading_position' }
      : { threadId, from: 'headers' }
  }
  return at.postId === postId ? { postId, threadId: at.threadId, from: 'headers_and_reading_position' } : { postId, from: 'headers' }
}
