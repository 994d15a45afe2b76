/** Stand-in search backends on loopback, and the app with every tool plus the web search tools. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { allTools } from '../../../src/tools/index.js'
import { webSearchTools } from '../../../src/tools/web-search/index.js'
import type { AnyTool } from '../../../src/tools/define.js'
import { buildTestApp, type TestApp } from '../../helper.js'

export const tools: AnyTool[] = [...new Map([...allTools, ...webSearchTools].map((t) => [t.name, t])).values()]

export interface Seen {
  path: string
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
}
export type Answer = (seen: Seen) => { status?: number; headers?: Record<string, string>; body?: unknown; hang?: boolean }

export interface StandIn {
  url: string
  seen: Seen[]
  /** What the server answers next; replace it per test. */
  answer: Answer
  close(): Promise<void>
}

export async function standIn(answer: Answer): Promise<StandIn> {
  const s: StandIn = { url: '', seen: [], answer, close: async () => {} }
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    const seen = { path: u.pathname, query: u.searchParams, headers: req.headers }
    s.seen.push(seen)
    const a = s.answer(seen)
    if (a.hang) return
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers })
    res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body ?? {}))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  s.close = () => {
    server.closeAllConnections()
    return new Promise<void>((r) => server.close(() => r()))
  }
  return s
}

export function buildSearchApp(env: Record<string, string>): Promise<TestApp> {
  return buildTestApp({ env: { SEARCH_RETRY_BASE_MS: '5', ...env }, tools })
}

/** n SearXNG-shaped results from distinct hosts. */
export function searxResults(n: number, host = (i: number) => `site${i}.example.org`) {
  return Array.from({ length: n }, (_, i) => ({
    title: `Result ${i + 1}`,
    url: `https://${host(i + 1)}/page${i + 1}`,
    content: `Snippet number ${i + 1}`,
    engine: 'stand-in',
  }))
}
