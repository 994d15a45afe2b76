/**
 * Seed 003 `search`: `run(query, num_results=5)`, ranked links with snippets from the configured
 * backend (SearXNG or Brave); metadata carries the `{title, url, snippet}` list.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { defineTool } from '../define.js'
import { SEARCH_ANNOTATIONS, SearchOutput, backendOf, dryRun, formatResults, searchWith } from './support/common.js'

export default defineTool({
  name: 'search',
  toolset: 'codex',
  category: 'WEB',
  description:
    'Web search returning ranked snippets and links. Output is a numbered list "N. Title — url" with the snippet below; metadata.results holds {title, url, snippet} for each.',
  input: Type.Object({
    query: Type.String({ description: 'The search query', minLength: 1 }),
    num_results: Type.Optional(Type.Integer({ description: 'How many results to return', default: 5, minimum: 1, maximum: 20 })),
  }),
  examples: [{ summary: 'Three results', value: { query: 'OpenAPI 3.1 webhooks', num_results: 3 } }],
  output: SearchOutput,
  scope: 'network',
  annotations: { title: 'Search the web', ...SEARCH_ANNOTATIONS },
  precheck({ query }) {
    if (query.trim() === '') fail('VALIDATION_ERROR', 'Value for query is empty: pass the words to search for')
  },
  async execute({ query, num_results = 5 }, ctx) {
    const backend = backendOf(ctx.services)
    const q = query.trim()
    if (ctx.dryRun) return dryRun(backend, q, num_results)
    const results = await searchWith(backend, q, num_results, ctx)
    return {
      success: true,
      output: results.length > 0 ? formatResults(results) : `No results for ${JSON.stringify(q)}`,
      error: null,
      metadata: { results, count: results.length, backend: backend.name, query: q },
    }
  },
})
