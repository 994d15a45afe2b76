/**
 * The one LLM client: OpenAI-compatible `POST {LLM_BASE_URL}/chat/completions` over undici, so it
 * works with OpenAI, vLLM, Ollama, LiteLLM and the like. Each attempt has its own timeout joined to
 * the caller's signal. With `tools` it offers OpenAI function-calling tools and reads the answer's
 * `tool_calls`; messages may carry assistant tool calls and `tool` answers. 429, 5xx and network failures are retried with exponential backoff and
 * jitter (a 429's Retry-After wins). Failures are coded: LLM_NOT_CONFIGURED 503, UPSTREAM_ERROR
 * 502 (status and a short body excerpt), TIMEOUT 504. The endpoint is chosen by the operator, so
 * the SSRF guard does not apply; the API key goes in the Authorization header and nowhere else.
 */
import { request, type Dispatcher } from 'undici'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config.js'
import { codedError, isCodedError } from '../errors.js'
import type { ChatMessage, ChatOptions, ChatResult, LlmProvider, LlmToolCall, TokenUsage } from './types.js'

export interface LlmProviderOptions {
  /** Where requests go (an undici Agent, or a MockAgent in tests); undici's global one by default. */
  dispatcher?: Dispatcher
  log?: Pick<FastifyBaseLogger, 'debug' | 'warn'>
  /** First backoff delay; doubled per retry, capped by retryMaxMs, with jitter. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** A Retry-After longer than this is not waited for: the call fails at once. */
  maxRetryAfterMs?: number
  /** For tests: the source of jitter. */
  random?: () => number
}

const EXCERPT_CHARS = 300
/** Largest response body read; a chat completion is far below this. */
const MAX_BODY_BYTES = 8 * 1024 * 1024

/** `{base}/chat/completions`, with or without a trailing slash on the base, query kept. */
export function completionsUrl(baseUrl: string): URL {
  const u = new URL(baseUrl)
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/chat/completions`
  return u
}

/** The endpoint as it may appear in messages: no credentials, no query. */
function shown(u: URL): string {
  return `${u.protocol}//${u.host}${u.pathname}`
}

/** Seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value
  if (v === undefined || v.trim() === '') return undefined
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000)
  const at = Date.parse(v)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const done = () => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }
    const timer = setTimeout(done, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

async function readBody(body: Dispatcher.ResponseData['body']): Promise<string> {
  const parts: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      body.destroy()
      throw codedError('UPSTREAM_ERROR', `The LLM endpoint's answer is larger than ${MAX_BODY_BYTES} bytes`)
    }
    parts.push(chunk as Buffer)
  }
  return Buffer.concat(parts).toString('utf8')
}

interface WireCall {
  id?: unknown
  function?: { name?: unknown; arguments?: unknown }
}

interface Completion {
  model?: string
  choices?: { message?: { content?: string | null; tool_calls?: WireCall[] }; finish_reason?: string | null }[]
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number }
}

/**
 * The tool calls of an assistant message. Arguments stay the JSON string the model wrote (the
 * caller reports bad JSON back to the model); some servers send an object, which is written back
 * as JSON, and a missing id is made up so that the answer can still refer to its call.
 */
export function parseToolCalls(calls: unknown): LlmToolCall[] {
  if (!Array.isArray(calls)) return []
  return (calls as WireCall[])
    .filter((c) => typeof c?.function?.name === 'string')
    .map((c, n) => {
      const args = c.function!.arguments
      return {
        id: typeof c.id === 'string' && c.id !== '' ? c.id : `call_${n}`,
        name: c.function!.name as string,
        arguments: typeof args === 'string' ? args : args === undefined || args === null ? '' : JSON.stringify(args),
      }
    })
}

/** What went wrong in one attempt, and whether another attempt may help. */
interface Failure {
  error: Error
  retry: boolean
  retryAfterMs?: number
}

/** What every attempt of one provider shares. */
interface Endpoint {
  url: URL
  llm: AppConfig['llm']
  dispatcher?: Dispatcher
}

/** Upstream text shown to callers, with the key taken out should the upstream echo it. */
function excerpt(text: string, apiKey: string | undefined): string {
  let t = text.replace(/\s+/g, ' ').trim()
  if (apiKey) t = t.split(apiKey).join('[REDACTED]')
  return t.length > EXCERPT_CHARS ? `${t.slice(0, EXCERPT_CHARS)}…` : t
}

function hint(status: number): string {
  if (status === 401 || status === 403) return ' Check LLM_API_KEY.'
  if (status === 404) return ' Check LLM_BASE_URL (it should end with the API prefix, such as /v1) and LLM_MODEL.'
  if (status === 429) return ' The endpoint is rate limiting; try again later.'
  return ''
}

