/**
 * What the workflow tools reach through `ctx.services.workflows` (the workflows plugin fills it
 * in): tools may not import the registry or the pipeline, so checking against the served tools and
 * running steps through the pipeline are offered here.
 */
import type { ToolContext } from '../tools/define.js'
import type { CheckResult } from './check.js'
import type { RunRecord } from './record.js'
import type { Workflow } from './schema.js'

export interface RunReport {
  run: RunRecord
  /** Where run.json was written, relative to the workspace, or null (see `note`). */
  artifacts: string | null
  /** Why no artifacts were written, when none were. */
  note?: string
}

export interface WorkflowService {
  /** A workflow file's text against schema v1 and the tools this server serves. */
  check(source: string): CheckResult
  /**
   * Runs a checked workflow as the call `ctx`, each step through the pipeline as its caller.
   * Answers when the run ends or pauses on an approval (it then goes on in the background once
   * the held call is decided). `params` must be bound already (params.ts).
   */
  start(ctx: ToolContext, input: { workflow: Workflow; path: string; params: Record<string, unknown> }): Promise<RunReport>
}

declare module '../tools/define.js' {
  interface ToolServices {
    workflows: WorkflowService
  }
}
