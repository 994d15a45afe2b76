/**
 * Workflow runs in Postgres (src/db/schema/workflows.ts). What a run needs to go on — the workflow,
 * its parameters, its context, each finished step's output — is sealed; people read the redacted
 * copies. Claiming a paused run is one conditional UPDATE, so only one instance continues it.
 */
import { and, asc, desc, eq } from 'drizzle-orm'
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

export type RunPatch = Partial<Pick<RunRow, 'status' | 'instance' | 'outputs' | 'approvalId' | 'waitingStep' | 'errorCode' | 'error' | 'finishedAt'>>

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
  /** Runs newest first: `callerId`'s only, unless undefined (an admin's view). */
  list(q: { callerId?: string; status?: string; limit: number }): Promise<RunRow[]>
  /** A run and its steps in the order it reached them, as stored (redacted copies). */
  get(runId: string): Promise<{ row: RunRow; steps: StepRow[] } | undefined>
}

/** `redact` returns what people may read of a value: secrets replaced, size bounded. */
export function createRunStore(db: Db, box: Secretbox, redact: (v: unknown) => unknown): RunStore {
  const stepValues = (runId: string, r: StepRecord) => ({
    runId,
    key: r.key,
    stepId: r.stepId,
    seq: r.seq,
    kind: r.kind,
    tool: r.tool,
    status: r.status,
    executionId: r.executionId ?? null,
    approvalId: r.approvalId ?? null,
    sealedOutput: r.output === undefined ? null : box.seal(r.output),
    output: r.output === undefined ? null : redact(r.output),
    errorCode: r.errorCode ?? null,
    error: r.error ? String(redact(r.error)) : null,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt ?? null,
  })
  const toRecord = (s: StepRow): StepRecord => ({
    key: s.key,
    stepId: s.stepId,
    seq: s.seq,
    kind: s.kind as StepRecord['kind'],
    tool: s.tool,
    status: s.status as StepRecord['status'],
    output: s.sealedOutput === null ? undefined : box.open(s.sealedOutput),
    executionId: s.executionId,
    approvalId: s.approvalId,
    errorCode: s.errorCode,
    error: s.error,
    startedAt: s.startedAt,
    finishedAt: s.finishedAt,
  })
  const store: RunStore = {
    async create(run) {
      await db.insert(workflowRuns).values({
        id: run.id,
        executionId: run.executionId,
        name: run.state.workflow.name,
        path: run.path,
        callerId: run.callerId,
        callerName: run.callerName,
        status: 'running',
        instance: run.instance,
        depth: run.depth,
        sealedState: box.seal(run.state),
        params: redact(run.state.params) as object,
      })
    },
    async saveStep(runId, record) {
      const { runId: _, key: __, ...rest } = stepValues(runId, record)
      await db
        .insert(workflowRunSteps)
        .values(stepValues(runId, record))
        .onConflictDoUpdate({ target: [workflowRunSteps.runId, workflowRunSteps.key], set: rest })
    },
    async update(runId, patch) {
      await db.update(workflowRuns).set(store.columns(patch)).where(eq(workflowRuns.id, runId))
    },
    columns(patch) {
      const outputs = patch.outputs === undefined ? {} : { outputs: redact(patch.outputs) }
      const error = patch.error ? { error: String(redact(patch.error)) } : {}
      return { ...patch, ...outputs, ...error, updatedAt: new Date() }
    },
    async load(runId) {
      const found = await store.get(runId)
      if (!found) return undefined
      const steps = new Map(found.steps.map((s) => [s.key, toRecord(s)]))
      return { row: found.row, state: box.open<SealedState>(found.row.sealedState), steps }
    },
    async claimPaused(runId, approvalId, instance) {
      const rows = await db
        .update(workflowRuns)
        .set({ status: 'running', instance, approvalId: null, waitingStep: null, updatedAt: new Date() })
        .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'paused'), eq(workflowRuns.approvalId, approvalId)))
        .returning({ id: workflowRuns.id })
      return rows.length === 1
    },
    async byExecution(executionId) {
      const [row] = await db.select().from(workflowRuns).where(eq(workflowRuns.executionId, executionId))
      return row
    },
    async runningOn(instance) {
      const rows = await db
        .select({ id: workflowRuns.id })
        .from(workflowRuns)
        .where(and(eq(workflowRuns.status, 'running'), eq(workflowRuns.instance, instance)))
      return rows.map((r) => r.id)
    },
    async list({ callerId, status, limit }) {
      const where = and(callerId ? eq(workflowRuns.callerId, callerId) : undefined, status ? eq(workflowRuns.status, status) : undefined)
      return db.select().from(workflowRuns).where(where).orderBy(desc(workflowRuns.id)).limit(limit)
    },
    async get(runId) {
      const [row] = await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId))
      if (!row) return undefined
      const steps = await db.select().from(workflowRunSteps).where(eq(workflowRunSteps.runId, runId)).orderBy(asc(workflowRunSteps.seq))
      return { row, steps }
    },
  }
  return store
}