/** A request that got no answer: the caller's abort rethrown, our timeout final, a network error retried. */
function unanswered(err: unknown, { url, llm }: Endpoint, options: ChatOptions, timeout: AbortSignal, n: number): Failure {
  if (options.signal?.aborted) throw options.signal.reason ?? err
  if (timeout.aborted) {
    const message = `The LLM endpoint ${shown(url)} did not answer within ${llm.timeoutMs} ms (LLM_TIMEOUT_MS)`
    return { error: codedError('TIMEOUT', message, { details: { timeout_ms: llm.timeoutMs } }), retry: false }
  }
  if (isCodedError(err)) return { error: err, retry: false }
  const e = err as { code?: string; message?: string; cause?: { code?: string } }
  const why = e.cause?.code ?? e.code ?? e.message ?? 'network error'
  return {
    error: codedError('UPSTREAM_ERROR', `Could not reach the LLM endpoint ${shown(url)}: ${why}`, { details: { reason: why, attempts: n } }),
    retry: true,
  }
}

/** A 2xx answer read as a chat completion, or why it is not one (never worth retrying). */
function completionOf(text: string, status: number, { url, llm }: Endpoint, options: ChatOptions): ChatResult | Failure {
  const refused = (what: string): Failure => ({
    error: codedError('UPSTREAM_ERROR', `The LLM endpoint ${shown(url)} answered ${what}: ${excerpt(text, llm.apiKey)}`, {
      details: { upstream_status: status, body_excerpt: excerpt(text, llm.apiKey) },
    }),
    retry: false,
  })
  let data: Completion
  try {
    data = JSON.parse(text) as Completion
  } catch {
    return refused('with something that is not JSON')
  }
  const choice = data.choices?.[0]
  if (!choice || typeof choice.message !== 'object') return refused('without choices[0].message')
  const model = data.model || options.model || (llm.model as string)
  const u = data.usage
  const prompt = Number(u?.prompt_tokens) || 0
  const completion = Number(u?.completion_tokens) || 0
  const usage: TokenUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: Number(u?.total_tokens) || prompt + completion, model }
  if (u) options.onUsage?.(usage)
  const toolCalls = parseToolCalls(choice.message?.tool_calls)
  return { content: choice.message?.content ?? '', model, usage, finishReason: choice.finish_reason ?? null, toolCalls }
}

/** One request, with its own timeout joined to the caller's signal. */
async function attempt(endpoint: Endpoint, body: string, options: ChatOptions, n: number): Promise<ChatResult | Failure> {
  const { url, llm } = endpoint
  const timeout = AbortSignal.timeout(llm.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (llm.apiKey) headers.authorization = `Bearer ${llm.apiKey}`
  let res: Dispatcher.ResponseData
  let text: string
  try {
    res = await request(url, { method: 'POST', headers, body, signal, dispatcher: endpoint.dispatcher })
    text = await readBody(res.body)
  } catch (err) {
    return unanswered(err, endpoint, options, timeout, n)
  }
  const status = res.statusCode
  if (status >= 200 && status < 300) return completionOf(text, status, endpoint, options)
  const shownText = excerpt(text, llm.apiKey)
  return {
    error: codedError('UPSTREAM_ERROR', `The LLM endpoint ${shown(url)} answered HTTP ${status}: ${shownText || '(empty body)'}.${hint(status)}`, {
      details: { upstream_status: status, body_excerpt: shownText, attempts: n },
    }),
    retry: status === 429 || status >= 500,
    retryAfterMs: status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after']) : undefined,
  }
}

export function createLlmProvider(llm: AppConfig['llm'], opts: LlmProviderOptions = {}): LlmProvider {
  const configured = Boolean(llm.baseUrl && llm.model)
  const endpoint = configured ? { url: completionsUrl(llm.baseUrl as string), llm, dispatcher: opts.dispatcher } : undefined
  const baseMs = opts.retryBaseMs ?? 500
  const capMs = opts.retryMaxMs ?? 8_000
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 60_000
  const random = opts.random ?? Math.random

  async function chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    if (!endpoint) {
      throw codedError(
        'LLM_NOT_CONFIGURED',
        'No LLM is configured: set LLM_BASE_URL (an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1) and LLM_MODEL, and LLM_API_KEY if the endpoint needs one',
      )
    }
    const body = JSON.stringify({
      model: options.model ?? llm.model,
      messages,
      ...(options.tools?.length && { tools: options.tools }),
      ...(options.maxTokens !== undefined && { max_tokens: options.maxTokens }),
      ...(options.temperature !== undefined && { temperature: options.temperature }),
    })
    for (let n = 1; ; n++) {
      const out = await attempt(endpoint, body, options, n)
      if (!('error' in out)) return out
      const { error, retry, retryAfterMs } = out
      if (!retry || n > llm.maxRetries || (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs)) {
        if (n > 1) error.message = `${error.message} (gave up after ${n} attempts)`
        throw error
      }
      const backoff = Math.min(capMs, baseMs * 2 ** (n - 1))
      const delay = retryAfterMs ?? Math.round(backoff / 2 + (random() * backoff) / 2)
      opts.log?.warn({ attempt: n, delay_ms: delay, error: error.message }, `LLM call failed; retrying in ${delay} ms`)
      await sleep(delay, options.signal)
    }
  }

  return { configured, model: configured ? llm.model : undefined, chat }
}
