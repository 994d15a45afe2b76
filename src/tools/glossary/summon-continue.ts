/** Seed 004 `summon_continue`: the next turn of the session's summoned dialogue, with all earlier turns sent along. */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { getSnapshot } from '../../glossary/snapshots/store.js'
import { el } from '../../lib/xml.js'
import { answerTurn } from '../../glossary/summon/answer.js'
import { appendTurn, requireActive, turnsOf } from '../../glossary/summon/store.js'
import { defineTool } from '../define.js'
import { SUMMON_TIMEOUT } from './summon-snapshot.js'

export default defineTool({
  name: 'summon_continue',
  toolset: 'glossary',
  category: 'CONTEXT',
  description:
    'Continue dialogue with a summoned snapshot context: send a follow-up message; the summoned agent sees the whole dialogue so far. Needs an active summon in this session (summon_snapshot).',
  input: Type.Object({
    message: Type.String({ description: 'Follow-up message to the summoned context', minLength: 1, maxLength: 8000 }),
  }),
  examples: [{ summary: 'A follow-up question', value: { message: 'Was that stated by the quest master or inferred?' } }],
  output: Type.Object({
    turn: Type.Integer({ description: "This turn's number: the summon's own answer is turn 1, the first follow-up turn 2" }),
    response: Type.String({ description: "The summoned agent's response to the follow-up" }),
  }),
  scope: 'read',
  annotations: { title: 'Continue summoned dialogue', readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  timeout: SUMMON_TIMEOUT,
  precheck({ message }) {
    if (message.trim() === '') fail('VALIDATION_ERROR', 'Value for message is empty: write a follow-up message')
  },
  async execute({ message }, ctx) {
    const db = ctx.services.db
    const summon = await requireActive(db, { callerId: ctx.caller.id, session: ctx.session })
    const snapshot = await getSnapshot(db, summon.snapshotId)
    if (!snapshot) fail('SNAPSHOT_NOT_FOUND', `Snapshot ${summon.snapshotId} of the active summon no longer exists; dismiss it with summon_dismiss`)
    const earlier = await turnsOf(db, summon.id)
    const turn = summon.turns + 1
    const answer = await answerTurn(ctx, snapshot, earlier, message)
    await appendTurn(db, summon.id, { turn, message, response: answer.response, mode: answer.mode })
    return { turn, response: answer.response }
  },
  xml: (out) => el('summoned_response', { turn: out.turn }, out.response),
})
