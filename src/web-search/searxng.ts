/**
 * SearXNG's JSON API: GET `{SEARCH_URL}/search?q=…&format=json&pageno=1`, results as
 * `results[].{title, url, content}`. The json format must be enabled in the instance's
 * settings.yml (`search.formats: [html, json]`); otherwise SearXNG answers 403.
 */
import { fail } from '../errors.js'
import { getJson } from './http.js'
import { normalizeResults } from './text.js'
import type { SearchBackend } from './types.js'

export interface SearxngOptions {
  url: string
  timeoutMs: number
  retryBaseMs: number
}

export function searxngBackend(o: SearxngOptions): SearchBackend {
  const endpoint = `${o.url.replace(/\/+$/, '')}/search`
  return {
    name: 'searxng',
    async search(query, { count, signal, deadline }) {
      const url = new URL(endpoint)
      url.search = new URLSearchParams({ q: query, format: 'json', pageno: '1' }).toString()
      const body = (await getJson(url, {
        backend: 'searxng',
        signal,
        deadline,
        timeoutMs: o.timeoutMs,
        retryBaseMs: o.retryBaseMs,
        hint: (status) => (status === 403 ? "enable the json format in SearXNG's settings.yml (search.formats: [html, json])" : undefined),
      })) as { results?: unknown }
      if (!body || !Array.isArray(body.results)) fail('UPSTREAM_ERROR', 'The search backend (searxng) answered JSON without a results list')
      const raw = (body.results as Record<string, unknown>[]).filter((r) => r && typeof r === 'object')
      return normalizeResults(
        raw.map((r) => ({ title: r.title, url: r.url, snippet: r.content })),
        count,
      )
    },
  }
}
