/**
 * Seed 000 §3: "after two consecutive `status = "error"` responses for the same tool, escalate to
 * the orchestrator". For tools that opt in (`escalates`), each error bumps a per-key, per-session, per-tool
 * counter in Postgres (so the rule holds across instances and restarts) and a success clears it;
 * once the counter reaches the limit, the error that would have been returned becomes ESCALATE
 * (the answer to the second consecutive error itself carries the signal, as the seed asks),
 * with the same HTTP status and the original error in `details`.
 */
import { sql } from 'drizzle-orm'
import { codedError, type CodedError } from '../errors.js'
import type { Db } from '../db/client.js'
import { isDatabaseUnavailable } from '../db/outage.js'
import type { AnyTool } from '../tools/define.js'

/** Whose streak: the calling key's, in the session it names (another key's same X-Session-Id is another streak). */
export interface StreakOf {
  callerId: string
  session: string
}

export interface Escalation {
  onError(tool: AnyTool, of: StreakOf, err: CodedError): Promise<CodedError>
  onSuccess(tool: AnyTool, of: StreakOf): Promise<void>
}

/** The streak is bookkeeping: with the database unreachable, a call's own answer (and history row) stands. */
function unlessUnreachable<T>(fallback: T) {
  return (e: unknown): T => {
    if (isDatabaseUnavailable(e)) return fallback
    throw e
  }
}

export function createEscalation(db: Db, after: number): Escalation {
  return {
    async onError(tool, of, err) {
      const res = await db
        .execute(sql`
        INSERT INTO tool_error_streaks (caller_id, session_id, tool, count, updated_at) VALUES (${of.callerId}, ${of.session}, ${tool.name}, 1, now())
        ON CONFLICT (caller_id, session_id, tool) DO UPDATE SET count = tool_error_streaks.count + 1, updated_at = now()
        RETURNING count`)
        .catch(unlessUnreachable(undefined))
      if (!res) return err
      const count = Number((res as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 1)
      if (count < after) return err
      const escalated = codedError(
        'ESCALATE',
        `${tool.name} has now failed ${count} times in a row in this session (${err.code}: ${err.message}). Do not retry: escalate to the orchestrator.`,
        {
          details: { consecutive_errors: count, last_error_code: err.code, last_error_message: err.message, ...err.details },
          headers: err.headers,
        },
      )
      escalated.statusCode = err.statusCode
      return escalated
    },
    async onSuccess(tool, of) {
      await db
        .execute(sql`DELETE FROM tool_error_streaks WHERE caller_id = ${of.callerId} AND session_id = ${of.session} AND tool = ${tool.name}`)
        .catch(unlessUnreachable(undefined))
    },
  }
}
