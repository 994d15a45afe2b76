/**
 * Workflow runs in Postgres (src/db/schema/workflows.ts). What a run needs to go on — the workflow,
 * its parameters, its context, each finished step's output — is sealed; people read the redacted
 * copies. Claiming a paused run is one conditional UPDATE, so only one instance continues it.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { workflowRuns, workflowRunSteps } from '../db/schema/index.js'
import type { Secretbox } from '../lib/secretbox.js'
import type { StepRecord } from './engine.js'
import type { Workflow } from './schema.js'

export type RunRow = typeof workflowRuns.$inferSelect
export type StepRow = typeof workflowRunSteps.$inferSelect

/** The call's context its steps are made with, as headers would carry it. */
export interface RunContext {
  sessionId?: string
  agentId?: string
  requestId: string
  dryRun: boolean
  postId?: number
  threadId?: number
  /** The workflow_run call's time budget: what runs after an approval gets as long again. */
  timeoutMs?: number
}

export interface SealedState {
  workflow: Workflow
  params: Record<string, unknown>
  context: RunContext
}

export interface NewRun {
  id: string
  executionId: string
  path: string
  callerId: string
  callerName: string
  instance: string
  depth: number
  state: SealedState
}

export interface LoadedRun {
  row: RunRow
  state: SealedState
  steps: Map<string, StepRecord>
}

export type RunPatch = Partial<
  Pick<RunRow, 'status' | 'instance' | 'outputs' | 'approvalId' | 'waitingStep' | 'errorCode' | 'error' | 'finishedAt' | 'resumes'>
>

export interface RunStore {
  create(run: NewRun): Promise<void>
  saveStep(runId: string, record: StepRecord): Promise<void>
  update(runId: string, patch: RunPatch): Promise<void>
  /** The columns `update` writes for `patch` (redacted copies), to show a run as it is about to be. */
  columns(patch: RunPatch): Partial<RunRow>
  load(runId: string): Promise<LoadedRun | undefined>
  /** Moves a run paused on `approvalId` to running on `instance`; false when it is not (or not yet) so paused. */
  claimPaused(runId: string, approvalId: string, instance: string): Promise<boolean>
  /** The run a workflow_run call started. */
  byExecution(executionId: string): Promise<RunRow | undefined>
  /** Runs `instance` was running when it stopped. */
  runningOn(instance: string): Promise<string[]>
  /** Counts one more start resuming the run, if it is still running; how many there have been, or undefined. */
  countResume(runId: string): Promise<number | undefined>
  /** Runs newest first: `callerId`'s only, unless undefined (an admin's view). */
  list(q: { callerId?: string; status?: string; limit: number }): Promise<RunRow[]>
  /** A run and its steps in the order it reached them, as stored (redacted copies). */
  get(runId: string): Promise<{ row: RunRow; steps: StepRow[] } | undefined>
}

/**
 * What people may read of a value: secrets replaced, size bounded; a step's output more tightly
 * than the run's (a run shows up to LIMITS.stepRuns of them in one record).
 */
export interface Redactors {
  run(value: unknown): unknown
  step(value: unknown): unknown
}

export function createRunStore(db: Db, box: Secretbox, redactors: Redactors): RunStore {
  return new PgRunStore(db, box, redactors)
}

class PgRunStore implements RunStore {
  constructor(
    private readonly db: Db,
    private readonly box: Secretbox,
    private readonly redactors: Redactors,
  ) {}

  async create(run: NewRun): Promise<void> {
    await this.db.insert(workflowRuns).values({
      id: run.id,
      executionId: run.executionId,
      name: run.state.workflow.name,
      path: run.path,
      callerId: run.callerId,
      callerName: run.callerName,
      status: 'running',
      instance: run.instance,
      depth: run.depth,
      sealedState: this.box.seal(run.state),
      params: this.redactors.run(run.state.params) as object,
    })
  }

  async saveStep(runId: string, record: StepRecord): Promise<void> {
    const values = this.stepValues(runId, record)
    const { runId: _, key: __, ...rest } = values
    await this.db
      .insert(workflowRunSteps)
      .values(values)
      .onConflictDoUpdate({ target: [workflowRunSteps.runId, workflowRunSteps.key], set: rest })
  }

