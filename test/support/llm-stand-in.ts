/**
 * An OpenAI-compatible chat completions server on loopback, for tests. It records every request
 * (path, headers, parsed body) and refuses what a real endpoint would refuse (wrong path or method,
 * a body without `model` or `messages`); a handler decides the answers, by default a canned
 * completion numbered by call with usage 10 + 5 tokens.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StandInRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: any
  /** The `content` of every message, joined, for "was the chunk sent" checks. */
  text: string
}

export interface StandInReply {
  status?: number
  headers?: Record<string, string>
  /** An object is sent as JSON; a string as is. */
  body?: unknown
  /** Wait this long before answering (for timeouts). */
  delayMs?: number
}

export type StandInHandler = (req: StandInRequest, index: number) => StandInReply | Promise<StandInReply>

export interface LlmStandIn {
  /** The base URL to use as LLM_BASE_URL: http://127.0.0.1:<port>/v1 */
  url: string
  port: number
  requests: StandInRequest[]
  close(): Promise<void>
}

export const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }

/** A chat completion body as OpenAI sends it. */
export function completion(content: string, opts: { usage?: object | null; model?: string; finishReason?: string } = {}) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: opts.model ?? 'stand-in',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: opts.finishReason ?? 'stop' }],
    ...(opts.usage !== null && { usage: opts.usage ?? USAGE }),
  }
}

export const defaultHandler: StandInHandler = (_req, i) => ({ body: completion(`Summary ${i + 1}.`) })

export async function startLlmStandIn(handler: StandInHandler = defaultHandler): Promise<LlmStandIn> {
  const requests: StandInRequest[] = []
  const timers = new Set<NodeJS.Timeout>()
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = []
    req.on('data', (c: Buffer) => parts.push(c))
    req.on('end', async () => {
      const raw = Buffer.concat(parts).toString('utf8')
      let body: any
      try {
        body = raw ? JSON.parse(raw) : undefined
      } catch {
        body = raw
      }
      const text = Array.isArray(body?.messages) ? body.messages.map((m: { content?: string }) => m.content ?? '').join('\n') : ''
      const record: StandInRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, text }
      const index = requests.push(record) - 1
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return
        const isString = typeof payload === 'string'
        res.writeHead(status, { 'content-type': isString ? 'text/plain' : 'application/json', ...headers })
        res.end(isString ? payload : JSON.stringify(payload ?? {}))
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return send(404, { error: { message: `stand-in: no route ${req.method} ${req.url}`, type: 'invalid_request_error' } })
      }
      if (typeof body?.model !== 'string' || !Array.isArray(body?.messages) || body.messages.length === 0) {
        return send(400, { error: { message: 'stand-in: the body needs model and messages', type: 'invalid_request_error' } })
      }
      let reply: StandInReply
      try {
        reply = await handler(record, index)
      } catch (e) {
        return send(500, { error: { message: `stand-in handler failed: ${(e as Error).message}` } })
      }
      const go = () => send(reply.status ?? 200, reply.body ?? completion(`Summary ${index + 1}.`), reply.headers)
      if (reply.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t)
          go()
        }, reply.delayMs)
        timers.add(t)
      } else go()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    async close() {
      for (const t of timers) clearTimeout(t)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
