/** The corpus tools record where the session is reading, for the glossary write tools (seed 004's "current context"). */
import { type ReadingPosition, setReadingPosition } from '../../../glossary/reading-position.js'
import type { ToolContext } from '../../define.js'

export const READING_POSITION_RULE =
  'glossary_create, glossary_update and glossary_delete take their post and thread from it when the call sends no X-Post-Id / X-Thread-Id (per key and X-Session-Id; a dry run leaves it unchanged).'

/** Records the session's reading position; a dry run changes nothing, this included. */
export async function remember(ctx: ToolContext, at: ReadingPosition): Promise<void> {
  if (ctx.dryRun) return
  await setReadingPosition(ctx.services.db, { callerId: ctx.caller.id, session: ctx.session }, at)
}
