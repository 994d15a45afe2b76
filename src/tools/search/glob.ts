/**
 * Seed 002 `Glob`: Claude Code's file finder. Paths relative to the workspace, newest first (by
 * modification time), at most 1000; .gitignore honoured, `.git` and files blocked for reading left
 * out, symbolic links never followed (rg lists the files; see engine/find-files.ts).
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { unlessAborted } from './engine/abort.js'
import { MAX_GLOB_RESULTS, findFiles, newestFirst } from './engine/find-files.js'

export default defineTool({
  name: 'Glob',
  toolset: 'claude',
  category: 'FILE',
  description:
    'Find files by name pattern, e.g. "**/*.ts" or "src/**/*.{js,jsx}". Returns paths relative to the workspace, ' +
    'most recently modified first (at most 1000). Respects .gitignore.',
  input: Type.Object({
    pattern: Type.String({ minLength: 1, description: 'The glob pattern to match files against, relative to path' }),
    path: Type.Optional(Type.String({ description: 'The folder to search in, relative to the workspace root. Defaults to the root' })),
  }),
  examples: [{ summary: 'TypeScript files under src', value: { pattern: '**/*.ts', path: 'src' } }],
  output: ToolResult({
    matches: Type.Array(Type.String(), { description: 'Matching paths, newest first' }),
    count: Type.Integer({ description: 'Paths returned' }),
    total: Type.Integer({ description: 'Paths found before the cap' }),
    truncated: Type.Boolean({ description: 'More than 1000 files matched' }),
  }),
  scope: 'read',
  annotations: { title: 'Find files', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 300_000 },
  async execute({ pattern, path }, ctx) {
    const sorted = await unlessAborted(ctx, async () => {
      const found = await findFiles(ctx, pattern, path, 'Glob')
      if (!found.complete) ctx.warn(`More than ${found.paths.length} files matched; only those were sorted. Narrow the pattern or path`)
      return newestFirst(ctx.workspace, found.paths, ctx.signal)
    })
    const matches = sorted.slice(0, MAX_GLOB_RESULTS)
    const truncated = sorted.length > MAX_GLOB_RESULTS
    if (truncated) ctx.warn(`${sorted.length} files matched; showing the ${MAX_GLOB_RESULTS} newest. Narrow the pattern or path`)
    return { success: true, output: matches.join('\n'), error: null, metadata: { matches, count: matches.length, total: sorted.length, truncated } }
  },
})
