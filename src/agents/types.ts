/** What a subagent run takes and gives back; shared by the runtime, the Task tool and workflows. */
import type { FastifyBaseLogger } from 'fastify'
import type { Caller, InnerCallOptions, InnerCallOutcome, TokenUsage, ToolContext } from '../tools/define.js'

/** The budgets a run can hit; hitting one ends the run with what it has. */
export type BudgetName = 'steps' | 'tokens' | 'deadline'

/** How a subagent's tool call is made: through the whole pipeline, as the caller (ctx.callTool). */
export type CallTool = (tool: string, args: unknown, options?: InnerCallOptions) => Promise<InnerCallOutcome>

/**
 * Who a run works for, when it is not started from inside a tool call (a workflow step resumed
 * after an approval): the caller whose scopes decide which tools are offered, and the function
 * that makes each call through the pipeline as that caller (src/agents/pipeline-call-tool.ts).
 */
export interface AgentHost {
  caller: Caller
  callTool: CallTool
  /** Time the run may take from now (its deadline budget). */
  timeoutMs: number
  /** Aborts the run (its outer call was cancelled or the server is stopping): an error, not a budget stop. */
  signal?: AbortSignal
  /** Each model turn's token usage (a tool passes ctx.reportUsage, so history keeps it). */
  onUsage?: (usage: TokenUsage) => void
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>
}

export interface AgentRunRequest {
  /** The definition's name (Task's `subagent_type`). */
  type: string
  /** The task, as the user message. */
  prompt: string
  /** From inside a tool (Task): the run works for the tool's caller, within the tool's time. */
  ctx?: ToolContext
  /** From elsewhere: who it works for and how its calls are made. One of ctx and host is needed. */
  host?: AgentHost
  /** Overrides the configured budgets for this run (never the deadline: that is the host's). */
  budgets?: { maxSteps?: number; maxTokens?: number }
}

/** One tool call the subagent made, as the pipeline answered it. */
export interface AgentToolCall {
  tool: string
  /** The inner execution (GET /v1/executions/{id}); null when it was refused before it had one. */
  execution_id: string | null
  /** `ok`, `error` or `pending` (held for approval, not run), as the call's answer says. */
  status: 'ok' | 'error' | 'pending'
  http_status: number
  error_code?: string
  approval_id?: string
}

export interface AgentUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

export interface AgentRunResult {
  /** The subagent's final answer; with a budget stop, the last thing it said (possibly empty). */
  answer: string
  subagent_type: string
  /** Model turns taken. */
  steps: number
  tool_calls: AgentToolCall[]
  usage: AgentUsage
  /** The budget that ended the run, or null when the model gave its final answer. */
  stopped_by: BudgetName | null
  /** Warnings for the caller: a budget stop said in words, an answer cut off by the model's length. */
  notes: string[]
}
