/**
 * Summons live only in Postgres, so a dialogue survives a restart and continues on any instance.
 * One active summon per key and session is the unique partial index `summons_active_session_idx`: the
 * claim is an insert that the index lets through once, however many instances race for it. Turns
 * are appended with a compare-and-set on `summons.turns`, so two messages sent at once cannot both
 * become turn 3, and a dismissed summon takes no more turns.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { summons, summonTurns } from '../../db/schema/index.js'
import { rows } from '../../db/sql-rows.js'
import { fail } from '../../errors.js'
import { timeOrderedId } from '../../lib/time-ordered-id.js'

export type TurnMode = 'llm' | 'retrieval'

export interface ActiveSummon {
  id: string
  snapshotId: number
  turns: number
}
export interface StoredTurn {
  turn: number
  message: string
  response: string
  mode: TurnMode
}

/** A session is the key's own: another key naming the same X-Session-Id has a summon of its own. */
export interface SessionOf {
  callerId: string
  session: string
}

const ACTIVE_COLUMNS = { id: summons.id, snapshotId: summons.snapshotId, turns: summons.turns }
const activeIn = (s: SessionOf) => and(eq(summons.callerId, s.callerId), eq(summons.sessionId, s.session), eq(summons.status, 'active'))

export async function activeSummon(db: Db, s: SessionOf): Promise<ActiveSummon | undefined> {
  const [row] = await db.select(ACTIVE_COLUMNS).from(summons).where(activeIn(s))
  return row
}

const summonActive = (a: ActiveSummon) =>
  fail('SUMMON_ACTIVE', `Snapshot ${a.snapshotId} is already summoned in this session (summon ${a.id}); call summon_dismiss before summoning another`, {
    details: { snapshot_id: a.snapshotId, summon_id: a.id, turns: a.turns },
  })

/** Claims the session's one active summon, or fails with SUMMON_ACTIVE naming the one that holds it. */
export async function claimSummon(db: Db, s: SessionOf & { snapshotId: number }, attempt = 0): Promise<string> {
  const id = timeOrderedId()
  const claimed = await db
    .insert(summons)
    .values({ id, sessionId: s.session, snapshotId: s.snapshotId, callerId: s.callerId })
    .onConflictDoNothing({ target: [summons.callerId, summons.sessionId], where: sql`status = 'active'` })
    .returning({ id: summons.id })
  if (claimed.length) return id
  const holder = await activeSummon(db, s)
  // Dismissed between the insert and this read: the slot is free again, so try once more.
  if (!holder && attempt < 2) return claimSummon(db, s, attempt + 1)
  if (!holder) fail('CONFLICT', "The session's summon changed repeatedly while claiming it; try again")
  return summonActive(holder)
}

/** Gives up a claim whose first answer failed, so the session is not left holding an empty summon. */
export async function releaseClaim(db: Db, id: string): Promise<void> {
  await db.delete(summons).where(and(eq(summons.id, id), eq(summons.turns, 0)))
}

export async function turnsOf(db: Db, summonId: string): Promise<StoredTurn[]> {
  const t = summonTurns
  const turns = await db
    .select({ turn: t.turn, message: t.message, response: t.response, mode: t.mode })
    .from(t)
    .where(eq(t.summonId, summonId))
    .orderBy(asc(t.turn))
  return turns.map((r) => ({ ...r, mode: r.mode as TurnMode }))
}

/** Appends turn `turn` (the summon must still be active and at turn − 1): one statement, a CTE drizzle cannot build. */
export async function appendTurn(db: Db, summonId: string, t: StoredTurn): Promise<void> {
  const appended = await rows<{ turn: number }>(
    db,
    sql`
    WITH s AS (
      UPDATE summons SET turns = ${t.turn}::int
      WHERE id = ${summonId} AND status = 'active' AND turns = ${t.turn - 1}::int
      RETURNING id
    )
    INSERT INTO summon_turns (summon_id, turn, message, response, mode)
    SELECT s.id, ${t.turn}::int, ${t.message}::text, ${t.response}::text, ${t.mode}::text FROM s
    RETURNING turn`,
  )
  if (appended.length === 0) {
    fail(
      'CONFLICT',
      'The summoned dialogue changed while this message was answered (another message was answered first, or it was dismissed); its answer was not kept',
      {
        details: { summon_id: summonId, turn: t.turn },
      },
    )
  }
}

/** Ends the session's active summon; fails with NO_ACTIVE_SUMMON when there is none. */
export async function dismissSummon(db: Db, s: SessionOf, summary: string): Promise<ActiveSummon> {
  const [row] = await db.update(summons).set({ status: 'dismissed', summary, dismissedAt: sql`now()` }).where(activeIn(s)).returning(ACTIVE_COLUMNS)
  return row ?? noActiveSummon()
}

export function noActiveSummon(): never {
  return fail('NO_ACTIVE_SUMMON', 'No summoned context is active in this session: call summon_snapshot first (sessions follow X-Session-Id)')
}

export const requireActive = async (db: Db, s: SessionOf): Promise<ActiveSummon> => (await activeSummon(db, s)) ?? noActiveSummon()
