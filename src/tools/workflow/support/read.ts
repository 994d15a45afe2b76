/** Reads a workflow file of the caller's workspace, through the same guard the file tools use, bounded. */
import { fail } from '../../../errors.js'
import type { ToolContext } from '../../define.js'
import { openForRead } from '../../../workspace/index.js'
import { LIMITS } from '../../../workflows/schema.js'

export async function readWorkflowFile(ctx: ToolContext, userPath: string): Promise<{ rel: string; source: string }> {
  const { handle, stat, rel } = await openForRead(ctx.workspace, userPath, { policy: ctx.settings.blockPolicy, maxBytes: LIMITS.fileBytes })
  let bytes: Buffer
  try {
    bytes = Buffer.alloc(stat.size)
    const { bytesRead } = await handle.read(bytes, 0, stat.size, 0)
    bytes = bytes.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  if (bytes.includes(0)) fail('BINARY_FILE', `${rel} is a binary file, not a workflow (YAML or JSON text)`)
  try {
    return { rel, source: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    fail('INVALID_REQUEST', `${rel} is not UTF-8 text; a workflow file is YAML or JSON in UTF-8`)
  }
}
