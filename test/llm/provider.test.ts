/**
 * The LLM provider against the OpenAI-compatible stand-in on loopback: what it sends, what it
 * parses, retries (429 with Retry-After, 5xx, network errors) and giving up, timeouts, the caller's
 * abort, and the coded errors, none of which may carry the API key.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { completionsUrl, createLlmProvider, parseRetryAfter, parseToolCalls } from '../../src/llm/provider.js'
import type { ChatMessage } from '../../src/llm/types.js'
import type { AppConfig } from '../../src/config.js'
import type { TokenUsage } from '../../src/tools/define.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../support/llm-stand-in.js'
import { toolCallsCompletion } from '../support/scripted-llm.js'

const KEY = 'sk-test-provider-0123456789abcdef'
let standIn: LlmStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

const config = (over: Partial<AppConfig['llm']> = {}): AppConfig['llm'] => ({
  baseUrl: standIn?.url,
  apiKey: KEY,
  model: 'stand-in',
  timeoutMs: 5_000,
  maxRetries: 2,
  ...over,
})
const fast = { retryBaseMs: 5, retryMaxMs: 20 }

async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p
  } catch (e) {
    return e
  }
  throw new Error('expected a rejection')
}

describe('LLM provider', () => {
  it('posts an OpenAI chat completion and parses content and usage', async () => {
    standIn = await startLlmStandIn(() => ({
      body: completion('Hello there.', { usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 }, model: 'stand-in-2024' }),
    }))
    const llm = createLlmProvider(config(), fast)
    expect(llm.configured).toBe(true)
    expect(llm.model).toBe('stand-in')
    const usages: TokenUsage[] = []
    const r = await llm.chat(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
      { maxTokens: 33, temperature: 0.2, onUsage: (u) => usages.push(u) },
    )
    expect(r).toEqual({
      content: 'Hello there.',
      model: 'stand-in-2024',
      finishReason: 'stop',
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15, model: 'stand-in-2024' },
      toolCalls: [],
    })
    expect(usages).toEqual([r.usage])
    expect(standIn.requests).toHaveLength(1)
    const req = standIn.requests[0]
    expect(req.method).toBe('POST')
    expect(req.path).toBe('/v1/chat/completions')
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.body).toEqual({
      model: 'stand-in',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
      max_tokens: 33,
      temperature: 0.2,
    })
  })

  it('offers tools, reads tool_calls, and sends assistant tool calls and tool answers back', async () => {
    standIn = await startLlmStandIn(() => ({ body: toolCallsCompletion([{ name: 'Read', arguments: { file_path: 'a.txt' }, id: 'call_a' }], 0) }))
    const llm = createLlmProvider(config(), fast)
    const tools = [{ type: 'function' as const, function: { name: 'Read', description: 'Read a file', parameters: { type: 'object' } } }]
    const messages: ChatMessage[] = [
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'Glob', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_0', content: '{"output":"a.txt"}' },
    ]
    const r = await llm.chat(messages, { tools, model: 'other-model' })
    expect(r.content).toBe('')
    expect(r.finishReason).toBe('tool_calls')
    expect(r.toolCalls).toEqual([{ id: 'call_a', name: 'Read', arguments: '{"file_path":"a.txt"}' }])
    expect(standIn.requests[0].body).toEqual({ model: 'other-model', messages, tools })
  })

  it('reads tool calls whose arguments are an object or missing, and makes up missing ids', () => {
    expect(parseToolCalls([{ function: { name: 'A', arguments: { x: 1 } } }, { id: 'k', function: { name: 'B' } }, { id: 'z', function: {} }])).toEqual([
      { id: 'call_0', name: 'A', arguments: '{"x":1}' },
      { id: 'k', name: 'B', arguments: '' },
    ])
    expect(parseToolCalls(undefined)).toEqual([])
  })

  it('joins the path with or without a trailing slash, and sends no Authorization without a key', async () => {
    standIn = await startLlmStandIn()
    const llm = createLlmProvider(config({ baseUrl: `${standIn.url}/`, apiKey: undefined }), fast)
    await llm.chat([{ role: 'user', content: 'x' }])
    expect(standIn.requests[0].path).toBe('/v1/chat/completions')
    expect(standIn.requests[0].headers.authorization).toBeUndefined()
    expect(standIn.requests[0].body).not.toHaveProperty('max_tokens')
    expect(standIn.requests[0].body).not.toHaveProperty('temperature')
    expect(completionsUrl('http://h:1/v1').href).toBe('http://h:1/v1/chat/completions')
    expect(completionsUrl('http://h:1/v1/').href).toBe('http://h:1/v1/chat/completions')
    expect(completionsUrl('http://h:1').href).toBe('http://h:1/chat/completions')
    expect(completionsUrl('https://h/openai/v1?api-version=1').href).toBe('https://h/openai/v1/chat/completions?api-version=1')
  })

  it('an answer without usage: zeros in the result, onUsage not called', async () => {
    standIn = await startLlmStandIn(() => ({ body: completion('ok', { usage: null }) }))
    const onUsage = vi.fn()
    const r = await createLlmProvider(config(), fast).chat([{ role: 'user', content: 'x' }], { onUsage })
    expect(r.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, model: 'stand-in' })
    expect(onUsage).not.toHaveBeenCalled()
  })

  it('retries a 429 (Retry-After: 0) and a 500, then succeeds', async () => {
    standIn = await startLlmStandIn((_req, i) =>
      i === 0
        ? { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'slow down' } } }
        : i === 1
          ? { status: 500, body: { error: { message: 'boom' } } }
          : { body: completion('third time lucky') },
    )
    const warn = vi.fn()
    const llm = createLlmProvider(config({ maxRetries: 2 }), { ...fast, log: { warn, debug: vi.fn() } })
    const r = await llm.chat([{ role: 'user', content: 'x' }])
    expect(r.content).toBe('third time lucky')
    expect(standIn.requests).toHaveLength(3)
    expect(warn).toHaveBeenCalledTimes(2)
    expect(JSON.stringify(warn.mock.calls)).not.toContain(KEY)
  })

  it('honours Retry-After in seconds', async () => {
    standIn = await startLlmStandIn((_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { body: completion('ok') }))
    const t0 = Date.now()
    await createLlmProvider(config(), fast).chat([{ role: 'user', content: 'x' }])
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950)
    expect(standIn.requests).toHaveLength(2)
  })

  it('gives up after maxRetries with UPSTREAM_ERROR: status and excerpt, never the key', async () => {
    standIn = await startLlmStandIn(() => ({ status: 503, body: { error: { message: `overloaded; your key ${KEY} is fine` } } }))
    const err = await rejection(createLlmProvider(config({ maxRetries: 2 }), fast).chat([{ role: 'user', content: 'x' }]))
    expect(standIn.requests).toHaveLength(3)
    expect(err.code).toBe('UPSTREAM_ERROR')
    expect(err.statusCode).toBe(502)
    expect(err.message).toContain('HTTP 503')
    expect(err.message).toContain('overloaded')
    expect(err.message).toContain('gave up after 3 attempts')
    expect(err.details).toMatchObject({ upstream_status: 503, attempts: 3 })
    expect(JSON.stringify({ m: err.message, d: err.details })).not.toContain(KEY)
    expect(err.message).toContain('[REDACTED]')
  })

  it('does not retry other 4xx, and says what to check', async () => {
    standIn = await startLlmStandIn(() => ({ status: 401, body: { error: { message: 'Incorrect API key provided' } } }))
    const err = await rejection(createLlmProvider(config(), fast).chat([{ role: 'user', content: 'x' }]))
    expect(standIn.requests).toHaveLength(1)
    expect(err.code).toBe('UPSTREAM_ERROR')
    expect(err.details.upstream_status).toBe(401)
    expect(err.message).toContain('LLM_API_KEY')
  })

  it('fails at once when Retry-After is longer than it will wait', async () => {
    standIn = await startLlmStandIn(() => ({ status: 429, headers: { 'retry-after': '3600' } }))
    const err = await rejection(createLlmProvider(config(), { ...fast, maxRetryAfterMs: 10_000 }).chat([{ role: 'user', content: 'x' }]))
    expect(standIn.requests).toHaveLength(1)
    expect(err.code).toBe('UPSTREAM_ERROR')
    expect(err.details.upstream_status).toBe(429)
  })

  it('an answer that is not a completion is UPSTREAM_ERROR', async () => {
    standIn = await startLlmStandIn((_req, i) => ({ body: i === 0 ? '<html>proxy</html>' : { nothing: true } }))
    const llm = createLlmProvider(config(), fast)
    expect((await rejection(llm.chat([{ role: 'user', content: 'x' }]))).message).toContain('not JSON')
    expect((await rejection(llm.chat([{ role: 'user', content: 'x' }]))).message).toContain('choices[0].message')
  })

  it('retries network errors, then UPSTREAM_ERROR naming the endpoint', async () => {
    standIn = await startLlmStandIn()
    const url = standIn.url
    await standIn.close()
    standIn = undefined
    const warn = vi.fn()
    const err = await rejection(
      createLlmProvider(config({ baseUrl: url, maxRetries: 1 }), { ...fast, log: { warn, debug: vi.fn() } }).chat([{ role: 'user', content: 'x' }]),
    )
    expect(err.code).toBe('UPSTREAM_ERROR')
    expect(err.message).toContain('Could not reach the LLM endpoint')
    expect(err.message).toContain(`${url}/chat/completions`)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('a slow endpoint is TIMEOUT (504), not retried', async () => {
    standIn = await startLlmStandIn(() => ({ delayMs: 3_000, body: completion('late') }))
    const err = await rejection(createLlmProvider(config({ timeoutMs: 200, maxRetries: 2 }), fast).chat([{ role: 'user', content: 'x' }]))
    expect(err.code).toBe('TIMEOUT')
    expect(err.statusCode).toBe(504)
    expect(err.message).toContain('LLM_TIMEOUT_MS')
    expect(standIn.requests).toHaveLength(1)
  })

  it("the caller's abort rejects with the caller's reason", async () => {
    standIn = await startLlmStandIn(() => ({ delayMs: 3_000 }))
    const ac = new AbortController()
    const p = createLlmProvider(config(), fast).chat([{ role: 'user', content: 'x' }], { signal: ac.signal })
    setTimeout(() => ac.abort(new Error('caller gave up')), 100)
    const err = await rejection(p)
    expect(err.message).toBe('caller gave up')
  })

  it('not configured: 503 LLM_NOT_CONFIGURED saying what to set', async () => {
    for (const llm of [
      createLlmProvider({ timeoutMs: 1000, maxRetries: 0 }),
      createLlmProvider({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 1000, maxRetries: 0 }),
    ]) {
      expect(llm.configured).toBe(false)
      expect(llm.model).toBeUndefined()
      const err = await rejection(llm.chat([{ role: 'user', content: 'x' }]))
      expect(err.code).toBe('LLM_NOT_CONFIGURED')
      expect(err.statusCode).toBe(503)
      expect(err.message).toContain('LLM_BASE_URL')
      expect(err.message).toContain('LLM_MODEL')
    }
  })

  it('parses Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('0')).toBe(0)
    expect(parseRetryAfter('2')).toBe(2000)
    expect(parseRetryAfter(undefined)).toBeUndefined()
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 5_000)).toBe(5_000)
  })
})
