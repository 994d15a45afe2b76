/**
 * Running a call once it is admitted: the tool within its timeout and output cap, then the answer,
 * its history row, its metrics and its log line. A tool that answers synchronously is answered
 * synchronously, with no promise on the way (most calls); one that answers with a promise gets what
 * is left of its time, its first synchronous slice counted.
 */
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config.js'
import { codedError, isCodedError, type CodedError } from '../errors.js'
import type { Metrics } from '../plugins/metrics.js'
import type { History } from '../plugins/history.js'
import type { AnyTool, Caller } from '../tools/define.js'
import type { ExecutionRecord } from '../history/row.js'
import { OkAnswer, outputJson, type CallOutcome } from './answer.js'
import { seconds, type CallContext } from './context.js'
import type { Escalation } from './escalation.js'
import { capOutput } from './output.js'
import { ToolCall, type ToolCallShared } from './tool-call.js'

const DEFAULT_TIMEOUT = { defaultMs: 30_000, minMs: 1, maxMs: 300_000 }
/** Milliseconds to two decimals, as answers report them. */
export const round = (ms: number) => Math.round(ms * 100) / 100
const isThenable = (v: unknown): v is PromiseLike<unknown> => typeof (v as { then?: unknown } | null)?.then === 'function'

/** What the pipeline needs of a tool on every call, worked out once per tool. */
interface Plan {
  timeout: { defaultMs: number; minMs: number; maxMs: number }
  /** Seed 002/003 tools answer in ToolResult's shape even when they fail. */
  toolResultShaped: boolean
}

function planFor(tool: AnyTool): Plan {
  const properties = (tool.output as { properties?: object }).properties ?? {}
  return {
    timeout: { ...DEFAULT_TIMEOUT, ...tool.timeout, minMs: tool.timeout?.minMs ?? 1 },
    toolResultShaped: 'success' in properties && 'metadata' in properties,
  }
}

export interface RunnerDeps {
  config: AppConfig
  shared: ToolCallShared
  log: FastifyBaseLogger
  history: History
  metrics: Metrics
  escalation: Escalation
  /** Calls still running after their first synchronous slice, so that shutdown can abort them all. */
  running: Set<ToolCall>
  /** A coded error for a failure that is not the server's fault (the database unreachable), else undefined. */
  classify?: (err: unknown) => CodedError | undefined
}

