/**
 * The engine replaying a run that goes on (src/workflows/engine.ts), without an app: a finished
 * loop's output is rebuilt from its steps' records, and a step that finished keeps its record
 * even when the replay reaches the step-run limit (a run paused under a version that counted a
 * replayed loop once could reach it there).
 */
import { describe, expect, it } from 'vitest'
import { executeRun, type EngineDeps, type StepRecord } from '../../src/workflows/engine.js'
import type { Workflow } from '../../src/workflows/schema.js'

const workflow = (items: number) =>
  ({
    version: 1,
    name: 'replayed',
    steps: [
      { id: 'loop', for_each: [...Array(items).keys()], steps: [{ id: 'r', tool: 'echo', with: { n: '${{ item }}' } }] },
      { id: 'after', tool: 'echo', with: { n: -1 } },
    ],
    outputs: { last: `\${{ steps.loop.output[${items - 1}].r.n }}` },
  }) as unknown as Workflow

/** The records of a run whose loop over `items` finished (its output not stored, as now). */
function finished(items: number): Map<string, StepRecord> {
  const at = new Date()
  const steps = new Map<string, StepRecord>([
    ['loop', { key: 'loop', stepId: 'loop', seq: 0, kind: 'for_each', tool: null, status: 'ok', output: null, startedAt: at }],
  ])
  for (let i = 0; i < items; i++) {
    const key = `loop[${i}].r`
    steps.set(key, { key, stepId: 'r', seq: i + 1, kind: 'tool', tool: 'echo', status: 'ok', output: { n: i }, startedAt: at })
  }
  return steps
}

function deps(): EngineDeps & { saved: string[]; called: number } {
  const d = {
    saved: [] as string[],
    called: 0,
    invoke: async (_tool: string, args: Record<string, unknown>) => (d.called++, { statusCode: 200, body: { status: 'ok', ...args } }),
    saveStep: async (r: StepRecord) => void d.saved.push(`${r.key}:${r.status}`),
    isReadOnly: () => true,
    stopping: () => false,
  }
  return d
}

describe('a run going on after its loop finished', () => {
  it('rebuilds the loop output from its steps, calling only what had not run', async () => {
    const d = deps()
    const halt = await executeRun({ id: 'run', workflow: workflow(3), params: {}, steps: finished(3) }, d)
    expect(halt).toEqual({ status: 'succeeded', outputs: { last: 2 } })
    expect(d.called).toBe(1) // `after` only
    expect(d.saved).toEqual(['after:running', 'after:ok'])
  })

  it('past the step-run limit in the replay, fails without writing over a step that finished', async () => {
    const d = deps()
    const halt = await executeRun({ id: 'run', workflow: workflow(1000), params: {}, steps: finished(1000) }, d)
    expect(halt).toMatchObject({ status: 'failed', errorCode: 'LIMIT_EXCEEDED', stepKey: 'loop[999].r' })
    expect(d.saved).toEqual([])
    expect(d.called).toBe(0)
  })
})
