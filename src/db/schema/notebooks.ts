/**
 * Notebooks under construction by the `alain` tools: one building run per session, its dependency
 * manifest and its cells, so that a run survives a restart and continues on any instance.
 */
import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const notebookRuns = pgTable(
  'notebook_runs',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    callerId: text('caller_id').notNull(),
    /** building | finalized */
    status: text('status').notNull().default('building'),
    /** Workspace-relative path of the finalized .ipynb. */
    notebookPath: text('notebook_path'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex('notebook_runs_building_session_idx').on(t.sessionId).where(sql`status = 'building'`)],
)

export const notebookDependencies = pgTable(
  'notebook_dependencies',
  {
    runId: text('run_id').notNull(),
    manager: text('manager').notNull(),
    package: text('package').notNull(),
    version: text('version').notNull(),
    importCheck: text('import_check'),
    notes: text('notes'),
    /** 1-based place in the manifest, kept when the package is updated. */
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.manager, t.package] })],
)

export const notebookCells = pgTable(
  'notebook_cells',
  {
    runId: text('run_id').notNull(),
    /** Emission order; the final order is by section, then seq. */
    seq: integer('seq').notNull(),
    sectionNumber: integer('section_number').notNull(),
    /** markdown_step | narration | code | assessment */
    kind: text('kind').notNull(),
    /** The nbformat cell (cell_type, id, metadata, source) as it will be written. */
    cell: jsonb('cell').notNull(),
    /** What validators and the response need: estimated tokens, runnable, question count… */
    info: jsonb('info').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
)

/** Consecutive `error` answers per tool per key and session, for the escalation rule of seed 000 §3. */
export const toolErrorStreaks = pgTable(
  'tool_error_streaks',
  {
    /** The key that called: another key naming the same X-Session-Id has streaks of its own. */
    callerId: text('caller_id').notNull(),
    sessionId: text('session_id').notNull(),
    tool: text('tool').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.callerId, t.sessionId, t.tool] })],
)
