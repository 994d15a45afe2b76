/**
 * Seed 002 `WebSearch`, as Claude Code's: `query` plus `allowed_domains` or `blocked_domains`
 * (not both). Domains match with their subdomains. With filters the backend is asked for more
 * results than are returned, and an allow-list is also sent as `site:` terms, so that filtering
 * still leaves results; the filter is applied to every result either way.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { SEARCH_ANNOTATIONS, SearchOutput, backendOf, dryRun, formatResults, searchWith } from './support/common.js'
import { domainFilters, keep } from './support/domains.js'

/** Results WebSearch returns; and how many it asks for when it filters. */
const RETURNED = 10
const FETCHED_WHEN_FILTERING = 20

const Domains = (description: string) => Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description }))

export default defineTool({
  name: 'WebSearch',
  toolset: 'claude',
  category: 'WEB',
  description:
    'Search the web. Returns up to 10 results as a numbered list "N. Title — url" with snippets; metadata.results holds {title, url, snippet}. Restrict results with allowed_domains or exclude with blocked_domains (not both); a domain includes its subdomains.',
  input: Type.Object({
    query: Type.String({ description: 'The search query to use', minLength: 2 }),
    allowed_domains: Domains('Only include search results from these domains (and their subdomains)'),
    blocked_domains: Domains('Never include search results from these domains (and their subdomains)'),
  }),
  examples: [{ summary: 'Results from one site only', value: { query: 'fastify plugins', allowed_domains: ['fastify.dev'] } }],
  output: SearchOutput,
  scope: 'network',
  annotations: { title: 'Search the web', ...SEARCH_ANNOTATIONS },
  precheck({ allowed_domains, blocked_domains }) {
    domainFilters(allowed_domains, blocked_domains)
  },
  async execute({ query, allowed_domains, blocked_domains }, ctx) {
    const backend = backendOf(ctx.services)
    const filters = domainFilters(allowed_domains, blocked_domains)
    const filtering = filters.allowed.length > 0 || filters.blocked.length > 0
    const sites = filters.allowed.map((d) => `site:${d}`).join(' OR ')
    const q = sites ? `${query.trim()} ${sites}` : query.trim()
    const asked = filtering ? FETCHED_WHEN_FILTERING : RETURNED
    if (ctx.dryRun) return dryRun(backend, q, RETURNED)
    const found = await searchWith(backend, q, asked, ctx)
    const kept = found.filter((r) => keep(r.url, filters))
    const results = kept.slice(0, RETURNED)
    const removed = found.length - kept.length
    const none = `No results for ${JSON.stringify(query.trim())}${removed > 0 ? ` (the domain filters removed all ${removed})` : ''}`
    return {
      success: true,
      output: results.length > 0 ? formatResults(results) : none,
      error: null,
      metadata: { results, count: results.length, backend: backend.name, query: q, ...(filtering && { filtered_out: removed }) },
    }
  },
})
