/** The context a tool runs with (`ctx`): built in this one place, one per call. */
import { performance } from 'node:perf_hooks'
import type { TokenUsage, ToolContext } from '../tools/define.js'
import type { AdmittedCall, Execution, PipelineDeps } from './call.js'
import { innerCaller } from './inner-call.js'

const addUsage = (had: TokenUsage | undefined, u: TokenUsage): TokenUsage =>
  had
    ? {
        prompt_tokens: had.prompt_tokens + u.prompt_tokens,
        completion_tokens: had.completion_tokens + u.completion_tokens,
        total_tokens: had.total_tokens + u.total_tokens,
        model: u.model ?? had.model,
      }
    : { ...u }

export function buildToolContext(deps: PipelineDeps, call: AdmittedCall, execution: Execution): ToolContext {
  const { context } = call
  const startedAt = performance.now()
  return {
    executionId: call.record.id,
    caller: call.caller,
    workspace: call.caller.workspace,
    sessionId: context.sessionId,
    session: call.session,
    agentId: context.agentId,
    requestId: context.requestId,
    // A tool sees the reading position only when it declares it reads it (its OpenAPI operation says so).
    postId: call.tool.contextHeaders?.includes('x-post-id') ? context.postId : undefined,
    threadId: call.tool.contextHeaders?.includes('x-thread-id') ? context.threadId : undefined,
    dryRun: context.dryRun,
    timeoutMs: execution.timeoutMs,
    maxOutputSize: execution.maxOutputSize,
    // A getter: making an AbortSignal costs 3–5 µs, and most calls never look at it.
    get signal() {
      return execution.controller.signal
    },
    settings: deps.settings,
    services: deps.services,
    log: deps.log,
    warn: (message) => void execution.messages.push(message),
    reportUsage: (usage) => void (execution.usage = addUsage(execution.usage, usage)),
    depth: call.request.depth ?? 0,
    callTool: innerCaller(deps.invoke, {
      caller: call.caller,
      executionId: call.record.id,
      depth: call.request.depth ?? 0,
      context,
      clientIp: call.request.clientIp,
      get signal() {
        return execution.controller.signal
      },
      deadline: startedAt + execution.timeoutMs,
    }),
  }
}
