/** What the four glossary tools share: the tag schema, the writer's identity, the checkpoint. */
import { Type } from 'typebox'
import type { ToolContext } from '../../define.js'
import type { Actor } from '../../../glossary/entries.js'
import { checkpointIfDue } from '../../../glossary/snapshots/store.js'
import { TAG_MAX, TAGS_MAX } from '../../../glossary/terms.js'

export const GLOSSARY = { toolset: 'glossary', category: 'GLOSSARY' } as const

export const Tags = (description: string) => Type.Array(Type.String({ minLength: 1, maxLength: TAG_MAX }), { maxItems: TAGS_MAX, description })

export function actorOf(ctx: ToolContext): Actor {
  return {
    id: ctx.caller.id,
    name: ctx.caller.name,
    sessionId: ctx.sessionId,
    executionId: ctx.executionId,
    postId: ctx.postId,
    threadId: ctx.threadId,
  }
}

/**
 * Every write first freezes the glossary as it stood when the agent entered a new thread, if a
 * checkpoint is due there (TOOLGATE_CHECKPOINT_EVERY). A dry run changes nothing, snapshots included.
 */
export async function beforeWrite(ctx: ToolContext): Promise<void> {
  if (ctx.dryRun) return
  const snapshot = await checkpointIfDue(ctx.services.db, ctx.settings.checkpointEvery, ctx.threadId, ctx.caller.id)
  if (snapshot) ctx.log.info({ snapshot_id: snapshot.id, thread_position: snapshot.thread_position }, 'Automatic glossary checkpoint taken')
}

export const dryRunNote = (ctx: ToolContext) => (ctx.dryRun ? 'Dry run: nothing was saved. ' : '')
