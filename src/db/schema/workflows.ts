/**
 * Durable workflow runs (src/workflows): one row per run and one per step run. A run resumes from
 * these alone: the workflow, its parameters and each finished step's output are sealed
 * (AES-256-GCM, like held calls' arguments), while `params` and `output` hold redacted copies
 * for people to read.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey(),
    /** The workflow_run call that started it; its steps' executions are this one's children. */
    executionId: uuid('execution_id').notNull(),
    name: text('name').notNull(),
    /** The workflow file, relative to the caller's workspace. */
    path: text('path').notNull(),
    callerId: text('caller_id').notNull(),
    callerName: text('caller_name').notNull(),
    /** running | paused | succeeded | failed | rejected | expired | interrupted */
    status: text('status').notNull(),
    /** The instance running it (history's stable id): only it resumes the run after a restart. */
    instance: text('instance').notNull(),
    /** How deep the workflow_run call was; its steps are one deeper. */
    depth: integer('depth').notNull().default(0),
    /** Starts that resumed it while it was running: bounds a run that stops the server each time. */
    resumes: integer('resumes').notNull().default(0),
    /** {workflow, params, context}, sealed. */
    sealedState: text('sealed_state').notNull(),
    params: jsonb('params').notNull(),
    outputs: jsonb('outputs'),
    /** The held call a paused run waits on, and its step. */
    approvalId: uuid('approval_id'),
    waitingStep: text('waiting_step'),
    errorCode: text('error_code'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('workflow_runs_status_instance_idx').on(t.status, t.instance),
    index('workflow_runs_execution_idx').on(t.executionId),
    index('workflow_runs_caller_idx').on(t.callerId, t.id),
  ],
)

export const workflowRunSteps = pgTable(
  'workflow_run_steps',
  {
    runId: uuid('run_id').notNull(),
    /** The step's place in the run: `read`, or `each_file[2].read` inside a for_each. */
    key: text('key').notNull(),
    stepId: text('step_id').notNull(),
    /** Order in which the run reached it. */
    seq: integer('seq').notNull(),
    /** tool | agent | for_each */
    kind: text('kind').notNull(),
    tool: text('tool'),
    /** running | ok | error | skipped | pending | rejected | expired | interrupted */
    status: text('status').notNull(),
    executionId: uuid('execution_id'),
    approvalId: uuid('approval_id'),
    sealedOutput: text('sealed_output'),
    output: jsonb('output'),
    errorCode: text('error_code'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.key] })],
)
