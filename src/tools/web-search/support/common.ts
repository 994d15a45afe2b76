/** What `search` and `WebSearch` share: the backend (or the 503 saying how to set one), the call, the output. */
import { Type } from 'typebox'
import { fail } from '../../../errors.js'
import type { SearchBackend, SearchResult } from '../../../web-search/index.js'
import type { ToolContext, ToolServices } from '../../define.js'
import { ToolResult } from '../../schema.js'

export const SearchResultSchema = Type.Object({
  title: Type.String(),
  url: Type.String(),
  snippet: Type.String(),
})

export const SearchOutput = ToolResult({
  results: Type.Array(SearchResultSchema, { description: 'The results, best first: {title, url, snippet}' }),
  count: Type.Integer({ description: 'How many results were returned' }),
  backend: Type.String({ description: 'The backend that answered: searxng or brave' }),
  query: Type.String({ description: 'The query as sent to the backend' }),
  filtered_out: Type.Integer({ description: 'Results the domain filters removed (WebSearch)' }),
  dry_run: Type.Boolean(),
})

export const SEARCH_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }

export const NOT_CONFIGURED_MESSAGE =
  'Web search is not configured: set SEARCH_BACKEND=searxng and SEARCH_URL=<your SearXNG base URL, e.g. http://localhost:8888>, ' +
  'or SEARCH_BACKEND=brave and SEARCH_API_KEY=<your Brave Search API token>, then restart toolgate'

/** The configured backend (`ctx.services.webSearch`), or 503 saying how to configure one. */
export function backendOf(services: ToolServices): SearchBackend {
  return services.webSearch ?? fail('SEARCH_NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE)
}

/** Asks the backend, leaving the pipeline a moment to answer before the call's own timeout. */
export function searchWith(backend: SearchBackend, query: string, count: number, ctx: ToolContext): Promise<SearchResult[]> {
  return backend.search(query, { count, signal: ctx.signal, deadline: Date.now() + ctx.timeoutMs - 250 })
}

/** "1. Title — url\n   snippet", one entry per result. */
export function formatResults(results: SearchResult[]): string {
  return results.map((r, i) => `${i + 1}. ${r.title} — ${r.url}${r.snippet ? `\n   ${r.snippet}` : ''}`).join('\n')
}

export function dryRun(backend: SearchBackend, query: string, count: number) {
  return {
    success: true,
    output: `Dry run: would ask ${backend.name} for up to ${count} results for ${JSON.stringify(query)}`,
    error: null,
    metadata: { results: [], count: 0, backend: backend.name, query, dry_run: true },
  }
}
