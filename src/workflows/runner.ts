/**
 * Runs workflow runs: started by a workflow_run call (steps as that call's inner calls), continued
 * after an approval on the instance that decided it, resumed after a restart by the instance that
 * owned it. Each way ends in the same engine replay (engine.ts) and the same bookkeeping: the run's
 * status in the database and its record in `artifacts/<run_id>/`.
 */
import { timeOrderedId } from '../lib/time-ordered-id.js'
import type { FastifyBaseLogger } from 'fastify'
import type { Caller, InnerCallOutcome, ToolContext } from '../tools/define.js'
import type { BlockPolicy } from '../workspace/index.js'
import { writeRunRecord } from './artifacts.js'
import { checkWorkflow, type CheckResult, type ToolCatalog } from './check.js'
import { executeRun, outputOf, type EngineDeps, type Halt, type StepRecord } from './engine.js'
import { presentRun } from './record.js'
import type { Workflow } from './schema.js'
import type { RunReport, WorkflowService } from './service.js'
import type { LoadedRun, RunContext, RunPatch, RunStore } from './store.js'

/** A decided held call, as approvals tell it (approvals/queue.ts Decision). */
export interface DecidedCall {
  approvalId: string
  executionId: string
  decision: 'approved' | 'rejected' | 'expired'
  outcome?: InnerCallOutcome
}

export interface RunnerDeps {
  store: RunStore
  catalog: ToolCatalog & { isReadOnly(tool: string): boolean }
  /** This instance's stable id (history's). */
  instance: string
  policy: BlockPolicy
  /** A step call made outside any tool call (a run continued or resumed), as `caller`. */
  /** `deadline` (performance.now()) bounds the step as the call's own deadline would have. */
  invoke(run: LoadedRun, caller: Caller, tool: string, args: Record<string, unknown>, holdReason?: string, deadline?: number): Promise<InnerCallOutcome>
  callerById(id: string): Promise<Caller | undefined>
  /** The execution that made `executionId` (a held step's run), if any. */
  parentOf(executionId: string): Promise<string | undefined>
  stopping(): boolean
  /** Counts a run going on without its call among its caller's calls in flight; returns its leave. */
  occupy(caller: Caller): () => void
  log: FastifyBaseLogger
}

export interface Runner extends WorkflowService {
  /** Continues the run a decided held call belongs to, if it belongs to one. */
  decided(d: DecidedCall): Promise<void>
  /** Resumes, in the background, the runs this instance was running when it stopped. */
  resumeOwned(): Promise<string[]>
  /** Resolves once every run going on in the background has stopped or paused. */
  idle(): Promise<void>
  /**
   * Says the shutdown about to begin was asked for (a signal), not forced by an uncaught error: the
   * runs it stops get their count of resumes set back, since none of them stopped the server.
   */
  chosenStop(): void
}

/** The run's columns once the engine has stopped this way. */
function patchFor(halt: Exclude<Halt, { status: 'stopped' }>): RunPatch {
  if (halt.status === 'paused') return { status: 'paused', approvalId: halt.approvalId, waitingStep: halt.stepKey }
  if (halt.status === 'succeeded') return { status: 'succeeded', outputs: halt.outputs, finishedAt: new Date() }
  return { status: halt.status, errorCode: halt.errorCode, error: halt.error, finishedAt: new Date() }
}

/** How long a decision waits for its run to finish pausing (the approver was quicker than the run). */
const CLAIM_WAIT_MS = 5_000

/**
 * Starts that may resume one run since the last shutdown asked for by a signal. A run that stops
 * the server (out of memory, an uncaught error) would otherwise be resumed, and stop it again, at every start.
 */
export const MAX_RESUMES = 3

export function createRunner(deps: RunnerDeps): Runner {
  return new WorkflowRunner(deps)
}

