/**
 * A run as people read it: GET /v1/workflow-runs/{id}, its `artifacts/<run_id>/run.json` and
 * workflow_run's answer all show this one record (redacted copies of parameters and outputs).
 */
import type { RunRow, StepRow } from './store.js'

const iso = (d: Date | null) => d?.toISOString() ?? null

export interface RunRecord {
  id: string
  workflow: string
  path: string
  status: string
  caller: { id: string; name: string }
  execution_id: string
  params: unknown
  outputs: unknown
  approval_id: string | null
  waiting_step: string | null
  /** Starts that resumed it (runner.ts MAX_RESUMES). */
  resumes: number
  error_code: string | null
  error: string | null
  steps: StepView[]
  created_at: string
  updated_at: string
  finished_at: string | null
}

export interface StepView {
  key: string
  id: string
  kind: string
  tool: string | null
  status: string
  execution_id: string | null
  approval_id: string | null
  output: unknown
  error_code: string | null
  error: string | null
  started_at: string
  finished_at: string | null
}

/** A run without its steps, for lists. */
export function presentRunSummary(row: RunRow): Omit<RunRecord, 'steps' | 'params' | 'outputs'> {
  const { steps: _, params: __, outputs: ___, ...rest } = presentRun(row, [])
  return rest
}

export function presentRun(row: RunRow, steps: StepRow[]): RunRecord {
  return {
    id: row.id,
    workflow: row.name,
    path: row.path,
    status: row.status,
    caller: { id: row.callerId, name: row.callerName },
    execution_id: row.executionId,
    params: row.params,
    outputs: row.outputs ?? null,
    approval_id: row.approvalId,
    waiting_step: row.waitingStep,
    resumes: row.resumes,
    error_code: row.errorCode,
    error: row.error,
    steps: steps.map((s) => ({
      key: s.key,
      id: s.stepId,
      kind: s.kind,
      tool: s.tool,
      status: s.status,
      execution_id: s.executionId,
      approval_id: s.approvalId,
      output: s.output ?? null,
      error_code: s.errorCode,
      error: s.error,
      started_at: s.startedAt.toISOString(),
      finished_at: iso(s.finishedAt),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: iso(row.finishedAt),
  }
}

const MARK: Record<string, string> = {
  ok: '✓',
  skipped: '-',
  error: '✗',
  pending: '⏸',
  escalated: '⏸',
  rejected: '✗',
  expired: '✗',
  interrupted: '✗',
  running: '…',
}

/** workflow_run's `output`: one line per step, then what to do next or the outputs. */
export function summarize(run: RunRecord): string {
  const lines = [`Workflow ${run.workflow} (${run.path}): ${run.status}; run ${run.id}`]
  const width = Math.min(40, Math.max(4, ...run.steps.map((s) => s.key.length)))
  for (const s of run.steps) {
    const what = s.kind === 'for_each' ? 'for_each' : (s.tool ?? '')
    const why = s.status === 'pending' ? ` (approval ${s.approval_id})` : s.error ? `: ${s.error}` : ''
    lines.push(`  ${MARK[s.status] ?? '?'} ${s.key.padEnd(width)} ${what.padEnd(18)} ${s.status}${why}`)
  }
  if (run.status === 'paused') {
    lines.push(`Waiting for approval ${run.approval_id}: POST /v1/approvals/${run.approval_id}/approve (or /reject); the run goes on once decided.`)
  } else if (run.status === 'succeeded') {
    lines.push(`Outputs: ${JSON.stringify(run.outputs)}`)
  } else if (run.error) {
    lines.push(`${run.error_code}: ${run.error}`)
  }
  lines.push(`The run: GET /v1/workflow-runs/${run.id}`)
  return lines.join('\n')
}
