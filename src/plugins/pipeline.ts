/**
 * The pipeline every tool call goes through, REST or MCP alike: resolve → auth → rate limit →
 * context → validation → approval → execution (timeout, output cap, dry run) → redaction →
 * history, metrics and one log line.
 */
import { performance } from 'node:perf_hooks'
import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import { codedError, isCodedError, type CodedError } from '../errors.js'
import type { AnyTool, Caller } from '../tools/define.js'
import type { ExecutionRecord } from './history.js'
import type { Claimed } from './approvals.js'
import { parseContext, seconds, type CallContext, type HeaderBag } from '../pipeline/context.js'
import { capOutput } from '../pipeline/output.js'
import { uuidv7 } from '../lib/uuidv7.js'
import { OkAnswer, outputJson, type CallOutcome } from '../pipeline/answer.js'
import { ToolCall } from '../pipeline/tool-call.js'
import { createEscalation } from '../pipeline/escalation.js'

export interface CallRequest {
  tool: string
  args: unknown
  authorization?: string
  clientIp: string
  transport: 'rest' | 'mcp'
  headers: HeaderBag
  /** The HTTP request's id: the call's request id when it sends no X-Request-Id of its own. */
  requestId?: string
}

export type { CallOutcome }

export interface Pipeline {
  invoke(call: CallRequest): Promise<CallOutcome>
  /** Runs a call that was held for approval and has just been approved. */
  resume(claimed: Claimed, transport?: string): Promise<CallOutcome>
}

declare module 'fastify' {
  interface FastifyInstance {
    pipeline: Pipeline
  }
}

const DEFAULT_TIMEOUT = { defaultMs: 30_000, minMs: 1, maxMs: 300_000 }
const round = (ms: number) => Math.round(ms * 100) / 100
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

