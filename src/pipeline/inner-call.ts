/**
 * Inner calls: a call made on behalf of an execution (a tool's `ctx.callTool`, a subagent's tool
 * call, a workflow step) goes through the whole pipeline as that execution's caller, with its
 * context, recorded as its child, one level deeper. Built here once, for tools and for code that
 * runs outside a tool call (a workflow resumed after an approval).
 */
import type { Caller, InnerCallOptions, InnerCallOutcome } from '../tools/define.js'
import type { CallOutcome, CallRequest } from './call.js'
import type { CallContext, HeaderBag } from './context.js'

/** The execution inner calls are made for. */
export interface InnerCallParent {
  caller: Caller
  /** Recorded as each inner call's `parent_execution_id`. */
  executionId: string
  /** How deep the parent itself is: 0 for a client's own call. */
  depth: number
  /** Its context: session, agent, request id, dry run and post/thread go on to the inner calls. */
  context: Pick<CallContext, 'sessionId' | 'agentId' | 'requestId' | 'dryRun' | 'postId' | 'threadId'>
  clientIp: string
  /** Aborting it stops every inner call (the parent timed out, the server is stopping). */
  signal?: AbortSignal
  /** performance.now() by which inner calls must end: what is left of the parent's time. */
  deadline?: number
}

export type InnerCall = (tool: string, args: unknown, options?: InnerCallOptions) => Promise<InnerCallOutcome>

/** `invoke` is the pipeline's (app.pipeline.invoke); the answers are exactly what a client would get. */
export function innerCaller(invoke: (request: CallRequest) => Promise<CallOutcome>, parent: InnerCallParent): InnerCall {
  return (tool, args, options = {}) => invoke(innerRequest(parent, tool, args, options))
}

function innerRequest(parent: InnerCallParent, tool: string, args: unknown, options: InnerCallOptions): CallRequest {
  const { context } = parent
  const headers: HeaderBag = {
    'x-session-id': context.sessionId,
    'x-agent-id': options.agentId ?? context.agentId,
    'x-request-id': context.requestId,
    'x-dry-run': context.dryRun ? 'true' : undefined,
    'x-post-id': (options.postId ?? context.postId)?.toString(),
    'x-thread-id': (options.threadId ?? context.threadId)?.toString(),
    'x-timeout-ms': options.timeoutMs?.toString(),
  }
  const signals = [parent.signal, options.signal].filter((s): s is AbortSignal => s !== undefined)
  return {
    tool,
    args,
    headers,
    caller: parent.caller,
    parentExecutionId: parent.executionId,
    depth: parent.depth + 1,
    transport: 'inner',
    clientIp: parent.clientIp,
    requestId: context.requestId,
    signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    deadline: parent.deadline,
    holdReason: options.holdReason,
  }
}
