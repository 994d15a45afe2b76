/**
 * Runs a workflow's steps in order, as a replay: a step the run has already finished (its record
 * says `ok` or `skipped`) is not run again, its recorded output is used, so the same function
 * starts a run, continues it after an approval and resumes it after a restart. Each step's record
 * is saved before its call is made and again once it answered: what a crash leaves is a `running`
 * step, re-run on resume only if its tool is read-only (else the run stops `interrupted` there).
 */
import type { InnerCallOutcome } from '../tools/define.js'
import { ExpressionError, evaluate, truthy, kindOf, type Scope } from './expressions.js'
import { parseCondition } from './check.js'
import { LIMITS, type Step, type Workflow } from './schema.js'
import { RENDER_BYTES, RenderTooLarge, renderValue } from './templates.js'
import { AGENT_TOOL } from './check-steps.js'

export type StepStatus = 'running' | 'ok' | 'error' | 'skipped' | 'pending' | 'escalated' | 'rejected' | 'expired' | 'interrupted'
export type RunStatus = 'running' | 'paused' | 'succeeded' | 'failed' | 'rejected' | 'expired' | 'interrupted'

export interface StepRecord {
  key: string
  stepId: string
  seq: number
  kind: 'tool' | 'agent' | 'for_each'
  tool: string | null
  status: StepStatus
  output?: unknown
  executionId?: string | null
  approvalId?: string | null
  errorCode?: string | null
  error?: string | null
  startedAt: Date
  finishedAt?: Date | null
}

export interface RunState {
  id: string
  workflow: Workflow
  params: Record<string, unknown>
  /** What the run has recorded so far, by step key. */
  steps: Map<string, StepRecord>
}

/** How a run of the engine ended: done, waiting on a person, failed, or left for the next start. */
export type Halt =
  | { status: 'succeeded'; outputs: Record<string, unknown> }
  | { status: 'paused'; approvalId: string; stepKey: string }
  | { status: 'failed' | 'rejected' | 'expired' | 'interrupted'; stepKey?: string; errorCode: string; error: string }
  | { status: 'stopped' }

export interface EngineDeps {
  /** A step's call through the pipeline, as the run's caller. */
  invoke(tool: string, args: Record<string, unknown>, opts: { holdReason?: string }): Promise<InnerCallOutcome>
  saveStep(record: StepRecord): Promise<void>
  /** Whether re-running the tool after a crash can change nothing (read scope and read-only). */
  isReadOnly(tool: string): boolean
  /** True once the server is shutting down: the run is left `running` for the next start. */
  stopping(): boolean
}

/** What later expressions see of a step: `steps.<id>.status` and `.output`. */
type View = { status: StepStatus; output: unknown }
interface Frame {
  steps: Record<string, View>
  item?: unknown
  index?: number
  prefix: string
}

class Stop extends Error {}

const TOO_LARGE = `would render to more than ${RENDER_BYTES / 2 ** 20} MiB of JSON, the most a step is given or a run gives`

/** Step statuses that end the run, and the run status each one ends it with. */
const ENDED: Partial<Record<StepStatus, 'failed' | 'rejected' | 'expired' | 'interrupted'>> = {
  error: 'failed',
  rejected: 'rejected',
  expired: 'expired',
  interrupted: 'interrupted',
}

/** The fields the gateway adds to an answer: a step's output is the tool's own payload. */
const GATEWAY_FIELDS = new Set(['status', 'execution_id', 'duration_ms', 'messages', 'dry_run', 'approval_id', 'expires_at'])
export const outputOf = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => !GATEWAY_FIELDS.has(k)))

export async function executeRun(state: RunState, deps: EngineDeps): Promise<Halt> {
  const runner = new Runner(state, deps)
  const frame: Frame = { steps: {}, prefix: '' }
  try {
    const halt = await runner.list(state.workflow.steps, frame)
    if (halt) return halt
    return { status: 'succeeded', outputs: renderValue(state.workflow.outputs ?? {}, runner.scope(frame)) as Record<string, unknown> }
  } catch (err) {
    if (err instanceof Stop) return { status: 'stopped' }
    if (err instanceof ExpressionError) return { status: 'failed', errorCode: 'INVALID_EXPRESSION', error: `In outputs: ${err.message}` }
    if (err instanceof RenderTooLarge) return { status: 'failed', errorCode: 'LIMIT_EXCEEDED', error: `The outputs ${TOO_LARGE}` }
    throw err
  }
}

class Runner {
  private seq: number
  private runs = 0
  constructor(
    private readonly state: RunState,
    private readonly deps: EngineDeps,
  ) {
    this.seq = Math.max(-1, ...[...state.steps.values()].map((s) => s.seq)) + 1
  }

