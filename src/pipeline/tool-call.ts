/**
 * The context a tool runs with (`ctx`), one per call. A class rather than an object literal:
 * every call builds one, and a literal with a getter and closures costs a slow path and three
 * allocations each time. Its AbortController is made only when a tool asks for `signal`: most
 * calls never look at it. Methods are called on ctx (`ctx.warn(…)`), never detached.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Caller, TokenUsage, ToolContext, ToolServices, ToolSettings } from '../tools/define.js'
import type { CallContext } from './context.js'

/** What every call of this server shares. */
export interface ToolCallShared {
  settings: ToolSettings
  services: ToolServices
  log: FastifyBaseLogger
}

export class ToolCall implements ToolContext {
  readonly executionId: string
  readonly caller: Caller
  readonly workspace: string
  readonly sessionId?: string
  readonly session: string
  readonly agentId?: string
  readonly requestId: string
  readonly postId?: number
  readonly threadId?: number
  readonly dryRun: boolean
  readonly timeoutMs: number
  readonly maxOutputSize: number
  readonly settings: ToolSettings
  readonly services: ToolServices
  readonly log: FastifyBaseLogger
  /** The response's `messages`, warnings included. */
  readonly messages: string[]
  usage: TokenUsage | undefined = undefined
  aborted = false
  private controller: AbortController | undefined = undefined
  private reason: unknown = undefined

  constructor(
    executionId: string, caller: Caller, ctx: CallContext, session: string, timeoutMs: number, maxOutputSize: number,
    messages: string[], shared: ToolCallShared,
  ) {
    this.executionId = executionId
    this.caller = caller
    this.workspace = caller.workspace
    this.sessionId = ctx.sessionId
    this.session = session
    this.agentId = ctx.agentId
    this.requestId = ctx.requestId
    this.postId = ctx.postId
    this.threadId = ctx.threadId
    this.dryRun = ctx.dryRun
    this.timeoutMs = timeoutMs
    this.maxOutputSize = maxOutputSize
    this.settings = shared.settings
    this.services = shared.services
    this.log = shared.log
    this.messages = messages
  }

  /** Aborted when the call times out or the server shuts down. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController()
      if (this.aborted) this.controller.abort(this.reason)
    }
    return this.controller.signal
  }

  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.controller?.abort(reason)
  }

  warn(message: string): void {
    this.messages.push(message)
  }

  reportUsage(u: TokenUsage): void {
    const had = this.usage
    this.usage = had
      ? { prompt_tokens: had.prompt_tokens + u.prompt_tokens, completion_tokens: had.completion_tokens + u.completion_tokens, total_tokens: had.total_tokens + u.total_tokens, model: u.model ?? had.model }
      : { ...u }
  }
}
