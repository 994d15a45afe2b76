/** Seed 002 `KillShell`: ends a background shell's whole process group and records it as killed. */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'

export default defineTool({
  name: 'KillShell',
  toolset: 'claude',
  category: 'EXECUTION',
  description: 'Kill a background shell started with Bash run_in_background, with every process it started.',
  input: Type.Object({
    shell_id: Type.String({ description: 'The ID of the background shell to kill' }),
  }),
  examples: [{ summary: 'Stop a background shell', value: { shell_id: 'shell_1' } }],
  output: ToolResult({
    shell_id: Type.String(),
    status: Type.String({ description: 'killed (or running, on a dry run)' }),
    returncode: Type.Union([Type.Integer(), Type.Null()]),
    signal: Type.Union([Type.String(), Type.Null()]),
    dry_run: Type.Boolean(),
  }),
  scope: 'exec',
  supportsDryRun: true,
  annotations: { title: 'Kill a background shell', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  timeout: { defaultMs: 10_000, maxMs: 60_000 },
  async execute({ shell_id: id }, ctx) {
    const shell = await ctx.services.shells.kill(ctx.caller.id, id, { dryRun: ctx.dryRun })
    const meta = { shell_id: id, status: shell.status, returncode: shell.returncode, signal: shell.signal }
    if (ctx.dryRun) {
      return {
        success: true,
        output: `[Dry Run] Would kill background shell ${id} (running in ${shell.cwd}: ${shell.command}) and every process it started`,
        error: null,
        metadata: { ...meta, dry_run: true },
      }
    }
    return { success: true, output: `Killed background shell ${id} (${shell.command})`, error: null, metadata: meta }
  },
})
