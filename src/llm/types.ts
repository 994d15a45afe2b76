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

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatOptions {
  maxTokens?: number
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
}

export interface LlmProvider {
  readonly configured: boolean
  readonly model: string | undefined
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>
}
