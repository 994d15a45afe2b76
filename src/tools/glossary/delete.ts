/**
 * Seed 004 `glossary_delete`: removes an entry, with a reason. The revision it writes keeps the
 * entry's old values and the reason; the history stays readable at
 * GET /v1/glossary/entries/{id}/revisions.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { el } from '../../lib/xml.js'
import { fail } from '../../errors.js'
import { deleteEntry } from '../../glossary/entries.js'
import { REASON_MAX } from '../../glossary/terms.js'
import { dryRunNote, GLOSSARY, prepareWrite, SOURCE_RULE } from './support/common.js'

export default defineTool({
  name: 'glossary_delete',
  ...GLOSSARY,
  description: `Remove a glossary entry. Use sparingly; prefer status changes. Deletion is logged to revision history with the reason. ${SOURCE_RULE}`,
  input: Type.Object({
    entry_id: Type.Integer({ minimum: 1, description: 'ID of entry to delete' }),
    reason: Type.String({ minLength: 1, maxLength: REASON_MAX, description: 'Reason for deletion (logged for audit)' }),
  }),
  examples: [{ summary: 'Delete a duplicate', value: { entry_id: 43, reason: 'Duplicate of entry 15' } }],
  output: Type.Object({ id: Type.Integer(), message: Type.String() }),
  scope: 'write',
  contextHeaders: ['x-post-id', 'x-thread-id'],
  supportsDryRun: true,
  annotations: { title: 'Delete a glossary entry', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async execute(args, ctx) {
    const reason = args.reason.trim()
    if (reason === '') fail('VALIDATION_ERROR', 'Value for reason must contain a non-space character', { details: { parameter: 'reason' } })
    const write = await prepareWrite(ctx)
    const entry = await deleteEntry(ctx.services.db, args.entry_id, reason, write.actor, write.options)
    const source = write.finish()
    return { id: entry.id, message: `${dryRunNote(ctx)}Entry '${entry.term}' deleted. Reason: ${reason}${source}` }
  },
  xml: (out) => el('glossary_deleted', { id: out.id }, out.message),
})
