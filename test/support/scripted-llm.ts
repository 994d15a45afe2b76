/**
 * A deterministic, scripted OpenAI-compatible LLM on loopback, for agent tests: the script is a
 * list of turns, each either tool calls or a final text answer, answered in order. Every request
 * is recorded (so a test can assert which tools were offered, which system prompt was sent and
 * which tool results came back), and a request beyond the script fails loudly: it is answered
 * 400 (not retried by the provider) and listed in `overruns`, which `assertDone()` reports.
 */
import { completion, startLlmStandIn, USAGE, type LlmStandIn, type StandInReply, type StandInRequest } from './llm-stand-in.js'

export interface ScriptedUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/** One tool call the model makes; `arguments` that is a string is sent as is (e.g. broken JSON). */
export interface ScriptedToolCall {
  name: string
  arguments: unknown
  /** The call id; `call_<turn>_<n>` when not given. */
  id?: string
}

interface TurnCommon {
  /** Token usage reported for this turn; 10 + 5 by default. */
  usage?: ScriptedUsage
  /** Wait this long before answering (deadline tests). */
  delayMs?: number
}

export type ScriptedTurn =
  | (TurnCommon & { toolCalls: ScriptedToolCall[]; content?: string })
  | (TurnCommon & { answer: string })
  /** Any reply at all (an HTTP error, a malformed body), as the stand-in sends it. */
  | { raw: StandInReply }

/** A turn, or a function of the request it answers (for turns that depend on what came back). */
export type ScriptStep = ScriptedTurn | ((req: StandInRequest) => ScriptedTurn)

/** What the model was sent, read back from one recorded request. */
export interface SentRequest {
  system: string | undefined
  /** Names of the tools offered (`tools[].function.name`), in order. */
  toolNames: string[]
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[]
  /** The `tool` messages, with their content parsed as JSON when it is JSON. */
  toolResults: { tool_call_id: string; content: unknown }[]
}

export interface ScriptedLlm {
  /** LLM_BASE_URL for the app: http://127.0.0.1:<port>/v1 */
  url: string
  requests: StandInRequest[]
  /** Each recorded request, read as what the model was sent. */
  sent(index: number): SentRequest
  /** Requests that came after the script ran out (each answered 400). */
  overruns: StandInRequest[]
  /** Turns not yet used. */
  remaining(): number
  /** Throws when a request went beyond the script or (with `all`) a turn was never asked for. */
  assertDone(opts?: { all?: boolean }): void
  /** Starts over with another script: requests and overruns are cleared (one server for many tests). */
  reset(script: ScriptStep[]): void
  close(): Promise<void>
}

export function toolCallsCompletion(calls: ScriptedToolCall[], turn: number, opts: { content?: string; usage?: ScriptedUsage } = {}) {
  const body = completion(opts.content ?? '', { usage: opts.usage ?? USAGE, finishReason: 'tool_calls' })
  const message = body.choices[0]!.message as Record<string, unknown>
  if (opts.content === undefined) message.content = null
  message.tool_calls = calls.map((c, n) => ({
    id: c.id ?? `call_${turn}_${n}`,
    type: 'function',
    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
  }))
  return body
}

function parseMaybeJson(text: unknown): unknown {
  if (typeof text !== 'string') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function readSent(req: StandInRequest): SentRequest {
  const messages = (req.body?.messages ?? []) as SentRequest['messages']
  return {
    system: messages.find((m) => m.role === 'system')?.content ?? undefined,
    toolNames: ((req.body?.tools ?? []) as { function?: { name?: string } }[]).map((t) => t.function?.name ?? ''),
    messages,
    toolResults: messages.filter((m) => m.role === 'tool').map((m) => ({ tool_call_id: m.tool_call_id ?? '', content: parseMaybeJson(m.content) })),
  }
}

export async function startScriptedLlm(initial: ScriptStep[] = []): Promise<ScriptedLlm> {
  const overruns: StandInRequest[] = []
  let script = initial
  let next = 0
  const standIn: LlmStandIn = await startLlmStandIn((req) => {
    if (next >= script.length) {
      overruns.push(req)
      const message = `scripted-llm: request ${script.length + overruns.length} is beyond the script of ${script.length} turn(s)`
      return { status: 400, body: { error: { message, type: 'invalid_request_error' } } }
    }
    const turnIndex = next++
    const step = script[turnIndex]!
    const turn = typeof step === 'function' ? step(req) : step
    if ('raw' in turn) return turn.raw
    const body =
      'answer' in turn
        ? completion(turn.answer, { usage: turn.usage ?? USAGE })
        : toolCallsCompletion(turn.toolCalls, turnIndex, { content: turn.content, usage: turn.usage })
    return { body, delayMs: turn.delayMs }
  })
  return {
    url: standIn.url,
    requests: standIn.requests,
    sent: (index) => readSent(standIn.requests[index]!),
    overruns,
    remaining: () => script.length - next,
    assertDone(opts = {}) {
      if (overruns.length > 0) throw new Error(`scripted-llm: ${overruns.length} request(s) beyond the script of ${script.length} turn(s)`)
      if (opts.all && next < script.length) throw new Error(`scripted-llm: ${script.length - next} turn(s) of ${script.length} never asked for`)
    },
    reset(steps) {
      script = steps
      next = 0
      standIn.requests.length = 0
      overruns.length = 0
    },
    close: () => standIn.close(),
  }
}
