/**
 * Step 7: the tool runs within its timeout and output cap. Calls that change something (`write`,
 * `exec` and `network` tools, approved calls) have a `running` history row before the tool runs,
 * so that a crash leaves a visible `interrupted` row rather than a silent gap.
 */
import { performance } from 'node:perf_hooks'
import { codedError, isCodedError, type CodedError } from '../../errors.js'
import { normalize } from '../answer.js'
import { logStart } from '../call-log.js'
import type { AdmittedCall, ClientResponse, Execution, PipelineDeps, Settled } from '../call.js'
import { seconds } from '../context.js'
import { effectiveLimits } from '../limits.js'
import { capOutput } from '../output.js'
import { buildToolContext } from '../tool-context.js'

const CHANGING_SCOPES = new Set(['write', 'exec', 'network'])
/** How long a timed-out tool may take to answer with its own partial result before the generic one. */
const GRACE_MS = 250

/** The call's timeout and output cap, fitted into the tool's and the server's bounds (saying so). */
export function prepare(deps: PipelineDeps, call: AdmittedCall): Execution {
  const { tool, context } = call
  const limits = effectiveLimits(tool, context, deps.config.maxOutputSize, tool.timeoutFromArgs?.(call.args))
  let { timeoutMs } = limits
  // An inner call ends with its parent: it gets what is left of the parent's time, silently.
  if (call.request.deadline !== undefined) timeoutMs = Math.max(1, Math.min(timeoutMs, Math.floor(call.request.deadline - performance.now())))
  return { timeoutMs, maxOutputSize: limits.maxOutputSize, messages: limits.messages, controller: new AbortController(), timedOut: false }
}

/** A dry run of a tool that honours it changes nothing. */
export const changesSomething = (call: AdmittedCall) => CHANGING_SCOPES.has(call.tool.scope) && !(call.context.dryRun && call.tool.supportsDryRun)

/**
 * The `running` row, written before the tool runs (`resumed`: the held call's row, now claimed by
 * this instance). An error (the database unreachable) when it cannot be written: the tool must not run.
 */
export async function recordStart(deps: PipelineDeps, call: AdmittedCall, resumed: boolean): Promise<Settled | undefined> {
  try {
    if (resumed) await deps.history.complete(call.record.id, { status: 'running' })
    else if (changesSomething(call)) await deps.history.insertNow({ ...call.record, status: 'running', httpStatus: 0 })
    return undefined
  } catch (err) {
    return { ok: false, error: normalize(deps, err, call.record.id, call.tool.name) }
  }
}

const timeoutError = (timeoutMs: number) => codedError('TIMEOUT', `Tool timed out after ${seconds(timeoutMs)}`, { details: { timeout_ms: timeoutMs } })

/** Rejects with TIMEOUT once the call's time is up (after aborting its signal and a grace period). */
function deadline(execution: Execution) {
  let timer: NodeJS.Timeout | undefined
  let grace: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      execution.timedOut = true
      execution.controller.abort(new Error('timeout'))
      grace = setTimeout(() => reject(timeoutError(execution.timeoutMs)), GRACE_MS)
    }, execution.timeoutMs)
  })
  return { expired, cancel: () => (clearTimeout(timer), clearTimeout(grace)) }
}

export async function execute(deps: PipelineDeps, call: AdmittedCall, execution: Execution): Promise<Settled> {
  const ctx = buildToolContext(deps, call, execution)
  logStart(deps, call, execution)
  const time = deadline(execution)
  const stop = follow(call.request.signal, execution.controller)
  const leave = stopIfClientLeaves(call.request.response, execution.controller)
  deps.running.add(execution)
  try {
    const output = await Promise.race([(async () => call.tool.execute(call.args, ctx))(), time.expired])
    return { ok: true, output: capOutput(output as Record<string, unknown>, execution.maxOutputSize, execution.messages) }
  } catch (err) {
    return { ok: false, error: whyStopped(execution, err) ?? normalize(deps, err, call.record.id, call.tool.name) }
  } finally {
    time.cancel()
    stop()
    leave()
    deps.running.delete(execution)
  }
}

/**
 * A tool that honours its signal rejects with what it was given (an AbortError, the reason): that
 * is the timeout, or the coded reason it was stopped for (its client gone), not a fault.
 */
function whyStopped(execution: Execution, err: unknown): CodedError | undefined {
  if (isCodedError(err)) return undefined
  if (execution.timedOut) return timeoutError(execution.timeoutMs)
  const { aborted, reason } = execution.controller.signal
  return aborted && isCodedError(reason) ? reason : undefined
}

/**
 * A call whose client closes its connection before the answer stops, as at its timeout: a subagent
 * or a workflow left behind went on making calls for no one. Returns the unsubscribe.
 */
function stopIfClientLeaves(response: ClientResponse | undefined, controller: AbortController): () => void {
  if (!response) return () => {}
  const left = () => {
    if (!response.writableFinished) controller.abort(codedError('CLIENT_CLOSED', 'The client closed the connection before the answer; the call was stopped'))
  }
  if (response.destroyed) left()
  response.once('close', left)
  return () => response.off('close', left)
}

/** An inner call stops with the call that made it; returns the unsubscribe. */
function follow(parent: AbortSignal | undefined, controller: AbortController): () => void {
  if (!parent) return () => {}
  const abort = () => controller.abort(parent.reason)
  if (parent.aborted) abort()
  parent.addEventListener('abort', abort, { once: true })
  return () => parent.removeEventListener('abort', abort)
}

/** Seed 000 §3: tools that escalate count their errors in a row per key and session. */
export async function escalate(deps: PipelineDeps, call: AdmittedCall, settled: Settled): Promise<Settled> {
  if (!call.tool.escalates) return settled
  const of = { callerId: call.caller.id, session: call.session }
  if (settled.ok) {
    await deps.escalation.onSuccess(call.tool, of)
    return settled
  }
  return { ok: false, error: await deps.escalation.onError(call.tool, of, settled.error) }
}
