/** Execution history: one row per tool call, params and result redacted before they get here. */
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const executions = pgTable(
  'executions',
  {
    id: uuid('id').primaryKey(),
    tool: text('tool').notNull(),
    toolset: text('toolset').notNull(),
    transport: text('transport').notNull(),
    params: jsonb('params').notNull(),
    callerId: text('caller_id').notNull(),
    callerName: text('caller_name').notNull(),
    sessionId: text('session_id'),
    agentId: text('agent_id'),
    requestId: text('request_id'),
    /** ok | error | timeout | pending | running | interrupted | approved | rejected | expired */
    status: text('status').notNull(),
    httpStatus: integer('http_status').notNull(),
    errorCode: text('error_code'),
    error: text('error'),
    result: jsonb('result'),
    messages: jsonb('messages'),
    dryRun: integer('dry_run').notNull().default(0),
    usage: jsonb('usage'),
    durationMs: integer('duration_ms'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
    instance: text('instance').notNull(),
    /** The call that made this one (a subagent's or a workflow's step), else null. */
    parentExecutionId: uuid('parent_execution_id'),
  },
  // Ids are UUIDv7, ordered by creation time: the primary key already serves "newest first", so
  // history needs only one more index (per caller), and every recorded call updates two, not three.
  // Ascending, read backwards for "newest first": new ids then land at the end of their caller's
  // range, where Postgres splits pages to stay full, rather than at its start, where every split
  // left two half-empty pages (twice the index, and more work per insert).
  (t) => [
    index('executions_caller_id_idx').on(t.callerId, t.id),
    index('executions_parent_idx').on(t.parentExecutionId, t.id).where(sql`parent_execution_id IS NOT NULL`),
  ],
)