  scope(frame: Frame): Scope {
    return { params: this.state.params, steps: frame.steps, item: frame.item ?? null, index: frame.index ?? null }
  }

  async list(steps: Step[], frame: Frame): Promise<Halt | undefined> {
    for (const step of steps) {
      const halt = await this.step(step, frame)
      if (halt) return halt
    }
    return undefined
  }

  private async step(step: Step, frame: Frame): Promise<Halt | undefined> {
    const key = frame.prefix + step.id
    const had = this.state.steps.get(key)
    if (++this.runs > LIMITS.stepRuns) {
      const error = `The run reached ${LIMITS.stepRuns} step runs, its limit`
      // A step that finished keeps its record (a run paused under a version that counted a replayed loop once).
      if (had?.status === 'ok' || had?.status === 'skipped') return { status: 'failed', stepKey: key, errorCode: 'LIMIT_EXCEEDED', error }
      return this.fail(this.base(step, key), 'LIMIT_EXCEEDED', error)
    }
    // A finished loop is gone through again (below), its steps replayed from their records: its
    // output is theirs, not a copy kept beside them.
    const finishedLoop = had?.kind === 'for_each' && had.status === 'ok'
    if (had && (had.status === 'ok' || had.status === 'skipped') && !finishedLoop) {
      frame.steps[step.id] = { status: had.status, output: had.output ?? null }
      return undefined
    }
    if (had && had.status in ENDED) return { status: ENDED[had.status]!, stepKey: key, errorCode: had.errorCode ?? 'FAILED', error: had.error ?? '' }
    const record = had ?? this.base(step, key)
    try {
      if (!had && step.if !== undefined && !truthy(this.condition(step.if, frame))) {
        await this.save({ ...record, status: 'skipped', output: null, finishedAt: new Date() })
        frame.steps[step.id] = { status: 'skipped', output: null }
        return undefined
      }
      if (step.for_each !== undefined) return await this.loop(step, record, frame)
      return await this.call(step, record, frame)
    } catch (err) {
      if (err instanceof RenderTooLarge) return this.fail(record, 'LIMIT_EXCEEDED', `Step ${step.id}: what it is given ${TOO_LARGE}`)
      if (!(err instanceof ExpressionError)) throw err
      return this.fail(record, 'INVALID_EXPRESSION', `Step ${step.id}: ${err.message}`)
    }
  }

  private base(step: Step, key: string): StepRecord {
    const kind = step.for_each !== undefined ? 'for_each' : step.agent !== undefined ? 'agent' : 'tool'
    const tool = kind === 'agent' ? AGENT_TOOL : kind === 'tool' ? step.tool! : null
    return { key, stepId: step.id, seq: this.seq++, kind, tool, status: 'running', startedAt: new Date() }
  }

  private condition(cond: string | boolean, frame: Frame): unknown {
    return typeof cond === 'boolean' ? cond : evaluate(parseCondition(cond), this.scope(frame))
  }

  private async save(record: StepRecord): Promise<void> {
    this.state.steps.set(record.key, record)
    await this.deps.saveStep(record)
  }

  private async fail(record: StepRecord, errorCode: string, error: string, status: 'error' | 'interrupted' = 'error'): Promise<Halt> {
    await this.save({ ...record, status, errorCode, error, finishedAt: new Date() })
    return { status: status === 'interrupted' ? 'interrupted' : 'failed', stepKey: record.key, errorCode, error }
  }

  /**
   * A for_each: its steps once per item; its output is one entry per item, each step's output by
   * id. It is not stored with the loop: 590 reads of 250 KB made one record of 150 MB, sealed in one
   * go (1 s of held event loop, 2.3 GB). A replay rebuilds it from the steps' own records.
   */
  private async loop(step: Step, record: StepRecord, frame: Frame): Promise<Halt | undefined> {
    const items = Array.isArray(step.for_each) ? renderValue(step.for_each, this.scope(frame)) : this.condition(step.for_each!, frame)
    if (!Array.isArray(items)) return this.fail(record, 'INVALID_EXPRESSION', `Step ${step.id}: for_each needs a list, got ${kindOf(items)}`)
    if (items.length > LIMITS.forEachItems) {
      return this.fail(record, 'LIMIT_EXCEEDED', `Step ${step.id}: for_each over ${items.length} items; the limit is ${LIMITS.forEachItems}`)
    }
    const replay = record.status === 'ok'
    if (!replay && record.status !== 'running') await this.save({ ...record, status: 'running' })
    else if (!this.state.steps.has(record.key)) await this.save(record)
    const results: Record<string, unknown>[] = []
    for (const [index, item] of items.entries()) {
      const inner: Frame = { steps: { ...frame.steps }, item, index, prefix: `${record.key}[${index}].` }
      const halt = await this.list(step.steps ?? [], inner)
      if (halt) return halt
      results.push(Object.fromEntries((step.steps ?? []).map((s) => [s.id, inner.steps[s.id]?.output ?? null])))
    }
    if (!replay) await this.save({ ...this.state.steps.get(record.key)!, status: 'ok', output: null, finishedAt: new Date() })
    frame.steps[step.id] = { status: 'ok', output: results }
    return undefined
  }

