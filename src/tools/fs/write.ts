/**
 * Seed 002 `Write`: a whole file, written atomically (temp file + rename through the workspace
 * guard), parent folders created. Overwriting is allowed but always said out loud.
 */
import { Type } from 'typebox'
import { writeFileInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { planWrite } from './support/guard.js'

export default defineTool({
  name: 'Write',
  toolset: 'claude',
  category: 'FILE',
  description: 'Write content to a file, creating it (and its parent folders) or replacing it whole.',
  input: Type.Object({
    file_path: Type.String({ description: 'Absolute path to the file to write (or a path relative to the workspace root)' }),
    content: Type.String({ description: 'The content to write to the file' }),
  }),
  examples: [{ summary: 'Write a small text file', value: { file_path: 'notes/todo.txt', content: 'Ship the docs\n' } }],
  output: ToolResult({
    bytes_written: Type.Integer({ description: 'Bytes written (0 in a dry run)' }),
    file_path: Type.String({ description: 'The file, relative to the workspace root' }),
    created: Type.Boolean({ description: 'True when the file did not exist before' }),
    dry_run: Type.Boolean({ description: 'Present in a dry run: nothing was written' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  annotations: { title: 'Write file', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  async execute({ file_path, content }, ctx) {
    const bytes = Buffer.byteLength(content)
    if (ctx.dryRun) {
      const { res, existing } = await planWrite(ctx.workspace, file_path, ctx.settings.blockPolicy)
      if (existing !== null) ctx.warn(`[Dry Run] ${res.rel} exists and would be overwritten`)
      return {
        success: true,
        output: `[Dry Run] Would write ${bytes} bytes to ${res.rel}`,
        error: null,
        metadata: { bytes_written: 0, file_path: res.rel, created: false, dry_run: true },
      }
    }
    const done = await writeFileInside(ctx.workspace, file_path, content, { createParents: true, policy: ctx.settings.blockPolicy })
    if (!done.created) ctx.warn(`Overwrote existing file ${done.rel}`)
    return {
      success: true,
      output: `${done.created ? 'Created' : 'Overwrote'} ${done.rel} (${done.bytes} bytes)`,
      error: null,
      metadata: { bytes_written: done.bytes, file_path: done.rel, created: done.created },
    }
  },
})
