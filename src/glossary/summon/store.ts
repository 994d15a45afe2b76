/**
 * Summons live only in Postgres, so a dialogue survives a restart and continues on any instance.
 * One active summon per session is the unique partial index `summons_active_session_idx`: the
 * claim is an insert that the index lets through once, however many instances race for it. Turns
 * are appended with a compare-and-set on `summons.turns`, so two messages sent at once cannot both
 * become turn 3, and a dismissed summon takes no more turns.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { fail } from '../../errors.js'
import { uuidv7 } from '../../lib/uuidv7.js'

export type TurnMode = 'llm' | 'retrieval'

export interface ActiveSummon { id: string; snapshotId: number; turns: number }
export interface StoredTurn { turn: number; message: string; response: string; mode: TurnMode }

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows

export async function activeSummon(db: Db, session: string): Promise<ActiveSummon | undefined> {
  const row = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT id, snapshot_id, turns FROM summons WHERE session_id = ${session} AND status = 'active'`))[0]
  return row ? { id: String(row.id), snapshotId: Number(row.snapshot_id), turns: Number(row.turns) } : undefined
}

const summonActive = (a: ActiveSummon) =>
  fail('SUMMON_ACTIVE', `Snapshot ${a.snapshotId} is already summoned in this session (summon ${a.id}); call summon_dismiss before summoning another`, {
    details: { snapshot_id: a.snapshotId, summon_id: a.id, turns: a.turns },
  })

/** Claims the session's one active summon, or fails with SUMMON_ACTIVE naming the one that holds it. */
export async function claimSummon(db: Db, s: { session: string; snapshotId: number; callerId: string }, attempt = 0): Promise<string> {
  const id = uuidv7()
  const claimed = rowsOf(await db.execute(sql`
    INSERT INTO summons (id, session_id, snapshot_id, caller_id) VALUES (${id}, ${s.session}, ${s.snapshotId}, ${s.callerId})
    ON CONFLICT (session_id) WHERE status = 'active' DO NOTHING RETURNING id`))
  if (claimed.length) return id
  const holder = await activeSummon(db, s.session)
  // Dismissed between the insert and this read: the slot is free again, so try once more.
  if (!holder && attempt < 2) return claimSummon(db, s, attempt + 1)
  if (!holder) fail('CONFLICT', 'The session\'s summon changed repeatedly while claiming it; try again')
  return summonActive(holder)
}

/** Gives up a claim whose first answer failed, so the session is not left holding an empty summon. */
export async function releaseClaim(db: Db, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM summons WHERE id = ${id} AND turns = 0`)
}

export async function turnsOf(db: Db, summonId: string): Promise<StoredTurn[]> {
  const res = await db.execute(sql`SELECT turn, message, response, mode FROM summon_turns WHERE summon_id = ${summonId} ORDER BY turn`)
  return rowsOf<Record<string, unknown>>(res).map((r) => ({ turn: Number(r.turn), message: String(r.message), response: String(r.response), mode: r.mode as TurnMode }))
}

/** Appends turn `turn` (the summon must still be active and at turn − 1). */
export async function appendTurn(db: Db, summonId: string, t: StoredTurn): Promise<void> {
  const res = await db.execute(sql`
    WITH s AS (
      UPDATE summons SET turns = ${t.turn}::int
      WHERE id = ${summonId} AND status = 'active' AND turns = ${t.turn - 1}::int
      RETURNING id
    )
    INSERT INTO summon_turns (summon_id, turn, message, response, mode)
    SELECT s.id, ${t.turn}::int, ${t.message}::text, ${t.response}::text, ${t.mode}::text FROM s
    RETURNING turn`)
  if (rowsOf(res).length === 0) {
    fail('CONFLICT', 'The summoned dialogue changed while this message was answered (another message was answered first, or it was dismissed); its answer was not kept', {
      details: { summon_id: summonId, turn: t.turn },
    })
  }
}

/** Ends the session's active summon; fails with NO_ACTIVE_SUMMON when there is none. */
export async function dismissSummon(db: Db, session: string, summary: string): Promise<ActiveSummon> {
  const row = rowsOf<Record<string, unknown>>(await db.execute(sql`
    UPDATE summons SET status = 'dismissed', summary = ${summary}, dismissed_at = now()
    WHERE session_id = ${session} AND status = 'active'
    RETURNING id, snapshot_id, turns`))[0]
  if (!row) noActiveSummon()
  return { id: String(row.id), snapshotId: Number(row.snapshot_id), turns: Number(row.turns) }
}

export function noActiveSummon(): never {
  return fail('NO_ACTIVE_SUMMON', 'No summoned context is active in this session: call summon_snapshot first (sessions follow X-Session-Id)')
}

export const requireActive = async (db: Db, session: string): Promise<ActiveSummon> => (await activeSummon(db, session)) ?? noActiveSummon()
