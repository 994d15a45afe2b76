/**
 * Seed 002 `BashOutput`: what a background shell printed since the last read (each shell keeps one
 * read cursor), optionally only the lines matching `filter`, with the shell's status and exit code.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { filterLines } from './support/filter.js'
import { outputBudget } from '../../exec/run.js'

export default defineTool({
  name: 'BashOutput',
  toolset: 'claude',
  category: 'EXECUTION',
  description:
    "Get output from background shell. Returns only output new since the last read, with the shell's status (running, exited, killed) and exit code.",
  input: Type.Object({
    bash_id: Type.String({ description: 'The ID of the background shell to retrieve output from' }),
    filter: Type.Optional(
      Type.String({
        description:
          'Optional regular expression to filter the output lines. Only lines matching this regex will be included in the result. Any lines that do not match will no longer be available to read.',
      }),
    ),
  }),
  examples: [{ summary: 'New output of a background shell, errors only', value: { bash_id: 'shell_1', filter: 'ERROR' } }],
  output: ToolResult({
    bash_id: Type.String(),
    status: Type.String({ description: 'running | exited | killed' }),
    returncode: Type.Union([Type.Integer(), Type.Null()], { description: 'Exit code once the shell has exited' }),
    signal: Type.Union([Type.String(), Type.Null()]),
    has_more: Type.Boolean({ description: 'More new output is waiting than fitted in this answer: call again' }),
    dropped_chars: Type.Integer({ description: "Older output dropped unread because the shell's buffer is full" }),
  }),
  scope: 'exec',
  annotations: { title: 'Read background shell output', readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  timeout: { defaultMs: 10_000, maxMs: 60_000 },
  async execute({ bash_id: id, filter }, ctx) {
    const shells = ctx.services.shells
    const got = await shells.read(ctx.caller.id, id, {
      max: outputBudget(ctx.maxOutputSize),
      wholeLines: filter !== undefined,
      peek: ctx.dryRun,
      transform: filter === undefined ? undefined : (text) => filterLines(text, filter, ctx),
    })
    const notes: string[] = []
    if (got.dropped > 0)
      notes.push(`[${got.dropped} characters of older output were dropped unread: a shell keeps its newest ${shells.ringChars} characters]\n`)
    if (!got.kept) notes.push(`[The output of ${id} is no longer kept: it ended more than an hour ago]\n`)
    if (got.remaining > 0) ctx.warn(`${got.remaining} more characters of output are waiting: call BashOutput again`)
    return {
      success: true,
      output: notes.join('') + got.text,
      error: null,
      metadata: {
        bash_id: id,
        status: got.status,
        returncode: got.returncode,
        signal: got.signal,
        has_more: got.remaining > 0,
        dropped_chars: got.dropped,
      },
    }
  },
})
