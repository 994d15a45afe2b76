/** What the four glossary tools share: the tag schema, the writer's identity and source, the checkpoint. */
import { Type } from 'typebox'
import type { ToolContext } from '../../define.js'
import type { Actor, WriteOptions } from '../../../glossary/entries.js'
import { checkpointIfDue, type SnapshotRow } from '../../../glossary/snapshots/store.js'
import { TAG_MAX, TAGS_MAX } from '../../../glossary/terms.js'

export const GLOSSARY = { toolset: 'glossary', category: 'GLOSSARY' } as const

export const Tags = (description: string) => Type.Array(Type.String({ minLength: 1, maxLength: TAG_MAX }), { maxItems: TAGS_MAX, description })

/** Said once in every write tool's description. */
export const SOURCE_RULE = 'The post and thread come from X-Post-Id / X-Thread-Id.'

export interface PreparedWrite {
  actor: Actor
  options: WriteOptions
  /** After the write succeeded (`wrote`: a revision was written): logs the checkpoint it took. */
  finish(wrote?: boolean): string
}

/**
 * The writer and its context, and the automatic checkpoint (TOOLGATE_CHECKPOINT_EVERY), taken
 * inside the write's transaction just before it changes anything. A dry run changes nothing.
 */
export async function prepareWrite(ctx: ToolContext): Promise<PreparedWrite> {
  const source = { postId: ctx.postId, threadId: ctx.threadId }
  const actor: Actor = {
    id: ctx.caller.id,
    name: ctx.caller.name,
    sessionId: ctx.sessionId,
    executionId: ctx.executionId,
    postId: source.postId,
    threadId: source.threadId,
  }
  let taken: SnapshotRow | undefined
  const beforeWrite = async (tx: typeof ctx.services.db) => {
    taken = await checkpointIfDue(tx, ctx.settings.checkpointEvery, source.threadId, ctx.caller.id)
  }
  return {
    actor,
    options: { dryRun: ctx.dryRun, beforeWrite: ctx.dryRun ? undefined : beforeWrite },
    finish() {
      if (taken) ctx.log.info({ snapshot_id: taken.id, thread_position: taken.thread_position }, 'Automatic glossary checkpoint taken')
      return ''
    },
  }
}

export const dryRunNote = (ctx: ToolContext) => (ctx.dryRun ? 'Dry run: nothing was saved. ' : '')
