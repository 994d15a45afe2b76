/**
 * Seed 004's explicate protocol as a tool (also `POST /v1/explicate`): a quoted passage of a
 * definition → the post and snapshot that wrote it, or the most similar sections and the snapshot
 * to summon. Rules in src/glossary/explicate/explicate.ts.
 */
import { Type } from 'typebox'
import { explicate } from '../../glossary/explicate/explicate.js'
import { el } from '../../lib/xml.js'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description })

export default defineTool({
  name: 'explicate',
  toolset: 'glossary',
  category: 'CONTEXT',
  description:
    'Explicate a quoted passage of a glossary definition: find the entry (fuzzy match, or the entry_id given), blame the revision that wrote the passage, and return its source post and the snapshot that first holds it; when the quote is not found verbatim (case and white space aside), return the most similar sections with the snapshot that authored each and a suggestion to summon it.',
  input: Type.Object({
    quote: Type.String({
      description: 'The quoted text from a definition (surrounding quotation marks and ellipses are ignored)',
      minLength: 1,
      maxLength: 2000,
    }),
    entry_id: Type.Optional(Type.Integer({ description: "Only look in this entry's definition", minimum: 1 })),
  }),
  examples: [{ summary: "Explicate a quote (seed 004's example)", value: { quote: 'the vys flows through crystalline channels in the body', entry_id: 15 } }],
  output: Type.Object({
    entry_id: Type.Optional(Type.Integer({ description: 'The entry the quote belongs to (absent when no definition resembles it)' })),
    term: Type.Optional(Type.String({ description: 'Its term' })),
    match: StringEnum(['exact', 'similar', 'none'], {
      description: 'exact: the passage is in the definition verbatim; similar: only similar sections; none: nothing resembles it',
    }),
    source_post: Type.Optional(
      Type.Object(
        {
          id: Type.Integer(),
          thread_id: Type.Integer(),
          body: Type.String({ description: "The post's content" }),
        },
        { description: 'The post whose context the blamed revision was written in' },
      ),
    ),
    authored_by: Type.Optional(
      Type.Object({ snapshot_id: Type.Integer() }, { description: 'The first snapshot whose frozen state holds the blamed revision' }),
    ),
    revision: Type.Optional(
      Type.Object(
        {
          id: Type.Integer(),
          action: Type.String(),
          created_at: Type.String({ format: 'date-time' }),
          post_id: Nullable(Type.Integer(), 'X-Post-Id of the revision'),
          thread_id: Nullable(Type.Integer(), 'X-Thread-Id of the revision'),
        },
        { description: 'The blamed revision: the earliest from which the passage has been in the definition ever since' },
      ),
    ),
    similar_sections: Type.Optional(
      Type.Array(
        Type.Object({
          snapshot_id: Nullable(Type.Integer(), 'The snapshot that authored the sentence (null when no snapshot holds it yet)'),
          text: Type.String({ description: 'The sentence of the definition' }),
          score: Type.Number({ description: 'pg_trgm similarity to the quote, 0–1' }),
        }),
        { description: "When there is no exact match: the definition's sentences most similar to the quote" },
      ),
    ),
    suggestion: Type.Optional(Type.String({ description: 'What to do next' })),
    note: Type.Optional(Type.String({ description: 'Why a part of the answer is missing (no revision, no post context, no snapshot yet)' })),
  }),
  scope: 'read',
  annotations: { title: 'Explicate a quoted passage', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async execute({ quote, entry_id: entryId }, ctx) {
    const out = await explicate(ctx.services.db, { quote, entryId })
    if (out.note) ctx.warn(out.note)
    return out
  },
  xml: (out) =>
    el(
      'explication',
      { entry_id: out.entry_id, term: out.term },
      out.source_post && el('source_post', { id: out.source_post.id, thread_id: out.source_post.thread_id }, el('body', {}, out.source_post.body)),
      out.authored_by && el('authored_by', { snapshot_id: out.authored_by.snapshot_id }),
      out.match !== 'exact' && el('no_exact_match'),
      out.similar_sections &&
        out.match !== 'exact' &&
        el('similar_sections', {}, ...out.similar_sections.map((s) => el('section', { snapshot_id: s.snapshot_id }, `"${s.text}"`))),
      out.suggestion && el('suggestion', {}, out.suggestion),
      out.note && el('note', {}, out.note),
    ),
})
