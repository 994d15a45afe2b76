/**
 * The one object a tool call is, as it goes through the pipeline (run-call.ts), and what the
 * pipeline needs from the rest of the server.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config.js'
import type { ToolSettings } from '../tools/settings.js'
import type { CodedError } from '../errors.js'
import type { Approvals } from '../approvals/queue.js'
import type { KeyService } from '../auth/keys.js'
import type { History } from '../plugins/history.js'
import type { Metrics } from '../plugins/metrics.js'
import type { RateLimiter } from '../plugins/rate-limit.js'
import type { Registry } from '../tools/registry.js'
import type { Validation } from '../tools/validate.js'
import type { AnyTool, Caller, TokenUsage, ToolServices } from '../tools/define.js'
import type { ExecutionRecord } from '../history/row.js'
import type { Redactor } from '../redaction/index.js'
import type { CallContext, HeaderBag } from './context.js'
import type { Escalation } from './escalation.js'
import type { InFlight } from './in-flight.js'

export interface CallRequest {
  tool: string
  args: unknown
  authorization?: string
  clientIp: string
  transport: 'rest' | 'mcp' | 'inner'
  headers: HeaderBag
  /**
   * An inner call (a subagent's or a workflow step's) is made as the caller of the call that made
   * it, with no key of its own: the pipeline checks that caller again (a revoked key stops it).
   */
  caller?: Caller
  /** The execution that made this call, recorded as its parent. */
  parentExecutionId?: string
  /** Calls deep: 0 (or absent) for a client's own call. */
  depth?: number
  /** Aborting it aborts the call (its parent timed out or was cancelled). */
  signal?: AbortSignal
  /** The response a REST or MCP client waits for: the call stops if it closes before it is sent. */
  response?: ClientResponse
  /** performance.now() by which an inner call must end: what is left of its parent's time. */
  deadline?: number
  /** The HTTP request's id: the call's request id when it sends no X-Request-Id of its own. */
  requestId?: string
  /** Hold the call for approval with this reason whatever the tool's policy (inner calls only: InnerCallOptions.holdReason). */
  holdReason?: string
}

/** The part of node's ServerResponse that tells whether the client went away before its answer. */
export interface ClientResponse {
  readonly writableFinished: boolean
  readonly destroyed: boolean
  once(event: 'close', listener: () => void): unknown
  off(event: 'close', listener: () => void): unknown
}

/** What a call answers: Fastify serializes the body (or the XML writer renders it). */
export interface CallOutcome {
  statusCode: number
  body: Record<string, unknown>
  headers: Record<string, string>
}

/** A call on its way in: each step fills in what it found out. */
export interface Call {
  readonly request: CallRequest
  /** performance.now() when it arrived: every duration is measured from here. */
  readonly t0: number
  readonly startedAt: Date
  /** Headers of the answer (X-RateLimit-*, Retry-After, Location). */
  readonly headers: Record<string, string>
}

/** A call past authentication, rate limit and context: it has an execution id and a history record. */
export interface AdmittedCall extends Call {
  tool: AnyTool
  caller: Caller
  context: CallContext
  /** The history row as it will be written; `params` are the validated arguments once they are. */
  record: ExecutionRecord
  /** Per-session bookkeeping key: the X-Session-Id, or the key's own. */
  session: string
  /** The tool's own validator, from the registry. */
  validator(args: unknown): Validation
  /** Its arguments once validated. */
  args: Record<string, unknown>
}

/** A call's run of its tool: its limits, its signal and what it reported. */
export interface Execution {
  timeoutMs: number
  maxOutputSize: number
  /** The answer's `messages`, warnings included. */
  messages: string[]
  controller: AbortController
  usage?: TokenUsage
  timedOut: boolean
}

/** What running the tool came to: an output (capped) or an error. */
export type Settled = { ok: true; output: unknown } | { ok: false; error: CodedError }

export interface PipelineDeps {
  config: AppConfig
  /** The secret-free part of the config that tools see (src/tools/settings.ts). */
  settings: ToolSettings
  registry: Registry
  keys: KeyService
  rateLimiter: RateLimiter
  /** Calls each caller has running (steps/rate-limit.ts enterInFlight). */
  inFlight: InFlight
  history: History
  approvals: Approvals
  metrics: Metrics
  escalation: Escalation
  services: ToolServices
  log: FastifyBaseLogger
  /** Cleans what the DEBUG Parameters line shows (the logger cleans fields, not JSON inside a message). */
  redactor: Redactor
  /** Executions still running, so that shutdown can abort them all. */
  running: Set<Execution>
  /** Runs a call through the whole pipeline: how tools call other tools (`ctx.callTool`). */
  invoke(request: CallRequest): Promise<CallOutcome>
  /** A coded error for a failure that is not the server's fault (the database unreachable), else undefined. */
  classify(err: unknown): CodedError | undefined
}
