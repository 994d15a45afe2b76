/**
 * The approval queue. A held call's arguments must run unchanged once approved, so they are kept
 * sealed (AES-256-GCM) in `sealed_args`; `params` holds the redacted copy people get to see.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey(),
    executionId: uuid('execution_id').notNull(),
    tool: text('tool').notNull(),
    params: jsonb('params').notNull(),
    sealedArgs: text('sealed_args').notNull(),
    /** The call's context (session, agent, dry run, timeout…), sealed too: headers can carry secrets. */
    sealedContext: text('sealed_context').notNull(),
    reason: text('reason'),
    callerId: text('caller_id').notNull(),
    callerName: text('caller_name').notNull(),
    /** The caller's workspace under the server root, posix ('' = the root): who may see and decide it. */
    workspace: text('workspace').notNull().default(''),
    /** pending | approved | rejected | expired */
    status: text('status').notNull(),
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('approvals_status_created_idx').on(t.status, t.createdAt.desc())],
)
