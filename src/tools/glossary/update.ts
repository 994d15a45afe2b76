/**
 * Seed 004 `glossary_update`: changes only the fields given, and reports the ones whose value
 * actually changed. Sets the last-updated post and thread from the caller's context and writes a
 * revision; a call that changes nothing writes nothing and says so.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'
import { el } from '../../lib/xml.js'
import { updateEntry, type Entry, type EntryField, type EntryValues } from '../../glossary/entries.js'
import { checkDefinition, DEFINITION_MAX, normalizeTags, normalizeTerm, STATUSES, TERM_MAX } from '../../glossary/terms.js'
import { warnUnresolved } from '../../glossary/unresolved.js'
import { dryRunNote, GLOSSARY, prepareWrite, SOURCE_RULE, Tags } from './support/common.js'

const list = (tags: string[]) => (tags.length ? tags.join(', ') : 'none')

/** One sentence per changed field, in the seed's words: "Previous status: tentative, new status: confirmed." */
function describe(field: EntryField, before: Entry, after: Entry): string {
  switch (field) {
    case 'term':
      return `Previous term: ${before.term}, new term: ${after.term}.`
    case 'definition':
      return `Definition replaced (${before.definition.length} → ${after.definition.length} characters).`
    case 'tags':
      return `Previous tags: ${list(before.tags)}, new tags: ${list(after.tags)}.`
    case 'status':
      return `Previous status: ${before.status}, new status: ${after.status}.`
  }
}

export default defineTool({
  name: 'glossary_update',
  ...GLOSSARY,
  description: `Modify an existing glossary entry. Only provided fields are modified; last_updated_post_id and last_updated_thread_id are set from the current context. ${SOURCE_RULE} Changes are logged to revision history.`,
  input: Type.Object({
    entry_id: Type.Integer({ minimum: 1, description: 'ID of entry to update' }),
    term: Type.Optional(Type.String({ minLength: 1, maxLength: TERM_MAX, description: 'New term name (for corrections or disambiguation changes)' })),
    definition: Type.Optional(Type.String({ minLength: 1, maxLength: DEFINITION_MAX, description: 'New definition text' })),
    tags: Type.Optional(Tags('Replace all tags with this list')),
    status: Type.Optional(StringEnum(STATUSES, { description: 'New status' })),
  }),
  examples: [{ summary: 'Confirm an entry', value: { entry_id: 15, status: 'confirmed' } }],
  output: Type.Object({
    id: Type.Integer(),
    term: Type.String({ description: 'The term after the update' }),
    fields: Type.Array(StringEnum(['term', 'definition', 'tags', 'status']), { description: 'The fields whose value changed' }),
    message: Type.String(),
  }),
  scope: 'write',
  contextHeaders: ['x-post-id', 'x-thread-id'],
  supportsDryRun: true,
  annotations: { title: 'Update a glossary entry', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async execute(args, ctx) {
    const changes: Partial<EntryValues> = {
      ...(args.term !== undefined && { term: normalizeTerm(args.term) }),
      ...(args.definition !== undefined && { definition: checkDefinition(args.definition) }),
      ...(args.tags !== undefined && { tags: normalizeTags(args.tags) }),
      ...(args.status !== undefined && { status: args.status }),
    }
    const given = Object.keys(changes)
    const write = await prepareWrite(ctx)
    const { before, after, changed } = await updateEntry(ctx.services.db, args.entry_id, changes, write.actor, write.options)
    const source = write.finish(changed.length > 0)
    let message: string
    if (given.length === 0) {
      message = 'Nothing to change: give at least one of term, definition, tags, status. No revision written.'
    } else if (changed.length === 0) {
      message = `Nothing changed: ${given.join(', ')} already ${given.length > 1 ? 'have' : 'has'} the given value. No revision written.`
    } else {
      const same = given.filter((f) => !changed.includes(f as EntryField))
      message = changed.map((f) => describe(f, before, after)).join(' ') + (same.length ? ` Unchanged: ${same.join(', ')}.` : '')
      if (changed.includes('definition')) await warnUnresolved(ctx, after.definition)
    }
    return { id: after.id, term: after.term, fields: changed, message: `${dryRunNote(ctx)}${message}${source}` }
  },
  xml: (out) => el('glossary_updated', { id: out.id, term: out.term, fields: out.fields.join(',') }, out.message),
})