/** The decided step's record: its output once approved and run, or how it ended. */
function decidedStep(step: StepRecord, d: DecidedCall): StepRecord {
  const done = { ...step, finishedAt: new Date() }
  if (d.decision !== 'approved')
    return { ...done, status: d.decision, errorCode: `APPROVAL_${d.decision.toUpperCase()}`, error: `The held call was ${d.decision}` }
  const body = d.outcome?.body ?? {}
  if (body.status === 'ok') return { ...done, status: 'ok', output: outputOf(body), errorCode: null, error: null }
  const code = String(body.error_code ?? 'FAILED')
  if (code === 'ESCALATE') return { ...step, status: 'escalated', error: `${code}: ${body.error_message}` }
  return { ...done, status: 'error', errorCode: code, error: `Step ${step.stepId} (${step.tool}) failed once approved: ${String(body.error_message ?? '')}` }
}

class WorkflowRunner implements Runner {
  private readonly background = new Set<Promise<unknown>>()
  private stopWasChosen = false
  constructor(private readonly deps: RunnerDeps) {}

  check(source: string): Promise<CheckResult> {
    return checkWorkflow(source, this.deps.catalog)
  }

  async start(ctx: ToolContext, input: { workflow: Workflow; path: string; params: Record<string, unknown> }): Promise<RunReport> {
    const id = timeOrderedId()
    const { sessionId, agentId, requestId, dryRun, postId, threadId, timeoutMs } = ctx
    const context: RunContext = { sessionId, agentId, requestId, dryRun, postId, threadId, timeoutMs }
    const { caller } = ctx
    await this.deps.store.create({
      id,
      executionId: ctx.executionId,
      path: input.path,
      callerId: caller.id,
      callerName: caller.name,
      instance: this.deps.instance,
      depth: ctx.depth,
      state: { workflow: input.workflow, params: input.params, context },
    })
    const invoke: EngineDeps['invoke'] = (tool, args, opts) => ctx.callTool(tool, args, { holdReason: opts.holdReason })
    const halt = await executeRun({ id, workflow: input.workflow, params: input.params, steps: new Map() }, this.engineDeps(invoke, id))
    return this.settle(id, halt, caller, ctx.dryRun)
  }

  async decided(d: DecidedCall): Promise<void> {
    const loaded = await this.claimFor(d)
    if (!loaded) return
    const step = [...loaded.steps.values()].find((s) => s.approvalId === d.approvalId)
    if (step) await this.deps.store.saveStep(loaded.row.id, decidedStep(step, d))
    this.inBackground(loaded.row.id, () => this.continueRun(loaded.row.id))
  }

  async resumeOwned(): Promise<string[]> {
    const ids = await this.deps.store.runningOn(this.deps.instance)
    for (const id of ids) this.inBackground(id, () => this.resume(id))
    return ids
  }

  chosenStop(): void {
    this.stopWasChosen = true
  }

