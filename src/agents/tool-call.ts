/**
 * One tool call the model asked for: checked against the agent's definition, made through the
 * pipeline as the caller, and turned into the `tool` message the model reads next. A refused,
 * held or failed call is an answer like any other: the model is told what happened so that it
 * can adapt, and the call is listed in the run's `tool_calls`.
 */
import type { InnerCallOutcome } from '../tools/define.js'
import type { LlmToolCall } from '../llm/types.js'
import { fromProviderName } from '../tools/provider-names.js'
import type { AgentDefinition } from './definitions.js'
import type { AgentToolCall, CallTool } from './types.js'

/** Longest tool message the model is sent; the pipeline's output cap usually keeps results far below it. */
export const TOOL_MESSAGE_MAX_CHARS = 100_000

const HELD_NOTE =
  'Held for approval: this call has NOT run, and runs only if a person approves it. Do not assume its effect; carry on without it, and say in your answer that it awaits approval (approval_id).'

/** The post the agent is reading: its later calls carry it as X-Post-Id / X-Thread-Id. */
export interface PostContext {
  postId?: number
  threadId?: number
}

export interface ToolCallEnv {
  definition: AgentDefinition
  /** The tools the definition lets it call (registered names). */
  allowed: ReadonlySet<string>
  callTool: CallTool
  /** The redactor's: results are cleaned before they are sent to the LLM. */
  redact<T>(value: T): T
  signal: AbortSignal
  post: PostContext
}

export interface ToolCallDone {
  record: AgentToolCall
  /** The `tool` message for the model. */
  content: string
}

export async function runToolCall(env: ToolCallEnv, call: LlmToolCall): Promise<ToolCallDone> {
  const tool = fromProviderName(call.name)
  if (!env.allowed.has(tool)) {
    const offered = [...env.allowed].join(', ') || 'none'
    return refusal(tool, 403, 'FORBIDDEN', `The ${env.definition.name} subagent may not call ${tool}; the tools it may use are: ${offered}`)
  }
  const args = parseArguments(call.arguments)
  if (!args.ok) return refusal(tool, 400, 'VALIDATION_ERROR', `The arguments for ${tool} are not valid JSON (${args.reason}); send a JSON object of parameters`)
  const { postId, threadId } = env.post
  const outcome = await env.callTool(tool, args.value, { agentId: env.definition.name, signal: env.signal, postId, threadId })
  followPost(env.post, tool, args.value, outcome)
  return { record: recordOf(tool, outcome), content: toolMessage(env, outcome) }
}

/** A call past its turn's limit: answered without being made. */
export function overTurnLimit(call: LlmToolCall, limit: number): ToolCallDone {
  const message = `At most ${limit} tool calls are made per turn; this one was not. Ask for it again in your next turn if you still need it`
  return refusal(fromProviderName(call.name), 429, 'LIMIT_EXCEEDED', message)
}

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    return { ok: false, reason: (e as Error).message }
  }
}

function refusal(tool: string, httpStatus: number, code: string, message: string): ToolCallDone {
  return {
    record: { tool, execution_id: null, status: 'error', http_status: httpStatus, error_code: code },
    content: JSON.stringify({ status: 'error', error_code: code, error_message: message }),
  }
}

function recordOf(tool: string, outcome: InnerCallOutcome): AgentToolCall {
  const { body, statusCode } = outcome
  const status = body.status === 'ok' || body.status === 'pending' ? body.status : 'error'
  return {
    tool,
    execution_id: typeof body.execution_id === 'string' ? body.execution_id : null,
    status,
    http_status: statusCode,
    ...(typeof body.error_code === 'string' && { error_code: body.error_code }),
    ...(typeof body.approval_id === 'string' && { approval_id: body.approval_id }),
  }
}

/** The answer as the model reads it: the body without timing, redacted, within a size. */
function toolMessage(env: ToolCallEnv, outcome: InnerCallOutcome): string {
  const { execution_id: _id, duration_ms: _ms, ...body } = env.redact(outcome.body)
  const shown = outcome.statusCode === 202 ? { ...body, note: HELD_NOTE } : body
  const text = JSON.stringify(shown)
  if (text.length <= TOOL_MESSAGE_MAX_CHARS) return text
  return `${text.slice(0, TOOL_MESSAGE_MAX_CHARS)}… [cut: the result is ${text.length} characters; ask for less, e.g. a smaller range]`
}

/** After a successful read_post, the post read is the context of the glossary writes that follow. */
function followPost(post: PostContext, tool: string, args: unknown, outcome: InnerCallOutcome): void {
  if (tool !== 'read_post' || outcome.statusCode !== 200) return
  const postId = (args as { post_id?: unknown }).post_id
  if (typeof postId !== 'number') return
  const { body } = outcome
  const center = Array.isArray(body.posts) ? (body.posts as { id?: number; thread_id?: number }[]).find((p) => p.id === postId) : undefined
  const threadId = typeof body.thread_id === 'number' ? body.thread_id : center?.thread_id
  post.postId = postId
  post.threadId = threadId
}