  async update(runId: string, patch: RunPatch): Promise<void> {
    await this.db.update(workflowRuns).set(this.columns(patch)).where(eq(workflowRuns.id, runId))
  }

  columns(patch: RunPatch): Partial<RunRow> {
    const outputs = patch.outputs === undefined ? {} : { outputs: this.redactors.run(patch.outputs) }
    const error = patch.error ? { error: String(this.redactors.run(patch.error)) } : {}
    return { ...patch, ...outputs, ...error, updatedAt: new Date() }
  }

  async load(runId: string): Promise<LoadedRun | undefined> {
    const found = await this.get(runId)
    if (!found) return undefined
    const steps = new Map(found.steps.map((s) => [s.key, this.toRecord(s)]))
    return { row: found.row, state: this.box.open<SealedState>(found.row.sealedState), steps }
  }

  async claimPaused(runId: string, approvalId: string, instance: string): Promise<boolean> {
    const rows = await this.db
      .update(workflowRuns)
      .set({ status: 'running', instance, approvalId: null, waitingStep: null, updatedAt: new Date() })
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'paused'), eq(workflowRuns.approvalId, approvalId)))
      .returning({ id: workflowRuns.id })
    return rows.length === 1
  }

  async byExecution(executionId: string): Promise<RunRow | undefined> {
    const [row] = await this.db.select().from(workflowRuns).where(eq(workflowRuns.executionId, executionId))
    return row
  }

  async runningOn(instance: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: workflowRuns.id })
      .from(workflowRuns)
      .where(and(eq(workflowRuns.status, 'running'), eq(workflowRuns.instance, instance)))
    return rows.map((r) => r.id)
  }

  async countResume(runId: string): Promise<number | undefined> {
    const [row] = await this.db
      .update(workflowRuns)
      .set({ resumes: sql`${workflowRuns.resumes} + 1`, updatedAt: new Date() })
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'running')))
      .returning({ resumes: workflowRuns.resumes })
    return row?.resumes
  }

  async list({ callerId, status, limit }: { callerId?: string; status?: string; limit: number }): Promise<RunRow[]> {
    const where = and(callerId ? eq(workflowRuns.callerId, callerId) : undefined, status ? eq(workflowRuns.status, status) : undefined)
    return this.db.select().from(workflowRuns).where(where).orderBy(desc(workflowRuns.id)).limit(limit)
  }

  async get(runId: string): Promise<{ row: RunRow; steps: StepRow[] } | undefined> {
    const [row] = await this.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId))
    if (!row) return undefined
    const steps = await this.db.select().from(workflowRunSteps).where(eq(workflowRunSteps.runId, runId)).orderBy(asc(workflowRunSteps.seq))
    return { row, steps }
  }

  private stepValues(runId: string, r: StepRecord) {
    return {
      runId,
      key: r.key,
      stepId: r.stepId,
      seq: r.seq,
      kind: r.kind,
      tool: r.tool,
      status: r.status,
      executionId: r.executionId ?? null,
      approvalId: r.approvalId ?? null,
      sealedOutput: r.output === undefined ? null : this.box.seal(r.output),
      output: r.output === undefined ? null : this.redactors.step(r.output),
      errorCode: r.errorCode ?? null,
      error: r.error ? String(this.redactors.run(r.error)) : null,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt ?? null,
    }
  }

  private toRecord(s: StepRow): StepRecord {
    return {
      key: s.key,
      stepId: s.stepId,
      seq: s.seq,
      kind: s.kind as StepRecord['kind'],
      tool: s.tool,
      status: s.status as StepRecord['status'],
      output: s.sealedOutput === null ? undefined : this.box.open(s.sealedOutput),
      executionId: s.executionId,
      approvalId: s.approvalId,
      errorCode: s.errorCode,
      error: s.error,
      startedAt: s.startedAt,
      finishedAt: s.finishedAt,
    }
  }
}