  async idle(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background])
  }

  private engineDeps(invoke: EngineDeps['invoke'], runId: string): EngineDeps {
    return {
      invoke,
      saveStep: (record) => this.deps.store.saveStep(runId, record),
      isReadOnly: (tool) => this.deps.catalog.isReadOnly(tool),
      stopping: this.deps.stopping,
    }
  }

  /**
   * Writes the run record, then stores how the engine stopped: whoever sees the run's new status in
   * the database finds its record in the workspace already. The report workflow_run answers with.
   */
  private async settle(runId: string, halt: Halt, caller: Caller, dryRun: boolean): Promise<RunReport> {
    const { store } = this.deps
    const found = (await store.get(runId))!
    if (halt.status === 'stopped') {
      // Only a shutdown the server chose sets the count back: one forced by an error may be this run's doing.
      const resumes = this.stopWasChosen ? 0 : found.row.resumes
      if (resumes !== found.row.resumes) await store.update(runId, { resumes })
      return {
        run: presentRun({ ...found.row, resumes }, found.steps),
        artifacts: null,
        note: 'the server is shutting down; the run resumes at its next start',
      }
    }
    const patch = patchFor(halt)
    const run = presentRun({ ...found.row, ...store.columns(patch) }, found.steps)
    const written = await writeRunRecord(caller, run, { dryRun, policy: this.deps.policy })
    await store.update(runId, patch)
    return 'written' in written ? { run, artifacts: written.written } : { run, artifacts: null, note: written.skipped }
  }

  private async resume(runId: string): Promise<void> {
    const resumes = await this.deps.store.countResume(runId)
    if (resumes === undefined) return
    await this.continueRun(runId, resumes > MAX_RESUMES)
  }

  /** The steps a run was running when the server stopped for the last time it will: interrupted there. */
  private async givenUp(loaded: LoadedRun): Promise<Halt> {
    const error = `The server stopped ${MAX_RESUMES + 1} times while this run was running (it was resumed ${MAX_RESUMES} times and did not finish); it is not resumed again, since a run that stops the server would do so at every start. Start it again with workflow_run once the cause is found`
    for (const step of loaded.steps.values()) {
      if (step.status === 'running')
        await this.deps.store.saveStep(loaded.row.id, { ...step, status: 'interrupted', errorCode: 'INTERRUPTED', error, finishedAt: new Date() })
    }
    return { status: 'interrupted', errorCode: 'INTERRUPTED', error }
  }

  private async continueRun(runId: string, giveUp = false): Promise<void> {
    const { store, log } = this.deps
    const loaded = await store.load(runId)
    if (loaded?.row.status !== 'running') return
    const caller = await this.deps.callerById(loaded.row.callerId)
    if (!caller) {
      const error = 'The API key that started this run has been revoked; the run stopped'
      await store.update(runId, { status: 'failed', errorCode: 'UNAUTHORIZED', error, finishedAt: new Date() })
      return
    }
    // The caller's budget bounds what runs after an approval too: as long again as the call had.
    const budget = loaded.state.context.timeoutMs
    const deadline = budget === undefined ? undefined : performance.now() + budget
    const invoke: EngineDeps['invoke'] = (tool, args, opts) => this.deps.invoke(loaded, caller, tool, args, opts.holdReason, deadline)
    const state = { id: runId, workflow: loaded.state.workflow, params: loaded.state.params, steps: loaded.steps }
    const leave = this.deps.occupy(caller)
    let report: RunReport
    try {
      const halt = giveUp ? await this.givenUp(loaded) : await executeRun(state, this.engineDeps(invoke, runId))
      report = await this.settle(runId, halt, caller, loaded.state.context.dryRun)
    } finally {
      leave()
    }
    log.info({ run_id: runId, status: report.run.status }, `Workflow run ${runId} went on in the background: ${report.run.status}`)
  }

  /** Runs `work` without the caller waiting for it; failures are logged and the run marked failed. */
  private inBackground(runId: string, work: () => Promise<void>): void {
    const task = work()
      .catch(async (err) => {
        this.deps.log.error({ err, run_id: runId }, 'A workflow run failed in the background')
        const error = 'The run failed on a server error; see the server log'
        await this.deps.store.update(runId, { status: 'failed', errorCode: 'INTERNAL_ERROR', error, finishedAt: new Date() }).catch(() => {})
      })
      .finally(() => this.background.delete(task))
    this.background.add(task)
  }

  /** The run a decided call belongs to, claimed by this instance once it is paused on that call. */
  private async claimFor(d: DecidedCall): Promise<LoadedRun | undefined> {
    const { store } = this.deps
    const parent = await this.deps.parentOf(d.executionId)
    const row = parent ? await store.byExecution(parent) : undefined
    if (!row) return undefined
    const until = Date.now() + CLAIM_WAIT_MS
    while (!(await store.claimPaused(row.id, d.approvalId, this.deps.instance))) {
      const now = await store.get(row.id)
      if (now?.row.status !== 'running' || Date.now() > until) return undefined
      await new Promise((r) => setTimeout(r, 50))
    }
    return store.load(row.id)
  }
}
