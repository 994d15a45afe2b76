/**
 * Runs workflow runs: started by a workflow_run call (steps as that call's inner calls), continued
 * after an approval on the instance that decided it, resumed after a restart by the instance that
 * owned it. Each way ends in the same engine replay (engine.ts) and the same bookkeeping: the run's
 * status in the database and its record in `artifacts/<run_id>/`.
 */
import { v7 as uuidv7 } from 'uuid'
import type { FastifyBaseLogger } from 'fastify'
import type { Caller, InnerCallOutcome, ToolContext } from '../tools/define.js'
import type { BlockPolicy } from '../workspace/index.js'
import { writeRunRecord } from './artifacts.js'
import { checkWorkflow, type ToolCatalog } from './check.js'
import { executeRun, outputOf, type EngineDeps, type Halt, type StepRecord } from './engine.js'
import { presentRun } from './record.js'
import type { RunReport, WorkflowService } from './service.js'
import type { LoadedRun, RunContext, RunPatch, RunStore } from './store.js'

/** A decided held call, as approvals tell it (plugins/approvals.ts Decision). */
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
  invoke(run: LoadedRun, caller: Caller, tool: string, args: Record<string, unknown>, holdReason?: string): Promise<InnerCallOutcome>
  callerById(id: string): Promise<Caller | undefined>
  /** The execution that made `executionId` (a held step's run), if any. */
  parentOf(executionId: string): Promise<string | undefined>
  stopping(): boolean
  log: FastifyBaseLogger
}

export interface Runner extends WorkflowService {
  /** Continues the run a decided held call belongs to, if it belongs to one. */
  decided(d: DecidedCall): Promise<void>
  /** Resumes, in the background, the runs this instance was running when it stopped. */
  resumeOwned(): Promise<string[]>
  /** Resolves once every run going on in the background has stopped or paused. */
  idle(): Promise<void>
}

/** The run's columns once the engine has stopped this way. */
function patchFor(halt: Exclude<Halt, { status: 'stopped' }>): RunPatch {
  if (halt.status === 'paused') return { status: 'paused', approvalId: halt.approvalId, waitingStep: halt.stepKey }
  if (halt.status === 'succeeded') return { status: 'succeeded', outputs: halt.outputs, finishedAt: new Date() }
  return { status: halt.status, errorCode: halt.errorCode, error: halt.error, finishedAt: new Date() }
}

/** How long a decision waits for its run to finish pausing (the approver was quicker than the run). */
const CLAIM_WAIT_MS = 5_000

