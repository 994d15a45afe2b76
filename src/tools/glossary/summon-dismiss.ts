/** Seed 004 `summon_dismiss`: end the session's summoned dialogue; the summary is logged for audit and kept. */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { el } from '../../lib/xml.js'
import { dismissSummon } from '../../glossary/summon/store.js'
import { defineTool } from '../define.js'

export const DISMISSED_MESSAGE = 'Dialogue ended. Summary logged.'

export default defineTool({
  name: 'summon_dismiss',
  toolset: 'glossary',
  category: 'CONTEXT',
  description: 'End dialogue with summoned context. The summary is logged for audit, the summoned context is discarded, and the main annotation loop resumes.',
  input: Type.Object({
    summary: Type.String({ description: 'Brief summary of what was learned from the dialogue', minLength: 1, maxLength: 4000 }),
  }),
  examples: [{ summary: 'Close the dialogue with what was learned', value: { summary: 'The channels come from post 12567, stated by the quest master.' } }],
  output: Type.Object({
    snapshot_id: Type.Integer({ description: 'The snapshot that was summoned' }),
    turns: Type.Integer({ description: "Turns the dialogue had (the summon's answer counts as turn 1)" }),
    message: Type.String({ description: 'What happened' }),
  }),
  scope: 'read',
  annotations: { title: 'Dismiss summoned context', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  precheck({ summary }) {
    if (summary.trim() === '') fail('VALIDATION_ERROR', 'Value for summary is empty: say briefly what the dialogue taught you')
  },
  async execute({ summary }, ctx) {
    const ended = await dismissSummon(ctx.services.db, { callerId: ctx.caller.id, session: ctx.session }, summary)
    ctx.log.info(
      { summon_id: ended.id, snapshot_id: ended.snapshotId, turns: ended.turns, session: ctx.session, caller: ctx.caller.id, summary },
      `Summon ${ended.id} of snapshot ${ended.snapshotId} dismissed after ${ended.turns} turns`,
    )
    return { snapshot_id: ended.snapshotId, turns: ended.turns, message: DISMISSED_MESSAGE }
  },
  xml: (out) => el('summoned_dismissed', { snapshot_id: out.snapshot_id, turns: out.turns }, out.message),
})
