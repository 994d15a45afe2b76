/**
 * What tools see of the LLM: one OpenAI-compatible chat completions client, configured by
 * LLM_BASE_URL / LLM_API_KEY / LLM_MODEL. `configured` is false when no endpoint is set; `chat`
 * then fails with 503 LLM_NOT_CONFIGURED, and tools fall back to what they can do without one.
 */
/** Tokens one LLM call used, as OpenAI reports them; tools report them through `ctx.reportUsage`. */
export interface TokenUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  model?: string
}

/** A tool the model may call, in OpenAI's function-calling shape (src/exports/openai.ts makes them). */
export interface LlmToolSpec {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

/** A tool call as the assistant message carries it on the wire (`arguments` is a JSON string). */
export interface WireToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** One tool call the model asked for: its id (to answer it), the tool's name and its raw JSON arguments. */
export interface LlmToolCall {
  id: string
  name: string
  arguments: string
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  /** The answer to one of the assistant's tool calls. */
  | { role: 'tool'; tool_call_id: string; content: string }

export interface ChatOptions {
  maxTokens?: number
  /** Tools the model may call; its calls come back in `ChatResult.toolCalls`. */
  tools?: LlmToolSpec[]
  /** A model other than LLM_MODEL for this request (a subagent definition's `model`). */
  model?: string
  temperature?: number
  /** Aborts the request (the tool's ctx.signal). */
  signal?: AbortSignal
  /** Called with each response's token usage (pass the tool's ctx.reportUsage). */
  onUsage?: (usage: TokenUsage) => void
}

export interface ChatResult {
  content: string
  model: string
  usage: TokenUsage
  finishReason: string | null
  /** The tools the model asked to call (empty when it answered in text). */
  toolCalls: LlmToolCall[]
}

export interface LlmProvider {
  readonly configured: boolean
  readonly model: string | undefined
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>
}
