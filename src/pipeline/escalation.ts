/**
 * Seed 000 §3: "after two consecutive `status = "error"` responses for the same tool, escalate to
 * the orchestrator". For tools that opt in (`escalates`), each error bumps a per-key, per-session, per-tool
 * counter in Postgres (so the rule holds across instances and restarts) and a success clears it;
 * once the counter reaches the limit, the error that would have been returned becomes ESCALATE
 * (the answer to the second consecutive error itself carries the signal, as the seed asks),
 * with the same HTTP status and the original error in `details`.
 */
import { and, eq, sql } from 'drizzle-orm'
import { codedError, type CodedError } from '../errors.js'
import type { Db } from '../db/client.js'
import { isDatabaseUnavailable } from '../db/outage.js'
import { toolErrorStreaks } from '../db/schema/index.js'
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
      const [row] = await db
        .insert(toolErrorStreaks)
        .values({ callerId: of.callerId, sessionId: of.session, tool: tool.name, count: 1 })
        .onConflictDoUpdate({
          target: [toolErrorStreaks.callerId, toolErrorStreaks.sessionId, toolErrorStreaks.tool],
          set: { count: sql`${toolErrorStreaks.count} + 1`, updatedAt: sql`now()` },
        })
        .returning({ count: toolErrorStreaks.count })
        .catch(unlessUnreachable([]))
      const count = row?.count ?? 0
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
        .delete(toolErrorStreaks)
        .where(and(eq(toolErrorStreaks.callerId, of.callerId), eq(toolErrorStreaks.sessionId, of.session), eq(toolErrorStreaks.tool, tool.name)))
        .catch(unlessUnreachable(undefined))
    },
  }
}