  private args(step: Step, frame: Frame): Record<string, unknown> {
    if (step.agent === undefined) return renderValue(step.with ?? {}, this.scope(frame)) as Record<string, unknown>
    const prompt = renderValue(step.prompt ?? '', this.scope(frame))
    // Task wants 3 to 5 words: names and ids are one word each, so this is always 4.
    const description = `Workflow ${this.state.workflow.name} step ${step.id}`
    return { description, prompt: typeof prompt === 'string' ? prompt : JSON.stringify(prompt), subagent_type: step.agent }
  }

  /** A tool or agent step: its call, unless it is waiting (escalated) or was cut short by a crash. */
  private async call(step: Step, record: StepRecord, frame: Frame): Promise<Halt | undefined> {
    const tool = record.tool!
    const cutShort = (record.status === 'running' || record.status === 'pending') && this.state.steps.has(record.key)
    if (cutShort && !this.deps.isReadOnly(tool)) {
      const error = `The server stopped while step ${step.id} (${tool}) was running; it can change things, so it is not run again: whether it did is unknown`
      return this.fail(record, 'INTERRUPTED', error, 'interrupted')
    }
    // Nothing new starts once the server is shutting down: the run goes on at the next start.
    if (this.deps.stopping()) throw new Stop()
    const args = this.args(step, frame)
    if (record.status === 'escalated') return this.hold(step, record, args, record.error ?? 'it escalated')
    await this.save({ ...record, status: 'running', startedAt: new Date() })
    const outcome = await this.deps.invoke(tool, args, {})
    if (this.deps.stopping()) throw new Stop()
    return this.settle(step, this.state.steps.get(record.key)!, outcome, args, frame)
  }

  private async settle(step: Step, record: StepRecord, outcome: InnerCallOutcome, args: Record<string, unknown>, frame: Frame): Promise<Halt | undefined> {
    const body = outcome.body
    const executionId = typeof body.execution_id === 'string' ? body.execution_id : null
    if (outcome.statusCode === 202 && typeof body.approval_id === 'string') {
      await this.save({ ...record, status: 'pending', executionId, approvalId: body.approval_id })
      return { status: 'paused', approvalId: body.approval_id, stepKey: record.key }
    }
    if (body.status === 'ok') {
      const output = outputOf(body)
      await this.save({ ...record, status: 'ok', executionId, output, finishedAt: new Date() })
      frame.steps[step.id] = { status: 'ok', output }
      return undefined
    }
    const code = String(body.error_code ?? 'FAILED')
    const message = String(body.error_message ?? 'The call failed')
    if (code === 'ESCALATE') return this.hold(step, { ...record, executionId }, args, `${code}: ${message}`)
    return this.fail({ ...record, executionId }, code, `Step ${step.id} (${record.tool}) failed: ${message}`)
  }

  /** Seed 000 §3: a step whose tool escalated goes to a person, as the same call held for approval. */
  private async hold(step: Step, record: StepRecord, args: Record<string, unknown>, why: string): Promise<Halt | undefined> {
    const reason = `step ${step.id} of workflow ${this.state.workflow.name} escalated (${why.slice(0, 500)}); approve to run it once more, reject to end the run`
    const outcome = await this.deps.invoke(record.tool!, args, { holdReason: reason })
    if (this.deps.stopping()) throw new Stop()
    const body = outcome.body
    if (outcome.statusCode === 202 && typeof body.approval_id === 'string') {
      const executionId = typeof body.execution_id === 'string' ? body.execution_id : null
      await this.save({ ...record, status: 'pending', executionId, approvalId: body.approval_id, errorCode: 'ESCALATE', error: why })
      return { status: 'paused', approvalId: body.approval_id, stepKey: record.key }
    }
    return this.fail(
      record,
      String(body.error_code ?? 'ESCALATE'),
      `Step ${step.id} escalated and could not be held for review: ${String(body.error_message ?? why)}`,
    )
  }
}
