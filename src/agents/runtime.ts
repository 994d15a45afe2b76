/**
 * The agent loop: the model gets the definition's system prompt, the task and the tools it is
 * offered; each turn it either calls tools (each made through the pipeline as the caller, its
 * answer sent back as a `tool` message) or answers in text, which ends the run. Three budgets
 * bound a run: model turns (steps), tokens (summed over turns, checked before each turn) and the
 * deadline. Hitting one ends the run with what it has and says which. A turn's tool calls past
 * MAX_TOOL_CALLS_PER_TURN are answered without being made.
 */
import { isCodedError } from '../errors.js'
import type { ChatMessage, ChatOptions, ChatResult, LlmProvider, LlmToolCall, LlmToolSpec } from '../llm/types.js'
import { fromProviderName } from '../tools/provider-names.js'
import { DEADLINE, startClock, type RunClock } from './clock.js'
import type { AgentDefinition } from './definitions.js'
import { overTurnLimit, runToolCall, type ToolCallEnv } from './tool-call.js'
import type { AgentHost, AgentRunResult, AgentToolCall, AgentUsage, BudgetName } from './types.js'

/**
 * Tool calls made for one model turn; the rest are answered, not made. Each call made is a row in
 * history, refused ones included: with the steps budget, this bounds what one run writes.
 */
export const MAX_TOOL_CALLS_PER_TURN = 32

export interface RunSetup {
  definition: AgentDefinition
  prompt: string
  /** What the model is offered: the definition's tools that the caller's scopes allow. */
  offered: LlmToolSpec[]
  /** What it may call: the definition's tools (the pipeline refuses those the scopes do not allow). */
  allowed: ReadonlySet<string>
  host: AgentHost
  llm: LlmProvider
  redact<T>(value: T): T
  maxSteps: number
  maxTokens: number
}

interface RunState {
  messages: ChatMessage[]
  steps: number
  usage: AgentUsage
  toolCalls: AgentToolCall[]
  /** The last non-empty text the model wrote: the answer if a budget stops the run. */
  lastText: string
  answer?: string
  notes: string[]
}

export async function runAgentLoop(setup: RunSetup): Promise<AgentRunResult> {
  const clock = startClock(setup.host.timeoutMs, setup.host.signal)
  const state: RunState = {
    messages: [
      { role: 'system', content: setup.definition.prompt },
      { role: 'user', content: setup.prompt },
    ],
    steps: 0,
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    toolCalls: [],
    lastText: '',
    notes: [],
  }
  try {
    const stoppedBy = await loop(setup, state, clock)
    return resultOf(setup, state, stoppedBy)
  } catch (err) {
    throw withProgress(err, setup, state)
  } finally {
    clock.stop()
  }
}

async function loop(setup: RunSetup, state: RunState, clock: RunClock): Promise<BudgetName | null> {
  const env: ToolCallEnv = {
    definition: setup.definition,
    allowed: setup.allowed,
    callTool: setup.host.callTool,
    redact: setup.redact,
    signal: clock.signal,
    post: {},
  }
  for (;;) {
    const spent = spentBudget(setup, state)
    if (spent) return spent
    const turn = await clock.race(setup.llm.chat(state.messages, chatOptions(setup, clock)))
    if (turn === DEADLINE) return 'deadline'
    takeTurn(setup, state, turn)
    if (turn.toolCalls.length === 0) return null
    for (const [i, call] of turn.toolCalls.entries()) {
      const done = i < MAX_TOOL_CALLS_PER_TURN ? await clock.race(runToolCall(env, call)) : overTurnLimit(call, MAX_TOOL_CALLS_PER_TURN)
      if (done === DEADLINE) {
        state.toolCalls.push(cutOff(call))
        return 'deadline'
      }
      state.toolCalls.push(done.record)
      state.messages.push({ role: 'tool', tool_call_id: call.id, content: done.content })
    }
  }
}

/** Checked before each turn: a turn is never started once its budget is gone. */
function spentBudget(setup: RunSetup, state: RunState): BudgetName | undefined {
  if (state.steps >= setup.maxSteps) return 'steps'
  if (state.usage.total_tokens >= setup.maxTokens) return 'tokens'
  return undefined
}

function chatOptions(setup: RunSetup, clock: RunClock): ChatOptions {
  return { ...(setup.offered.length > 0 && { tools: setup.offered }), model: setup.definition.model, signal: clock.signal }
}

function takeTurn(setup: RunSetup, state: RunState, turn: ChatResult): void {
  state.steps++
  state.usage.prompt_tokens += turn.usage.prompt_tokens
  state.usage.completion_tokens += turn.usage.completion_tokens
  state.usage.total_tokens += turn.usage.total_tokens
  if (turn.usage.total_tokens > 0) setup.host.onUsage?.(turn.usage)
  if (turn.content.trim() !== '') state.lastText = turn.content
  if (turn.toolCalls.length === 0) {
    state.answer = turn.content
    if (turn.finishReason === 'length') state.notes.push("The final answer reached the model's length limit and may be cut off")
    return
  }
  state.messages.push({
    role: 'assistant',
    content: turn.content === '' ? null : turn.content,
    tool_calls: turn.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
  })
}

/** A call still running at the deadline: asked to stop, its result unknown to the run. */
function cutOff(call: LlmToolCall): AgentToolCall {
  return { tool: fromProviderName(call.name), execution_id: null, status: 'error', http_status: 504, error_code: 'TIMEOUT' }
}

function stopNote(setup: RunSetup, state: RunState, budget: BudgetName): string {
  if (budget === 'steps') return `Stopped by the steps budget: ${setup.maxSteps} model turns without a final answer`
  if (budget === 'tokens') return `Stopped by the token budget: ${state.usage.total_tokens} of ${setup.maxTokens} tokens used without a final answer`
  return `Stopped by the deadline: the ${setup.host.timeoutMs} ms the run had ran out before a final answer`
}

function resultOf(setup: RunSetup, state: RunState, stoppedBy: BudgetName | null): AgentRunResult {
  const notes = stoppedBy ? [stopNote(setup, state, stoppedBy), ...state.notes] : state.notes
  return {
    answer: state.answer ?? state.lastText,
    subagent_type: setup.definition.name,
    steps: state.steps,
    tool_calls: state.toolCalls,
    usage: state.usage,
    stopped_by: stoppedBy,
    notes,
  }
}

/** A run that fails (the LLM endpoint down) still says what it did: its calls are in the error's details. */
function withProgress(err: unknown, setup: RunSetup, state: RunState): unknown {
  if (!isCodedError(err)) return err
  err.details = { ...err.details, subagent_type: setup.definition.name, steps: state.steps, tool_calls: state.toolCalls, usage: state.usage }
  return err
}
