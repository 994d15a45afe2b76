/**
 * Background shells started with Bash's `run_in_background`. The process and its output live in
 * the instance that started it; this row says who owns it, where it runs and how it ended, so that
 * any instance can answer "not yours", "ask that instance" or "already over", and caps hold per key.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const backgroundShells = pgTable(
  'background_shells',
  {
    /** `bash_<12 hex>` */
    id: text('id').primaryKey(),
    /** The API key id that started it; only that key may read or kill it. */
    ownerKeyId: text('owner_key_id').notNull(),
    /** `hostname:pid` of the instance holding the process and its output. */
    instance: text('instance').notNull(),
    /** As typed, redacted. */
    command: text('command').notNull(),
    /** Working directory relative to the owner's workspace root ('.' = the root). */
    cwd: text('cwd').notNull(),
    pid: integer('pid'),
    /** running | exited | killed */
    status: text('status').notNull(),
    exitCode: integer('exit_code'),
    signal: text('signal'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('background_shells_owner_status_idx').on(t.ownerKeyId, t.status), index('background_shells_instance_status_idx').on(t.instance, t.status)],
)
