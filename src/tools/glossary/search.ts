/**
 * Seed 004 `glossary_search`: exact matches (term, or term without its disambiguation suffix)
 * first, then fuzzy matches on term and definition by similarity (src/glossary/search.ts); with
 * `include_references`, the entries their `[[refs]]` point at, transitively, after the hits.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'
import { el } from '../../lib/xml.js'
import { fail } from '../../errors.js'
import { searchEntries, type StatusFilter } from '../../glossary/search.js'
import { expandReferences, MAX_DEPTH, MAX_REFERENCES } from '../../glossary/references.js'
import { normalizeTags } from '../../glossary/terms.js'
import { GLOSSARY, Tags } from './support/common.js'

export const LIMIT_CAP = 100
const QUERY_MAX = 500

const Entry = Type.Object({
  id: Type.Integer(),
  term: Type.String(),
  status: StringEnum(['tentative', 'confirmed']),
  tags: Type.Array(Type.String()),
  definition: Type.String({ description: 'Markdown with [[Term]] references' }),
  match: StringEnum(['exact', 'fuzzy', 'reference'], {
    description: 'exact: the term, or the term without its suffix, is the query; fuzzy: similar term or definition; reference: pointed at by a listed entry',
  }),
  score: Type.Optional(Type.Number({ description: 'Fuzzy matches: similarity 0–1' })),
  referenced_by: Type.Optional(Type.Array(Type.Integer(), { description: 'References: ids of the listed entries that point here' })),
})

export default defineTool({
  name: 'glossary_search',
  ...GLOSSARY,
  description: 'Query glossary entries. Exact matches prioritized over fuzzy. Always check before creating new entries.',
  input: Type.Object({
    query: Type.String({ minLength: 1, maxLength: QUERY_MAX, description: 'Search term (fuzzy matched against term and definition)' }),
    tags: Type.Optional(Tags('Filter by tags')),
    status: Type.Optional(StringEnum(['confirmed', 'tentative', 'all'], { default: 'all', description: '`confirmed` | `tentative` | `all` (default: `all`)' })),
    include_references: Type.Optional(Type.Boolean({ description: 'If true, expand `[[refs]]` to include referenced entries' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 10, description: 'Max results (default: 10)' })),
  }),
  examples: [{ summary: 'Confirmed entries about vys', value: { query: 'vys', status: 'confirmed', limit: 5 } }],
  output: Type.Object({
    count: Type.Integer({ description: 'Entries listed: hits, then referenced entries' }),
    entries: Type.Array(Entry),
  }),
  scope: 'read',
  annotations: { title: 'Search the glossary', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async execute(args, ctx) {
    const query = args.query.trim()
    if (query === '') fail('VALIDATION_ERROR', 'Value for query must contain a non-space character', { details: { parameter: 'query' } })
    let limit = args.limit ?? 10
    if (limit > LIMIT_CAP) {
      ctx.warn(`limit ${limit} is above ${LIMIT_CAP}; using ${LIMIT_CAP}`)
      limit = LIMIT_CAP
    }
    const db = ctx.services.db
    const hits = await searchEntries(db, {
      query,
      limit,
      status: (args.status ?? 'all') as StatusFilter,
      tags: args.tags ? normalizeTags(args.tags) : undefined,
    })
    const entries: Record<string, unknown>[] = hits.map((h) => ({ ...h }))
    if (args.include_references && hits.length > 0) {
      const refs = await expandReferences(db, hits)
      if (refs.truncated) ctx.warn(`References cut off at ${MAX_REFERENCES} entries (up to ${MAX_DEPTH} steps from the hits)`)
      entries.push(...refs.entries.map((r) => ({ ...r, match: 'reference' })))
    }
    return { count: entries.length, entries: entries as never }
  },
  xml: (out) =>
    el(
      'glossary_results',
      { count: out.count },
      ...out.entries.map((e) => el('entry', { id: e.id, term: e.term, status: e.status, tags: e.tags.join(',') }, e.definition)),
    ),
})
