/**
 * Seed 004 `summon_snapshot`: rehydrate a past context — the snapshot's glossary and the posts read
 * up to its thread position — and ask it a first question (turn 1). One summon per session.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { getSnapshot } from '../../glossary/snapshots/store.js'
import { el } from '../../lib/xml.js'
import { answerTurn } from '../../glossary/summon/answer.js'
import { appendTurn, claimSummon, releaseClaim } from '../../glossary/summon/store.js'
import { defineTool } from '../define.js'

export const AVAILABLE_ACTIONS = 'Use summon_continue to ask follow-up questions, or summon_dismiss to end.'
export const SUMMON_TIMEOUT = { defaultMs: 120_000, minMs: 1_000, maxMs: 600_000 }

export default defineTool({
  name: 'summon_snapshot',
  toolset: 'glossary',
  category: 'CONTEXT',
  description:
    "Rehydrate a past context for multi-turn dialogue: the annotation agent as it was at the snapshot's thread position answers your question from the glossary and posts it knew then. Without an LLM it answers by retrieval: the snapshot's entries most similar to the question, each with the posts it was written from, and other posts read by then (bounded; the caps are stated in the response). Read-only. Only one summoned context is active at a time per session (X-Session-Id): dismiss it with summon_dismiss before summoning another.",
  input: Type.Object({
    snapshot_id: Type.Integer({ description: 'ID of the snapshot to summon', minimum: 1 }),
    query: Type.String({ description: 'Initial question to ask the summoned context', minLength: 1, maxLength: 8000 }),
  }),
  examples: [
    { summary: "Ask the authoring context (seed 004's suggestion)", value: { snapshot_id: 8, query: 'Where did the crystalline channels come from?' } },
  ],
  output: Type.Object({
    snapshot_id: Type.Integer({ description: 'The summoned snapshot' }),
    thread_position: Type.Integer({ description: 'Thread position of its frozen state' }),
    response: Type.String({ description: "The summoned agent's response to the query (turn 1)" }),
    available_actions: Type.String({ description: 'What to do next' }),
  }),
  scope: 'read',
  annotations: { title: 'Summon snapshot', readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  timeout: SUMMON_TIMEOUT,
  precheck({ query }) {
    if (query.trim() === '') fail('VALIDATION_ERROR', 'Value for query is empty: ask the summoned context a question')
  },
  async execute({ snapshot_id: snapshotId, query }, ctx) {
    const db = ctx.services.db
    const snapshot = await getSnapshot(db, snapshotId)
    if (!snapshot) fail('SNAPSHOT_NOT_FOUND', `No snapshot with id ${snapshotId}; list_snapshots shows the snapshots there are`)
    const summonId = await claimSummon(db, { callerId: ctx.caller.id, session: ctx.session, snapshotId })
    let answer
    try {
      answer = await answerTurn(ctx, snapshot, [], query)
      await appendTurn(db, summonId, { turn: 1, message: query, response: answer.response, mode: answer.mode })
    } catch (err) {
      await releaseClaim(db, summonId).catch((e) => ctx.log.warn({ err: e, summon_id: summonId }, 'Could not release a failed summon'))
      throw err
    }
    ctx.log.info({ summon_id: summonId, snapshot_id: snapshotId, session: ctx.session, mode: answer.mode }, `Snapshot ${snapshotId} summoned`)
    return { snapshot_id: snapshotId, thread_position: snapshot.thread_position, response: answer.response, available_actions: AVAILABLE_ACTIONS }
  },
  xml: (out) =>
    el(
      'summoned_context',
      { snapshot_id: out.snapshot_id, thread_position: out.thread_position },
      el('response', {}, out.response),
      el('available_actions', {}, out.available_actions),
    ),
})
