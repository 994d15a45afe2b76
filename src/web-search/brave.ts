/**
 * The Brave Search API: GET `https://api.search.brave.com/res/v1/web/search?q=…&count=N` with
 * `X-Subscription-Token: <SEARCH_API_KEY>`, results as `web.results[].{title, url, description}`.
 * SEARCH_URL, when set, replaces the base URL (a proxy, or a stand-in server in tests).
 */
import { fail } from '../errors.js'
import { getJson } from './http.js'
import { normalizeResults } from './text.js'
import type { SearchBackend } from './types.js'

export const BRAVE_URL = 'https://api.search.brave.com'
/** Brave's largest `count`. */
const MAX_COUNT = 20

export interface BraveOptions {
  apiKey: string
  url?: string
  timeoutMs: number
  retryBaseMs: number
}

export function braveBackend(o: BraveOptions): SearchBackend {
  const endpoint = `${(o.url ?? BRAVE_URL).replace(/\/+$/, '')}/res/v1/web/search`
  return {
    name: 'brave',
    async search(query, { count, signal, deadline }) {
      const url = new URL(endpoint)
      url.search = new URLSearchParams({ q: query, count: String(Math.min(Math.max(count, 1), MAX_COUNT)) }).toString()
      const body = (await getJson(url, {
        backend: 'brave',
        signal,
        deadline,
        timeoutMs: o.timeoutMs,
        retryBaseMs: o.retryBaseMs,
        headers: { 'x-subscription-token': o.apiKey },
        hint: (status) => (status === 401 || status === 403 ? 'check SEARCH_API_KEY (a Brave Search API subscription token)' : undefined),
      })) as { web?: { results?: unknown } }
      if (!body || typeof body !== 'object') fail('UPSTREAM_ERROR', 'The search backend (brave) answered JSON that is not an object')
      // A query with no web results has no `web` section at all.
      const list = Array.isArray(body.web?.results) ? (body.web.results as Record<string, unknown>[]) : []
      const raw = list.filter((r) => r && typeof r === 'object')
      return normalizeResults(
        raw.map((r) => ({ title: r.title, url: r.url, snippet: r.description })),
        count,
      )
    },
  }
}