export default fp(
  async (app) => {
    const { registry, keys, rateLimiter, history, approvals, metrics, config } = app
    const log = app.log.child({ component: 'tools' })
    const infoEnabled = (log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled('info')
    const debugEnabled = (log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled('debug')
    // Calls still running after their first synchronous slice, so that shutdown can abort them all.
    const running = new Set<ToolCall>()
    const plans = new WeakMap<AnyTool, Plan>()
    const plan = (tool: AnyTool) => {
      let p = plans.get(tool)
      if (!p) plans.set(tool, (p = planFor(tool)))
      return p
    }
    const escalation = createEscalation(app.database.db, config.escalateAfter)
    const shared = { config, services: app.toolServices, log }
    const sessionOf = (sessionId: string | undefined, caller: Caller) => sessionId ?? `key:${caller.id}`
    app.addHook('preClose', async () => {
      for (const c of running) c.abort(new Error('server shutting down'))
    })

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
      const e = err as { statusCode?: number; code?: string; message?: string }
      log.error({ err, execution_id: executionId }, 'Tool raised an unexpected error')
      return codedError('INTERNAL_ERROR', `Internal error${executionId ? `; execution id ${executionId}` : ''}`, e?.code ? { details: {} } : {})
    }

    function authorize(tool: AnyTool, caller: Caller): void {
      if (tool.scope === 'public') return
      if (caller.id === 'anonymous') {
        throw codedError('UNAUTHORIZED', `${tool.name} needs an API key with the "${tool.scope}" scope: send "Authorization: Bearer <api key>"`, {
          details: { required_scope: tool.scope },
        })
      }
      if (!caller.scopes.includes(tool.scope)) {
        throw codedError('SCOPE_REQUIRED', `This API key lacks the "${tool.scope}" scope that ${tool.name} needs`, {
          details: { required_scope: tool.scope, scopes: caller.scopes },
        })
      }
    }

    async function invoke(call: CallRequest): Promise<CallOutcome> {
      const t0 = performance.now()
      const startedAt = new Date()
      const headers: Record<string, string> = {}
      let tool: AnyTool
      let caller: Caller
      let ctx: CallContext
      let validate: (args: unknown) => ReturnType<ReturnType<typeof registry.require>['validate']>
      try {
        const reg = registry.require(call.tool)
        tool = reg.tool
        validate = reg.validate
        // Both answer without a promise in the common case (a known key, counting in memory).
        const known = keys.authenticate(call.authorization, call.clientIp)
        caller = known instanceof Promise ? await known : known
        authorize(tool, caller)
        const rule = rateLimiter.ruleFor(tool)
        const counted = rateLimiter.consume(tool.name, caller.rateKey, rule)
        const rl = counted instanceof Promise ? await counted : counted
        const resetS = Math.max(1, Math.ceil(rl.resetMs / 1000))
        headers['x-ratelimit-limit'] = String(rl.limit)
        headers['x-ratelimit-remaining'] = String(rl.remaining)
        headers['x-ratelimit-reset'] = String(resetS)
        if (!rl.allowed) {
          throw codedError('RATE_LIMITED', `Rate limit exceeded for ${tool.name}: ${rule.limit} calls per ${seconds(rule.windowMs)}. Retry after ${resetS}s`, {
            headers: { 'retry-after': String(resetS) },
            details: { limit: rule.limit, window_ms: rule.windowMs, retry_after_s: resetS },
          })
        }
        ctx = parseContext(call.headers, call.requestId)
      } catch (err) {
        const e = normalize(err)
        const duration = round(performance.now() - t0)
        // Unknown names get one fixed label: client-chosen labels would grow the registry without bound.
        metrics.observe(e.code === 'TOOL_NOT_FOUND' ? '_unknown' : call.tool, 'error', e.code, duration)
        log.warn({ tool: call.tool.slice(0, 128), error_code: e.code, duration_ms: duration }, `Tool ${call.tool.slice(0, 128)} refused: ${e.message}`)
        return { statusCode: e.statusCode, body: errorBody(e, { duration_ms: duration }), headers: e.headers ? Object.assign(headers, e.headers) : headers }
      }

      const rec: ExecutionRecord = {
        id: uuidv7(), tool: tool.name, toolset: tool.toolset, transport: call.transport, params: undefined as unknown as object,
        callerId: caller.id, callerName: caller.name, sessionId: ctx.sessionId, agentId: ctx.agentId, requestId: ctx.requestId,
        startedAt, dryRun: ctx.dryRun ? 1 : 0, status: 'ok', httpStatus: 200, errorCode: null, error: null, result: null,
        messages: null, usage: null, durationMs: null, completedAt: null,
      }
      let checked = validate(call.args ?? {})
      if (checked.ok && tool.precheck) {
        try {
          tool.precheck(checked.value, config)
        } catch (err) {
          checked = { ok: false, error: normalize(err, rec.id) }
        }
      }
      if (!checked.ok && tool.escalates) checked = { ok: false, error: await escalation.onError(tool, sessionOf(ctx.sessionId, caller), checked.error) }
      if (!checked.ok) {
        const e = checked.error
        const duration = round(performance.now() - t0)
        rec.params = (call.args ?? {}) as object
        rec.status = 'error'
        rec.httpStatus = e.statusCode
        rec.errorCode = e.code
        rec.error = e.message
        rec.durationMs = Math.round(duration)
        rec.completedAt = new Date()
        history.record(rec)
        metrics.observe(tool.name, 'error', e.code, duration)
        log.warn({ tool: tool.name, args: call.args, success: false, duration_ms: duration, execution_id: rec.id }, `Tool ${tool.name} failed: ${e.message}`)
        return { statusCode: e.statusCode, body: errorBody(e, { execution_id: rec.id, duration_ms: duration }, tool), headers }
      }
      const args = checked.value
      rec.params = args

      // A dry run of a tool that honours it changes nothing, so it needs nobody's approval.
      if (!ctx.dryRun || !tool.supportsDryRun) {
        const decision = approvals.decide(tool, args)
        if (decision.required) return hold(tool, args, ctx, caller, rec, decision.reason, t0, headers)
      }
      return await run(tool, args, ctx, caller, rec, t0, headers, 'record')
    }

    async function hold(
      tool: AnyTool, args: Record<string, unknown>, ctx: CallContext, caller: Caller, rec: ExecutionRecord,
      reason: string | undefined, t0: number, headers: Record<string, string>,
    ): Promise<CallOutcome> {
      // The execution row first: an approval must never exist without the row its result goes to.
      const executionId = rec.id
      const approvalId = crypto.randomUUID()
      const duration = round(performance.now() - t0)
      const message = `${tool.name} needs approval${reason ? ` (${reason})` : ''}: POST /v1/approvals/${approvalId}/approve with a key holding the "approve" scope; the result will be at GET /v1/executions/${executionId}`
      rec.status = 'pending'
      rec.httpStatus = 202
      rec.durationMs = Math.round(duration)
      rec.messages = [message]
      await history.insertNow(rec)
      let held: { id: string; expiresAt: Date }
      try {
        held = await approvals.hold({ id: approvalId, tool, args, context: ctx, caller, executionId, reason })
      } catch (err) {
        await history.complete(executionId, { status: 'error', httpStatus: 500, errorCode: 'INTERNAL_ERROR', error: 'The call could not be queued for approval', completedAt: new Date() }).catch(() => {})
        throw err
      }
      metrics.observe(tool.name, 'pending', undefined, duration)
      log.info({ tool: tool.name, args, approval_id: held.id, execution_id: executionId }, `Tool ${tool.name} held for approval`)
      headers.location = `/v1/executions/${executionId}`
      return {
        statusCode: 202,
        body: { status: 'pending', approval_id: held.id, execution_id: executionId, expires_at: held.expiresAt.toISOString(), duration_ms: duration, messages: [message] },
        headers,
      }
    }

    /** Runs the tool within its timeout and output cap, then answers, records and counts the call. */
    async function run(
      tool: AnyTool, args: Record<string, unknown>, ctx: CallContext, caller: Caller,
      rec: ExecutionRecord, t0: number, headers: Record<string, string>, mode: 'record' | 'complete',
    ): Promise<CallOutcome> {
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
      const toolCall = new ToolCall(rec.id, caller, ctx, sessionOf(ctx.sessionId, caller), timeoutMs, maxOutputSize, messages, shared)
      if (debugEnabled) log.debug({ tool: tool.name, args, execution_id: rec.id }, `Executing tool: ${tool.name}`)

      let output: Record<string, unknown> | undefined
      let error: CodedError | undefined
      const started = performance.now()
      let timedOut = false
      const timeoutError = () => codedError('TIMEOUT', `Tool timed out after ${seconds(timeoutMs)}`, { details: { timeout_ms: timeoutMs } })
      try {
        const returned = tool.execute(args, toolCall)
        // A tool that answered synchronously is done: no timer could have stopped it anyway. One that
        // answered with a promise gets what is left of its time, its first synchronous slice counted.
        let settled: unknown = returned
        if (isThenable(returned)) {
          let rejectTimeout: ((err: unknown) => void) | undefined
          const handle = setTimeout(() => {
            timedOut = true
            toolCall.abort(new Error('timeout'))
            // Give the tool a moment to answer with its own partial result before the generic one.
            setTimeout(() => rejectTimeout?.(timeoutError()), 250)
          }, Math.max(0, timeoutMs - (performance.now() - started)))
          running.add(toolCall)
          try {
            settled = await Promise.race([returned, new Promise<never>((_, reject) => (rejectTimeout = reject))])
          } finally {
            clearTimeout(handle)
            running.delete(toolCall)
          }
        }
        output = capOutput(settled as Record<string, unknown>, maxOutputSize, messages)
      } catch (err) {
        // A tool that honours its signal rejects with the abort reason: that is the timeout, not a fault.
        error = timedOut && !isCodedError(err)
          ? timeoutError()
          : normalize(err, rec.id)
      }
      if (tool.escalates) {
        if (error) error = await escalation.onError(tool, toolCall.session, error)
        else await escalation.onSuccess(tool, toolCall.session)
      }
      const duration = round(performance.now() - t0)
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
        serialized = outputJson(output!)
        outcome = new OkAnswer(headers, output!, { executionId: rec.id, duration, messages, dryRun: ctx.dryRun }, serialized)
        status = 'ok'
      }
      rec.status = status
      rec.httpStatus = outcome.statusCode
      rec.errorCode = error ? error.code : null
      rec.error = error ? error.message : null
      rec.result = error ? (error.details ?? null) : output
      rec.messages = messages
      rec.usage = toolCall.usage ?? null
      rec.durationMs = Math.round(duration)
      rec.completedAt = new Date()
      if (mode === 'record') history.record(rec, serialized)
      else await history.complete(rec.id, rec)
      metrics.observe(tool.name, status, error?.code, duration)
      if (error) {
        log.warn({ tool: tool.name, args, success: false, duration_ms: duration, execution_id: rec.id, caller: caller.id, error_code: error.code }, `Tool ${tool.name} failed: ${error.message}`)
      } else if (infoEnabled) {
        log.info({ tool: tool.name, args, success: true, duration_ms: duration, execution_id: rec.id, caller: caller.id }, `Tool ${tool.name} succeeded`)
      }
      return outcome
    }

    async function resume(claimed: Claimed): Promise<CallOutcome> {
      const t0 = performance.now()
      const found = registry.get(claimed.tool)
      const caller = await keys.callerById(claimed.callerId)
      if (!found || !caller) {
        const err = !found
          ? codedError('TOOL_NOT_FOUND', `The tool "${claimed.tool}" is no longer registered`)
          : codedError('UNAUTHORIZED', 'The API key that made this call has been revoked; the call was not run')
        await history.complete(claimed.executionId, { status: 'error', httpStatus: err.statusCode, errorCode: err.code, error: err.message, completedAt: new Date() })
        return { statusCode: err.statusCode, body: errorBody(err, { execution_id: claimed.executionId }), headers: {} }
      }
      // Only what running it changes is written over the pending row: the rest was recorded when it was held.
      const rec = { id: claimed.executionId, params: claimed.args } as ExecutionRecord
      return run(found.tool, claimed.args, claimed.context, caller, rec, t0, {}, 'complete')
    }

    app.decorate('pipeline', { invoke, resume })
  },
  { name: 'pipeline', dependencies: ['config', 'db', 'registry', 'llm', 'auth', 'rate-limit', 'history', 'approvals', 'shells', 'metrics', 'redaction'] },
)
