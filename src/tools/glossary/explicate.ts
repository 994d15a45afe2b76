/**
 * Seed 004's explicate protocol as a tool (also `POST /v1/explicate`): the agent's message (or a
 * bare quoted passage) → for each passage, the post and snapshot that wrote it, the former text a
 * revision rewrote and the snapshot still holding it, or the most similar sections and the
 * snapshot to summon. Rules in src/glossary/explicate/explicate.ts.
 */
import { type Static, Type } from 'typebox'
import { fail } from '../../errors.js'
import { explicate, explicateMessage } from '../../glossary/explicate/explicate.js'
import { MAX_PASSAGES } from '../../glossary/explicate/message.js'
import { el, type XmlElement } from '../../lib/xml.js'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description })

const RevisionRef = (description: string) =>
  Type.Object(
    {
      id: Type.Integer(),
      action: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
      post_id: Nullable(Type.Integer(), 'The post it was written from (X-Post-Id or the reading position)'),
      thread_id: Nullable(Type.Integer(), 'Its thread'),
    },
    { description },
  )

const Fields = {
  quote: Type.Optional(Type.String({ description: 'The passage explicated, as found in the message (message form)' })),
  entry_id: Type.Optional(Type.Integer({ description: 'The entry the quote belongs to (absent when no definition resembles it)' })),
  term: Type.Optional(Type.String({ description: 'Its term (for a deleted entry, its last)' })),
  match: Type.Optional(
    StringEnum(['exact', 'rewritten', 'similar', 'none'], {
      description:
        'exact: in the current definition verbatim (case and white space aside); rewritten: only in a former definition (since rewritten, or the entry deleted); similar: only similar sections; none: nothing resembles it',
    }),
  ),
  source_post: Type.Optional(
    Type.Object(
      { id: Type.Integer(), thread_id: Type.Integer(), body: Type.String({ description: "The post's content" }) },
      { description: 'The post the revision that wrote the passage was written from' },
    ),
  ),
  authored_by: Type.Optional(
    Type.Object({ snapshot_id: Type.Integer() }, { description: 'The first snapshot whose frozen copy of the entry holds the passage' }),
  ),
  revision: Type.Optional(RevisionRef('The revision that wrote the passage (for exact: the earliest from which it has been there ever since)')),
  rewritten_by: Type.Optional(RevisionRef('rewritten: the revision that rewrote the passage away, or deleted the entry')),
  similar_sections: Type.Optional(
    Type.Array(
      Type.Object({
        snapshot_id: Nullable(Type.Integer(), 'The first snapshot holding the sentence (null when none does yet)'),
        text: Type.String({ description: 'The sentence' }),
        score: Type.Number({ description: 'pg_trgm similarity to the quote, 0–1' }),
        current: Type.Boolean({ description: 'false: from a former definition, no longer in the entry' }),
      }),
      { description: "similar: the sentences of the entry's definition, now or before, most similar to the quote" },
    ),
  ),
  suggestion: Type.Optional(Type.String({ description: 'What to do next (which snapshot to summon)' })),
  note: Type.Optional(Type.String({ description: 'Why a part of the answer is missing, or that the text was rewritten' })),
}
const ExplicationSchema = Type.Object(Fields)
type Explained = Static<typeof ExplicationSchema>

function explicationXml(out: Explained, attrs: Record<string, string | undefined> = {}): XmlElement {
  const found = out.match === 'exact' || out.match === 'rewritten'
  return el(
    'explication',
    { ...attrs, entry_id: out.entry_id, term: out.term },
    out.source_post && el('source_post', { id: out.source_post.id, thread_id: out.source_post.thread_id }, el('body', {}, out.source_post.body)),
    out.authored_by && el('authored_by', { snapshot_id: out.authored_by.snapshot_id }),
    !found && el('no_exact_match'),
    !found &&
      out.similar_sections &&
      el('similar_sections', {}, ...out.similar_sections.map((s) => el('section', { snapshot_id: s.snapshot_id }, `"${s.text}"`))),
    out.suggestion && el('suggestion', {}, out.suggestion),
    out.note && el('note', {}, out.note),
  )
}

export default defineTool({
  name: 'explicate',
  toolset: 'glossary',
  category: 'CONTEXT',
  description:
    'The explicate protocol: send your message asking about a passage of a glossary definition (message: the passage in quotation marks, the entry named around it, e.g. \'I need clarification on this part of the vys entry: "the vys flows through crystalline channels" Can you show me the source for this?\'), or the bare passage (quote). For each passage: the source post of the revision that wrote it and the snapshot that first holds it; for text since rewritten, the same from the history, with the revision that rewrote it and a suggestion to summon the snapshot; when not found verbatim (case and white space aside), the most similar sections, current or former, with the snapshot holding each and a suggestion to summon it.',
  input: Type.Object({
    quote: Type.Optional(
      Type.String({
        description: 'A passage of a definition (surrounding quotation marks and ellipses are ignored). Give quote or message',
        minLength: 1,
        maxLength: 2000,
      }),
    ),
    message: Type.Optional(
      Type.String({
        description: `Your message, as seed 004 shows it: the passages in quotation marks ("…", “…”, „…“, «…», ‘…’) or on lines starting with >, and the entry you mean named around them ("the vys entry", "entry #15"). At most ${MAX_PASSAGES} passages are explicated. Give quote or message`,
        minLength: 1,
        maxLength: 8000,
      }),
    ),
    entry_id: Type.Optional(
      Type.Integer({ description: "Only look in this entry's definition, current or former (a deleted entry's history too)", minimum: 1 }),
    ),
  }),
  examples: [
    {
      summary: "Ask about a passage as seed 004's agent does",
      value: {
        message:
          'I need clarification on this part of the vys entry:\n"the vys flows through crystalline channels in the body"\n\nCan you show me the source for this?',
      },
    },
    { summary: 'Explicate a bare passage of one entry', value: { quote: 'the vys flows through crystalline channels in the body', entry_id: 15 } },
  ],
  output: Type.Object(
    {
      ...Fields,
      count: Type.Optional(Type.Integer({ description: 'Several passages in the message: how many were explicated' })),
      explications: Type.Optional(Type.Array(ExplicationSchema, { description: 'Several passages in the message: one explication each, in order' })),
    },
    { description: 'One passage: the explication (<explication>); several: <explications count> holding one each' },
  ),
  scope: 'read',
  annotations: { title: 'Explicate a quoted passage', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  precheck({ quote, message }) {
    if (quote === undefined && message === undefined)
      fail('VALIDATION_ERROR', 'Missing required parameter: quote (or message)', { details: { parameter: 'quote' } })
    if (quote !== undefined && message !== undefined)
      fail('VALIDATION_ERROR', 'Give either quote (a bare passage) or message (your message quoting passages), not both')
  },
  async execute({ quote, message, entry_id: entryId }, ctx) {
    const db = ctx.services.db
    if (message === undefined) {
      const out = await explicate(db, { quote: quote ?? '', entryId })
      if (out.note) ctx.warn(out.note)
      return out
    }
    const { result, dropped } = await explicateMessage(db, message, entryId)
    for (const e of 'explications' in result ? result.explications : [result]) if (e.note) ctx.warn(e.note)
    if (dropped) ctx.warn(`The message quotes ${dropped + MAX_PASSAGES} passages; only the first ${MAX_PASSAGES} were explicated`)
    return result
  },
  xml: (out) =>
    out.explications ? el('explications', { count: out.count }, ...out.explications.map((e) => explicationXml(e, { quote: e.quote }))) : explicationXml(out),
})