export function createRunner({ config, shared, log, history, metrics, escalation, running, classify }: RunnerDeps) {
  const infoEnabled = (log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled('info')
  const debugEnabled = (log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled('debug')
  const plans = new WeakMap<AnyTool, Plan>()
  const plan = (tool: AnyTool) => {
    let p = plans.get(tool)
    if (!p) plans.set(tool, (p = planFor(tool)))
    return p
  }
  const sessionOf = (sessionId: string | undefined, caller: Caller) => sessionId ?? `key:${caller.id}`

  /**
   * The error answer. Tools of seeds 002/003 answer in ToolResult's shape even when they fail
   * (`success: false`, `error`, `output`, `metadata`); a tool may hand back a partial result (the
   * output a timed-out command printed) as `details.result`.
   */
  function errorBody(err: CodedError, extra: Record<string, unknown>, tool?: AnyTool): Record<string, unknown> {
    const { result, ...details } = (err.details ?? {}) as { result?: Record<string, unknown> }
    const toolResult = tool && plan(tool).toolResultShaped ? { success: false, output: '', error: err.message, metadata: {} } : {}
    return {
      ...toolResult,
      ...result,
      status: 'error',
      error_code: err.code,
      error_message: err.message,
      ...(Object.keys(details).length > 0 && { details }),
      ...extra,
    }
  }

  /** Anything thrown that is not one of ours is a server fault: logged, never shown. */
  function normalize(err: unknown, executionId?: string): CodedError {
    if (isCodedError(err)) return err
    const known = classify?.(err)
    if (known) return known
    const e = err as { statusCode?: number; code?: string; message?: string }
    log.error({ err, execution_id: executionId }, 'Tool raised an unexpected error')
    return codedError('INTERNAL_ERROR', `Internal error${executionId ? `; execution id ${executionId}` : ''}`, e?.code ? { details: {} } : {})
  }

  /** One call on its way through run → (wait) → settle → finish. */
  interface Running {
    tool: AnyTool
    args: Record<string, unknown>
    ctx: CallContext
    caller: Caller
    rec: ExecutionRecord
    t0: number
    headers: Record<string, string>
    mode: 'record' | 'complete'
    call: ToolCall
    timedOut: boolean
  }

  const timeoutError = (timeoutMs: number) => codedError('TIMEOUT', `Tool timed out after ${seconds(timeoutMs)}`, { details: { timeout_ms: timeoutMs } })

  /**
   * Runs the tool within its timeout and output cap, then answers, records and counts the call.
   * A tool that answers synchronously is answered synchronously (no promise on the way): most
   * calls; no timer could have stopped it anyway. One that answers with a promise gets what is
   * left of its time, its first synchronous slice counted.
   */
  function run(
    tool: AnyTool, args: Record<string, unknown>, ctx: CallContext, caller: Caller,
    rec: ExecutionRecord, t0: number, headers: Record<string, string>, mode: 'record' | 'complete',
  ): CallOutcome | Promise<CallOutcome> {
    const messages: string[] = []
    const bounds = plan(tool).timeout
    let timeoutMs = tool.timeoutFromArgs?.(args) ?? ctx.timeoutMs ?? bounds.defaultMs
    if (timeoutMs < bounds.minMs || timeoutMs > bounds.maxMs) {
      const fitted = Math.min(Math.max(timeoutMs, bounds.minMs), bounds.maxMs)
      messages.push(`Timeout ${timeoutMs} ms is outside ${tool.name}'s bounds (${bounds.minMs}–${bounds.maxMs} ms); using ${fitted}`)
      timeoutMs = fitted
    }
    // A caller may ask for less output than the server allows, never for more.
    const ceiling = Math.max(config.maxOutputSize, tool.maxOutputSize ?? 0)
    let maxOutputSize = ctx.maxOutputSize ?? tool.maxOutputSize ?? config.maxOutputSize
    if (maxOutputSize > ceiling) {
      messages.push(`X-Max-Output-Size ${maxOutputSize} is above this server's limit for ${tool.name}; using ${ceiling}`)
      maxOutputSize = ceiling
    }
    const call = new ToolCall(rec.id, caller, ctx, sessionOf(ctx.sessionId, caller), timeoutMs, maxOutputSize, messages, shared)
    if (debugEnabled) log.debug({ tool: tool.name, args, execution_id: rec.id }, `Executing tool: ${tool.name}`)
    const r: Running = { tool, args, ctx, caller, rec, t0, headers, mode, call, timedOut: false }
    const started = performance.now()
    let returned: unknown
    try {
      returned = tool.execute(args, call)
    } catch (err) {
      return settle(r, false, err)
    }
    return isThenable(returned) ? wait(r, returned, Math.max(0, timeoutMs - (performance.now() - started))) : settle(r, true, returned)
  }

  async function wait(r: Running, returned: PromiseLike<unknown>, leftMs: number): Promise<CallOutcome> {
    let rejectTimeout: ((err: unknown) => void) | undefined
    const handle = setTimeout(() => {
      r.timedOut = true
      r.call.abort(new Error('timeout'))
      // Give the tool a moment to answer with its own partial result before the generic one.
      setTimeout(() => rejectTimeout?.(timeoutError(r.call.timeoutMs)), 250)
    }, leftMs)
    running.add(r.call)
    let settled: unknown
    try {
      settled = await Promise.race([returned, new Promise<never>((_, reject) => (rejectTimeout = reject))])
    } catch (err) {
      return settle(r, false, err)
    } finally {
      clearTimeout(handle)
      running.delete(r.call)
    }
    return settle(r, true, settled)
  }

  /** What the tool answered (`answered`) or threw, capped or normalized; finished at once unless a step must wait. */
  function settle(r: Running, answered: boolean, value: unknown): CallOutcome | Promise<CallOutcome> {
    let output: Record<string, unknown> | undefined
    let error: CodedError | undefined
    if (answered) {
      try {
        output = capOutput(value as Record<string, unknown>, r.call.maxOutputSize, r.call.messages)
      } catch (err) {
        error = normalize(err, r.rec.id)
      }
    } else {
      // A tool that honours its signal rejects with the abort reason: that is the timeout, not a fault.
      error = r.timedOut && !isCodedError(value) ? timeoutError(r.call.timeoutMs) : normalize(value, r.rec.id)
    }
    if (r.tool.escalates || r.mode === 'complete') return finishAfterWaits(r, output, error)
    return finish(r, output, error)
  }

  async function finishAfterWaits(r: Running, output: Record<string, unknown> | undefined, error: CodedError | undefined): Promise<CallOutcome> {
    if (r.tool.escalates) {
      if (error) error = await escalation.onError(r.tool, r.call.session, error)
      else await escalation.onSuccess(r.tool, r.call.session)
    }
    const outcome = finish(r, output, error)
    if (r.mode === 'complete') await history.complete(r.rec.id, r.rec)
    return outcome
  }

  /** Answers, records (when recording) and counts the call. */
  function finish(r: Running, output: Record<string, unknown> | undefined, error: CodedError | undefined): CallOutcome {
    const { tool, ctx, rec, headers, call } = r
    const { messages } = call
    const duration = round(performance.now() - r.t0)
    let outcome: CallOutcome
    let status: string
    let serialized: string | undefined
    if (error) {
      const envelope = ctx.dryRun ? { execution_id: rec.id, duration_ms: duration, messages, dry_run: true } : { execution_id: rec.id, duration_ms: duration, messages }
      if (error.headers) Object.assign(headers, error.headers)
      outcome = { statusCode: error.statusCode, body: errorBody(error, envelope, tool), headers }
      status = error.code === 'TIMEOUT' ? 'timeout' : 'error'
    } else {
      // Serialized once, for the answer and for history alike.
      serialized = outputJson(output)
      outcome = new OkAnswer(headers, output, { executionId: rec.id, duration, messages, dryRun: ctx.dryRun }, serialized)
      status = 'ok'
    }
    rec.status = status
    rec.httpStatus = outcome.statusCode
    rec.errorCode = error ? error.code : null
    rec.error = error ? error.message : null
    rec.result = error ? (error.details ?? null) : output
    rec.messages = messages
    rec.usage = call.usage ?? null
    rec.durationMs = Math.round(duration)
    rec.completedAt = new Date()
    if (r.mode === 'record') history.record(rec, serialized)
    metrics.observe(tool.name, status, error?.code, duration)
    if (error) {
      log.warn({ tool: tool.name, args: r.args, success: false, duration_ms: duration, execution_id: rec.id, caller: r.caller.id, error_code: error.code }, `Tool ${tool.name} failed: ${error.message}`)
    } else if (infoEnabled) {
      log.info({ tool: tool.name, args: r.args, success: true, duration_ms: duration, execution_id: rec.id, caller: r.caller.id }, `Tool ${tool.name} succeeded`)
    }
    return outcome
  }

  return { run, errorBody, normalize, sessionOf }
}
