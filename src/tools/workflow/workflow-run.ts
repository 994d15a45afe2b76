/**
 * Seed 003 `workflow_run`: `run(path, params)`. Runs a workflow file's steps in order, each through
 * the pipeline as the caller (never with more rights), recorded as this call's children. Answers
 * with the run: its id, status, each step's status and output, and the workflow's outputs. A step
 * held for approval pauses the run: the answer is 202 with the approval id, and the run goes on in
 * the background once someone decides. Runs are durable (GET /v1/workflow-runs/{id}); see
 * docs/workflows.md.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { bindParams } from '../../workflows/params.js'
import { LIMITS } from '../../workflows/schema.js'
import { defineTool } from '../define.js'
import { PATH_MAX } from '../limits.js'
import { ToolResult } from '../schema.js'
import { summarize } from '../../workflows/record.js'
import { readWorkflowFile } from './support/read.js'

const ENDED_BADLY = new Set(['failed', 'rejected', 'expired', 'interrupted'])

export default defineTool({
  name: 'workflow_run',
  toolset: 'codex',
  category: 'WORKFLOW',
  description:
    'Run a workflow file (YAML or JSON, schema v1): its tool and agent steps in order, each as your own call, with ${{ params.x }} and ${{ steps.<id>.output.<field> }} between them. ' +
    'Answers with the run id, status, each step and the outputs; a step held for approval pauses the run (202 with approval_id) and it goes on once decided. The run record is written to artifacts/<run_id>/run.json.',
  input: Type.Object({
    path: Type.String({ maxLength: PATH_MAX, description: 'The workflow file, relative to the workspace root' }),
    params: Type.Optional(
      // A plain map (additionalProperties), as http's headers: every surface shows it the same way.
      Type.Object(
        {},
        {
          additionalProperties: Type.String({ maxLength: 100_000 }),
          maxProperties: LIMITS.params,
          description: "The workflow's parameters, as strings: read as each one's declared type (lists: a JSON array or comma-separated)",
        },
      ),
    ),
  }),
  examples: [
    {
      summary: 'Annotate two threads of the corpus into the glossary',
      value: { path: 'workflows/glossary-annotate.yaml', params: { threads: '[30265887, 30265888]' } },
    },
  ],
  output: ToolResult({
    run_id: Type.String({ description: 'The run: GET /v1/workflow-runs/{run_id}' }),
    status: Type.String({
      description: 'succeeded, paused (waiting for approval_id), failed, rejected, expired, interrupted, or running (the server is stopping)',
    }),
    approval_id: Type.Union([Type.String(), Type.Null()], { description: 'The held call a paused run waits on' }),
    workflow: Type.String({ description: "The workflow's name" }),
    steps: Type.Array(Type.Unknown(), { description: 'Each step run: key, id, tool, status, output, execution_id, error' }),
    outputs: Type.Unknown({ description: "The workflow's outputs, once it succeeded (redacted as history is)" }),
    artifacts: Type.Union([Type.String(), Type.Null()], { description: 'Where the run record was written (artifacts/<run_id>/run.json)' }),
    error_code: Type.Union([Type.String(), Type.Null()], { description: 'Why the run ended, when it did not succeed' }),
  }),
  scope: 'read',
  annotations: { title: 'Run a workflow', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  timeout: { defaultMs: 600_000, maxMs: 3_600_000 },
  // A paused run answers 202 with the approval it waits on, as a held call does.
  status(out) {
    const { status, approval_id: approvalId } = (out as { metadata: { status: string; approval_id: string | null } }).metadata
    return status === 'paused' && approvalId ? { code: 202, approvalId } : undefined
  },
  async execute({ path, params }, ctx) {
    const { rel, source } = await readWorkflowFile(ctx, path)
    const checked = await ctx.services.workflows.check(source)
    if (!checked.workflow) {
      const problems = checked.problems.map((p) => `${rel}:${p.line}:${p.column}: ${p.message}`)
      fail('INVALID_WORKFLOW', `${rel} has ${problems.length} problem(s); run workflow_validate for all of them. First: ${problems[0]}`, {
        details: { path: rel, problems: checked.problems.slice(0, 20) },
      })
    }
    const bound = bindParams(checked.workflow, params as Record<string, string> | undefined)
    const { run, artifacts, note } = await ctx.services.workflows.start(ctx, { workflow: checked.workflow, path: rel, params: bound })
    if (note) ctx.warn(`No artifacts: ${note}`)
    const metadata = {
      run_id: run.id,
      status: run.status,
      approval_id: run.approval_id,
      workflow: run.workflow,
      steps: run.steps,
      outputs: run.outputs,
      artifacts,
      error_code: run.error_code,
    }
    const failed = ENDED_BADLY.has(run.status)
    return { success: !failed, output: summarize(run), error: failed ? `${run.error_code}: ${run.error}` : null, metadata }
  },
})
