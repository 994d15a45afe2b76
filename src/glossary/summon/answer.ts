/**
 * One turn of a summoned dialogue: with an LLM, the past agent answers from its context and the
 * dialogue so far; without one, the snapshot's own entries and the posts they came from are
 * retrieved, and the caller is told.
 */
import type { SnapshotRow } from '../snapshots/store.js'
import type { ToolContext } from '../../tools/define.js'
import { gatherContext } from './context.js'
import { dialogueMessages, systemPrompt, type DialogueTurn } from './prompt.js'
import { retrievalAnswer, retrieve } from './retrieval.js'
import type { TurnMode } from './store.js'

export const ANSWER_MAX_TOKENS = 1_024

export async function answerTurn(
  ctx: ToolContext,
  snapshot: SnapshotRow,
  earlier: readonly DialogueTurn[],
  message: string,
): Promise<{ response: string; mode: TurnMode }> {
  const { db, llm } = ctx.services
  if (llm?.configured) {
    // Relevance follows the dialogue's opening question as well as the new message: a follow-up
    // such as "and later?" says little by itself.
    const question = earlier.length ? `${earlier[0].message}\n${message}` : message
    const context = await gatherContext(db, snapshot, question)
    const result = await llm.chat(dialogueMessages(systemPrompt(snapshot, context), earlier, message), {
      maxTokens: ANSWER_MAX_TOKENS,
      temperature: 0.2,
      signal: ctx.signal,
      onUsage: (u) => ctx.reportUsage(u),
    })
    if (result.finishReason === 'length') ctx.warn(`The summoned agent's answer reached ${ANSWER_MAX_TOKENS} tokens and may be cut off`)
    return { response: result.content.trim(), mode: 'llm' }
  }
  ctx.warn(
    `No LLM is configured (set LLM_BASE_URL and LLM_MODEL), so the summoned context answered by retrieval: the entries of snapshot ${snapshot.id} most similar to the message and the posts they were written from, quoted, not an answer in the past agent's words`,
  )
  return { response: retrievalAnswer(snapshot, await retrieve(db, snapshot, message)), mode: 'retrieval' }
}