export function createRunner(deps: RunnerDeps): Runner {
  const { store, log } = deps
  const background = new Set<Promise<unknown>>()
  const engineDeps = (invoke: EngineDeps['invoke'], runId: string): EngineDeps => ({
    invoke,
    saveStep: (record) => store.saveStep(runId, record),
    isReadOnly: (tool) => deps.catalog.isReadOnly(tool),
    stopping: deps.stopping,
  })

  /**
   * Writes the run record, then stores how the engine stopped: whoever sees the run's new status in
   * the database finds its record in the workspace already. The report workflow_run answers with.
   */
  async function settle(runId: string, halt: Halt, caller: Caller, dryRun: boolean): Promise<RunReport> {
    const found = (await store.get(runId))!
    if (halt.status === 'stopped') {
      return { run: presentRun(found.row, found.steps), artifacts: null, note: 'the server is shutting down; the run resumes at its next start' }
    }
    const patch = patchFor(halt)
    const run = presentRun({ ...found.row, ...store.columns(patch) }, found.steps)
    const written = await writeRunRecord(caller, run, { dryRun, policy: deps.policy })
    await store.update(runId, patch)
    return 'written' in written ? { run, artifacts: written.written } : { run, artifacts: null, note: written.skipped }
  }

  async function continueRun(runId: string): Promise<void> {
    const loaded = await store.load(runId)
    if (loaded?.row.status !== 'running') return
    const caller = await deps.callerById(loaded.row.callerId)
    if (!caller) {
      const error = 'The API key that started this run has been revoked; the run stopped'
      await store.update(runId, { status: 'failed', errorCode: 'UNAUTHORIZED', error, finishedAt: new Date() })
      return
    }
    const invoke: EngineDeps['invoke'] = (tool, args, opts) => deps.invoke(loaded, caller, tool, args, opts.holdReason)
    const state = { id: runId, workflow: loaded.state.workflow, params: loaded.state.params, steps: loaded.steps }
    const halt = await executeRun(state, engineDeps(invoke, runId))
    const report = await settle(runId, halt, caller, loaded.state.context.dryRun)
    log.info({ run_id: runId, status: report.run.status }, `Workflow run ${runId} went on in the background: ${report.run.status}`)
  }

  /** Runs `work` without the caller waiting for it; failures are logged and the run marked failed. */
  function inBackground(runId: string, work: () => Promise<void>): void {
    const task = work()
      .catch(async (err) => {
        log.error({ err, run_id: runId }, 'A workflow run failed in the background')
        const error = 'The run failed on a server error; see the server log'
        await store.update(runId, { status: 'failed', errorCode: 'INTERNAL_ERROR', error, finishedAt: new Date() }).catch(() => {})
      })
      .finally(() => background.delete(task))
    background.add(task)
  }

  /** The run a decided call belongs to, claimed by this instance once it is paused on that call. */
  async function claimFor(d: DecidedCall): Promise<LoadedRun | undefined> {
    const parent = await deps.parentOf(d.executionId)
    const row = parent ? await store.byExecution(parent) : undefined
    if (!row) return undefined
    const until = Date.now() + CLAIM_WAIT_MS
    while (!(await store.claimPaused(row.id, d.approvalId, deps.instance))) {
      const now = await store.get(row.id)
      if (now?.row.status !== 'running' || Date.now() > until) return undefined
      await new Promise((r) => setTimeout(r, 50))
    }
    return store.load(row.id)
  }

  /** The decided step's record: its output once approved and run, or how it ended. */
  function decidedStep(step: StepRecord, d: DecidedCall): StepRecord {
    const done = { ...step, finishedAt: new Date() }
    if (d.decision !== 'approved')
      return { ...done, status: d.decision, errorCode: `APPROVAL_${d.decision.toUpperCase()}`, error: `The held call was ${d.decision}` }
    const body = d.outcome?.body ?? {}
    if (body.status === 'ok') return { ...done, status: 'ok', output: outputOf(body), errorCode: null, error: null }
    const code = String(body.error_code ?? 'FAILED')
    const message = `Step ${step.stepId} (${step.tool}) failed once approved: ${String(body.error_message ?? '')}`
    return code === 'ESCALATE'
      ? { ...step, status: 'escalated', error: `${code}: ${body.error_message}` }
      : { ...done, status: 'error', errorCode: code, error: message }
  }

  return {
    check: (source) => checkWorkflow(source, deps.catalog),

    async start(ctx: ToolContext, input) {
      const id = uuidv7()
      const context: RunContext = { sessionId: ctx.sessionId, agentId: ctx.agentId, requestId: ctx.requestId, dryRun: ctx.dryRun }
      const caller = ctx.caller
      const state = { workflow: input.workflow, params: input.params, context }
      await store.create({
        id,
        executionId: ctx.executionId,
        path: input.path,
        callerId: caller.id,
        callerName: caller.name,
        instance: deps.instance,
        depth: ctx.depth,
        state,
      })
      const invoke: EngineDeps['invoke'] = (tool, args, opts) => ctx.callTool(tool, args, { holdReason: opts.holdReason })
      const halt = await executeRun({ id, workflow: input.workflow, params: input.params, steps: new Map() }, engineDeps(invoke, id))
      return settle(id, halt, caller, ctx.dryRun)
    },

    async decided(d) {
      const loaded = await claimFor(d)
      if (!loaded) return
      const step = [...loaded.steps.values()].find((s) => s.approvalId === d.approvalId)
      if (step) await store.saveStep(loaded.row.id, decidedStep(step, d))
      inBackground(loaded.row.id, () => continueRun(loaded.row.id))
    },

    async resumeOwned() {
      const ids = await store.runningOn(deps.instance)
      for (const id of ids) inBackground(id, () => continueRun(id))
      return ids
    },

    async idle() {
      while (background.size) await Promise.allSettled([...background])
    },
  }
}
