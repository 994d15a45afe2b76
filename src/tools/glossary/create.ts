/**
 * Seed 004 `glossary_create`: a new entry, `tentative` unless told otherwise, first seen in the
 * caller's post and thread (X-Post-Id, X-Thread-Id). A term that exists, in any case, is refused
 * with 409 ENTRY_EXISTS naming the entry, so the agent can call glossary_update instead.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'
import { el } from '../../lib/xml.js'
import { createEntry } from '../../glossary/entries.js'
import { checkDefinition, DEFINITION_MAX, normalizeTags, normalizeTerm, STATUSES, TERM_MAX } from '../../glossary/terms.js'
import { warnUnresolved } from '../../glossary/unresolved.js'
import { dryRunNote, GLOSSARY, prepareWrite, SOURCE_RULE, Tags } from './support/common.js'

export default defineTool({
  name: 'glossary_create',
  ...GLOSSARY,
  description: `Create a new glossary entry. first_seen_post_id and first_seen_thread_id are set from the current context. ${SOURCE_RULE} Prefer tentative status; the curator will evaluate. Search first: an existing term is refused (409 ENTRY_EXISTS).`,
  input: Type.Object({
    term: Type.String({ minLength: 1, maxLength: TERM_MAX, description: 'Term with disambiguation suffix if needed: `Dawn (character)`' }),
    definition: Type.String({ minLength: 1, maxLength: DEFINITION_MAX, description: 'Markdown text. Use `[[Term]]` for cross-references' }),
    tags: Tags('Classification tags: `character`, `location`, `mechanic`, etc.'),
    status: Type.Optional(StringEnum(STATUSES, { default: 'tentative', description: '`tentative` (default) | `confirmed`' })),
  }),
  examples: [
    {
      summary: 'A new tentative entry',
      value: {
        term: 'vys',
        definition: 'A life force that flows through crystalline channels in the body. See [[Soma]].',
        tags: ['mechanic'],
        status: 'tentative',
      },
    },
  ],
  output: Type.Object({
    entry: Type.Object({ id: Type.Integer(), term: Type.String(), status: StringEnum(STATUSES) }),
    message: Type.String(),
  }),
  scope: 'write',
  contextHeaders: ['x-post-id', 'x-thread-id'],
  supportsDryRun: true,
  annotations: { title: 'Create a glossary entry', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async execute(args, ctx) {
    const values = {
      term: normalizeTerm(args.term),
      definition: checkDefinition(args.definition),
      tags: normalizeTags(args.tags),
      status: args.status ?? 'tentative',
    }
    const write = await prepareWrite(ctx)
    const entry = await createEntry(ctx.services.db, values, write.actor, write.options)
    const source = write.finish()
    await warnUnresolved(ctx, entry.definition)
    const tags = entry.tags.length ? `Tags: ${entry.tags.join(', ')}.` : 'No tags.'
    return {
      entry: { id: entry.id, term: entry.term, status: entry.status },
      message: `${dryRunNote(ctx)}Entry created. ${tags}${source}`,
    }
  },
  xml: (out) => el('glossary_created', { id: out.entry.id, term: out.entry.term, status: out.entry.status }, out.message),
})
