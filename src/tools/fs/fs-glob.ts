/**
 * Seed 003 `fs_glob`: Codex's glob over the workspace. Matched relative paths, sorted by path, in
 * metadata `matches`; the same finder and rules as Glob (.gitignore, `.git`, blocked names, links).
 */
import { Type } from 'typebox'
import { sortInSlices } from '../../lib/sort-in-slices.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { unlessAborted } from '../search/engine/abort.js'
import { MAX_GLOB_RESULTS, findFiles } from '../search/engine/find-files.js'

export default defineTool({
  name: 'fs_glob',
  toolset: 'codex',
  category: 'FILE',
  description: 'Glob-matching files relative to workspace (e.g. "**/*.py"). Matched relative paths are in metadata.matches.',
  input: Type.Object({
    pattern: Type.String({ minLength: 1, description: 'Glob pattern relative to the workspace root, e.g. "src/**/*.py"' }),
  }),
  examples: [{ summary: 'Every Python file under src', value: { pattern: 'src/**/*.py' } }],
  output: ToolResult({
    matches: Type.Array(Type.String(), { description: 'Matching paths relative to the workspace, sorted' }),
    count: Type.Integer({ description: 'Number of matches returned' }),
    truncated: Type.Boolean({ description: 'More than 1000 files matched' }),
  }),
  scope: 'read',
  annotations: { title: 'Glob files', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 300_000 },
  async execute({ pattern }, ctx) {
    const { paths: found, complete } = await unlessAborted(ctx, () => findFiles(ctx, pattern, undefined, 'fs_glob'))
    if (!complete) ctx.warn(`More than ${found.length} files matched; only those were sorted. Narrow the pattern`)
    await sortInSlices(found, (a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const matches = found.slice(0, MAX_GLOB_RESULTS)
    const truncated = found.length > MAX_GLOB_RESULTS
    if (truncated) ctx.warn(`${found.length} files matched; returning the first ${MAX_GLOB_RESULTS} by path. Narrow the pattern`)
    return { success: true, output: matches.join('\n'), error: null, metadata: { matches, count: matches.length, truncated } }
  },
})
