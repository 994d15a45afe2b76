/**
 * The pipeline every tool call goes through, REST or MCP alike: resolve → auth → rate limit →
 * context → validation → approval → execution (timeout, output cap, dry run) → redaction →
 * history, metrics and one log line.
 */
import { performance } from 'node:perf_hooks'
import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import { codedError, type CodedError } from '../errors.js'
import type { RateRule } from '../config.js'
import type { RegisteredTool } from '../tools/registry.js'
import type { RateDecision } from './rate-limit.js'
import type { AnyTool, Caller } from '../tools/define.js'
import type { ExecutionRecord } from './history.js'
import type { Claimed } from './approvals.js'
import { parseContext, seconds, type CallContext, type HeaderBag } from '../pipeline/context.js'
import { uuidv7 } from '../lib/uuidv7.js'
import type { CallOutcome } from '../pipeline/answer.js'
import type { ToolCall } from '../pipeline/tool-call.js'
import { createEscalation } from '../pipeline/escalation.js'
import { createRunner, round } from '../pipeline/runner.js'
import { toolSettingsOf } from '../tools/settings.js'

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
  /** A promise only when a step had to wait (await it either way). */
  invoke(call: CallRequest): CallOutcome | Promise<CallOutcome>
  /** Runs a call that was held for approval and has just been approved. */
  resume(claimed: Claimed, transport?: string): Promise<CallOutcome>
}

declare module 'fastify' {
  interface FastifyInstance {
    pipeline: Pipeline
  }
}

export default fp(
  async (app) => {
    const { registry, keys, rateLimiter, history, approvals, metrics, config } = app
    const log = app.log.child({ component: 'tools' })
    const settings = toolSettingsOf(config)
    const running = new Set<ToolCall>()
    const escalation = createEscalation(app.database.db, config.escalateAfter)
    const { run, errorBody, normalize, sessionOf } = createRunner({
      config, shared: { settings, services: app.toolServices, log }, log, history, metrics, escalation, running,
      classify: (err) => app.databaseOutage.classify(err),
    })
    app.addHook('preClose', async () => {
      for (const c of running) c.abort(new Error('server shutting down'))
    })

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

    /**
     * Runs one call. Synchronous wherever every step is (a known key, counting in memory, a tool
     * that answers at once): most calls are answered with no promise on the way; a step that has to
     * wait continues the call from its promise.
     */
    function invoke(call: CallRequest): CallOutcome | Promise<CallOutcome> {
      const t0 = performance.now()
      const startedAt = Date.now()
      const headers: Record<string, string> = {}
      let reg: RegisteredTool
      let known: Caller | Promise<Caller>
      try {
        reg = registry.require(call.tool)
        known = keys.authenticate(call.authorization, call.clientIp)
      } catch (err) {
        return refused(call, err, t0, headers)
      }
      if (known instanceof Promise) return known.then((caller) => admit(call, reg, caller, t0, startedAt, headers), (err) => refused(call, err, t0, headers))
      return admit(call, reg, known, t0, startedAt, headers)
    }

    /** Scope and rate limit. */
    function admit(call: CallRequest, reg: RegisteredTool, caller: Caller, t0: number, startedAt: number, headers: Record<string, string>): CallOutcome | Promise<CallOutcome> {
      let rule: RateRule
      let counted: ReturnType<typeof rateLimiter.consume>
      try {
        authorize(reg.tool, caller)
        rule = rateLimiter.ruleFor(reg.tool)
        counted = rateLimiter.consume(reg.tool.name, caller.rateKey, rule)
      } catch (err) {
        return refused(call, err, t0, headers)
      }
      if (counted instanceof Promise) return counted.then((rl) => admitted(call, reg, caller, rule, rl, t0, startedAt, headers), (err) => refused(call, err, t0, headers))
      return admitted(call, reg, caller, rule, counted, t0, startedAt, headers)
    }

    function admitted(
      call: CallRequest, reg: RegisteredTool, caller: Caller, rule: RateRule, rl: RateDecision, t0: number, startedAt: number, headers: Record<string, string>,
    ): CallOutcome | Promise<CallOutcome> {
      const { tool } = reg
      let ctx: CallContext
      try {
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
        return refused(call, err, t0, headers)
      }

      const rec: ExecutionRecord = {
        id: uuidv7(), tool: tool.name, toolset: tool.toolset, transport: call.transport, params: undefined as unknown as object,
        callerId: caller.id, callerName: caller.name, sessionId: ctx.sessionId, agentId: ctx.agentId, requestId: ctx.requestId,
        startedAt: new Date(startedAt), dryRun: ctx.dryRun ? 1 : 0, status: 'ok', httpStatus: 200, errorCode: null, error: null, result: null,
        messages: null, usage: null, durationMs: null, completedAt: null,
      }
      let checked = reg.validate(call.args ?? {})
      if (checked.ok && tool.precheck) {
        try {
          tool.precheck(checked.value, settings)
        } catch (err) {
          checked = { ok: false, error: normalize(err, rec.id) }
        }
      }
      if (!checked.ok) {
        if (!tool.escalates) return invalid(call, tool, rec, checked.error, t0, headers)
        return escalation.onError(tool, sessionOf(ctx.sessionId, caller), checked.error).then((e) => invalid(call, tool, rec, e, t0, headers))
      }
      const args = checked.value
      rec.params = args

      // A dry run of a tool that honours it changes nothing, so it needs nobody's approval.
      if (!ctx.dryRun || !tool.supportsDryRun) {
        const decision = approvals.decide(tool, args)
        if (decision.required) return hold(tool, args, ctx, caller, rec, decision.reason, t0, headers)
      }
      return run(tool, args, ctx, caller, rec, t0, headers, 'record')
    }

    /** A call refused before it has an execution (unknown tool, key, scope, rate limit, headers). */
    function refused(call: CallRequest, err: unknown, t0: number, headers: Record<string, string>): CallOutcome {
      const e = normalize(err)
      const duration = round(performance.now() - t0)
      // Unknown names get one fixed label: client-chosen labels would grow the registry without bound.
      metrics.observe(e.code === 'TOOL_NOT_FOUND' ? '_unknown' : call.tool, 'error', e.code, duration)
      log.warn({ tool: call.tool.slice(0, 128), error_code: e.code, duration_ms: duration }, `Tool ${call.tool.slice(0, 128)} refused: ${e.message}`)
      return { statusCode: e.statusCode, body: errorBody(e, { duration_ms: duration }), headers: e.headers ? Object.assign(headers, e.headers) : headers }
    }

    /** A call whose arguments failed validation: recorded, never run. */
    function invalid(call: CallRequest, tool: AnyTool, rec: ExecutionRecord, e: CodedError, t0: number, headers: Record<string, string>): CallOutcome {
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

    async function hold(
      tool: AnyTool, args: Record<string, unknown>, ctx: CallContext, caller: Caller, rec: ExecutionRecord,
      reason: string | undefined, t0: number, headers: Record<string, string>,
    ): Promise<CallOutcome> {
      // The execution row first: an approval must never exist without the row its result goes to.
      const executionId = rec.id
      const approvalId = crypto.randomUUID()
      const duration = round(performance.now() - t0)
      const message = `${tool.name} needs approval${reason ? ` (${reason})` : ''}: POST /v1/approvals/${approvalId}/approve with ${config.approvalSelf === 'allow' ? 'a key' : 'another key than this one'} holding the "approve" scope; the result will be at GET /v1/executions/${executionId}`
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
