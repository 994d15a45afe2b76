/** What the four glossary tools share: the tag schema, the writer's identity and source, the checkpoint. */
import { Type } from 'typebox'
import type { ToolContext } from '../../define.js'
import type { Actor, WriteOptions } from '../../../glossary/entries.js'
import { getReadingPosition, resolveSource, type WriteSource } from '../../../glossary/reading-position.js'
import { checkpointIfDue, type SnapshotRow } from '../../../glossary/snapshots/store.js'
import { TAG_MAX, TAGS_MAX } from '../../../glossary/terms.js'

export const GLOSSARY = { toolset: 'glossary', category: 'GLOSSARY' } as const

export const Tags = (description: string) => Type.Array(Type.String({ minLength: 1, maxLength: TAG_MAX }), { maxItems: TAGS_MAX, description })

/** Said once in every write tool's description. */
export const SOURCE_RULE =
  'The post and thread come from X-Post-Id / X-Thread-Id, or, when they are not sent, from the post read_post or read_thread_range last returned in this session (the reading position); the answer says when the reading position was used.'

export interface PreparedWrite {
  actor: Actor
  options: WriteOptions
  source: WriteSource
  /** After the write succeeded (`wrote`: a revision was written): logs the checkpoint, says where the source came from. */
  finish(wrote?: boolean): string
}

function sourceNote(s: WriteSource): string {
  if (s.from !== 'reading_position' && s.from !== 'headers_and_reading_position') return ''
  const where = [s.postId !== undefined && `post ${s.postId}`, s.threadId !== undefined && `thread ${s.threadId}`].filter(Boolean).join(', ')
  const how = s.from === 'reading_position' ? 'no X-Post-Id/X-Thread-Id was sent' : 'the header sent was completed from it'
  return ` Source: ${where}, this session's reading position (${how}).`
}

/**
 * Resolves where the write comes from (headers, else the session's reading position) and arranges
 * the automatic checkpoint (TOOLGATE_CHECKPOINT_EVERY), taken inside the write's transaction just
 * before it changes anything. A dry run changes nothing, snapshots and reading positions included.
 */
export async function prepareWrite(ctx: ToolContext): Promise<PreparedWrite> {
  const headers = { postId: ctx.postId, threadId: ctx.threadId }
  const both = headers.postId !== undefined && headers.threadId !== undefined
  const at = both ? undefined : await getReadingPosition(ctx.services.db, { callerId: ctx.caller.id, session: ctx.session })
  const source = resolveSource(headers, at)
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
    source,
    options: { dryRun: ctx.dryRun, beforeWrite: ctx.dryRun ? undefined : beforeWrite },
    finish(wrote = true) {
      if (taken) ctx.log.info({ snapshot_id: taken.id, thread_position: taken.thread_position }, 'Automatic glossary checkpoint taken')
      if (!wrote) return ''
      if (source.from === 'none')
        ctx.warn(
          'No X-Post-Id/X-Thread-Id was sent and this session has no reading position (read_post or read_thread_range sets one): the revision has no source post',
        )
      return sourceNote(source)
    },
  }
}

export const dryRunNote = (ctx: ToolContext) => (ctx.dryRun ? 'Dry run: nothing was saved. ' : '')
