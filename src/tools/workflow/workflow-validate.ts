/**
 * Seed 003 `workflow_validate`: `run(path)`. Checks a workflow file against schema v1
 * (GET /v1/schemas/workflow) and against this server: tools that exist and get their required
 * arguments, expressions that parse and refer to earlier steps and declared params, unique ids.
 * Every problem at once, each with its line:column; a file with problems is an answer, not an error.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { PATH_MAX } from '../limits.js'
import { ToolResult } from '../schema.js'
import { readWorkflowFile } from './support/read.js'

export default defineTool({
  name: 'workflow_validate',
  toolset: 'codex',
  category: 'WORKFLOW',
  description:
    'Validate a workflow file (YAML or JSON, schema v1 at GET /v1/schemas/workflow) without running it: every problem at once, each with its line:column — unknown tools (with did-you-mean), missing required arguments, unknown step references, forward references and cycles, bad expressions, duplicate ids.',
  input: Type.Object({
    path: Type.String({ maxLength: PATH_MAX, description: 'The workflow file, relative to the workspace root' }),
  }),
  examples: [{ summary: 'Check a workflow file before running it', value: { path: 'workflows/glossary-annotate.yaml' } }],
  output: ToolResult({
    path: Type.String({ description: 'The file, relative to the workspace root' }),
    valid: Type.Boolean({ description: 'True when the file has no problems' }),
    name: Type.Union([Type.String(), Type.Null()], { description: "The workflow's name, when it has one" }),
    steps: Type.Integer({ description: 'Steps in the file, nested ones included' }),
    problems: Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer(), message: Type.String() }), {
      description: 'Each problem with where it is (1-based line and column)',
    }),
  }),
  scope: 'read',
  annotations: { title: 'Validate a workflow', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async execute({ path }, ctx) {
    const { rel, source } = await readWorkflowFile(ctx, path)
    const result = await ctx.services.workflows.check(source)
    const name = result.workflow?.name ?? nameOf(source)
    const metadata = { path: rel, valid: result.problems.length === 0, name, steps: result.steps, problems: result.problems }
    if (metadata.valid) return { success: true, output: `${rel}: workflow ${name} is valid (${result.steps} steps)`, error: null, metadata }
    const n = result.problems.length
    const lines = result.problems.map((p) => `${rel}:${p.line}:${p.column}: ${p.message}`)
    return { success: false, output: lines.join('\n'), error: `${n} problem${n === 1 ? '' : 's'} in ${rel}`, metadata }
  },
})

/** The `name:` line of a file too broken to parse, for the answer's header. */
function nameOf(source: string): string | null {
  return /^name:\s*["']?([A-Za-z_][A-Za-z0-9_]*)/m.exec(source.slice(0, 4096))?.[1] ?? null
}
