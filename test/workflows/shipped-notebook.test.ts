/**
 * workflows/notebook-author.yaml end to end (seed 000's orchestrator) on the real app, the real
 * notebook and validator tools and the scripted LLM playing the notebook-author: a two-section
 * outline falls short of the quality bar (three steps), a revision round adds the third step and
 * the run goes on to Colab and succeeds; a validator that fails twice in a row in the session
 * escalates, and the run halts in the approval queue until a person approves (the run finishes)
 * or rejects (it ends `rejected`); a notebook still below the standards after its last round asks
 * for human review the same way.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { codeCell, exactly, markdownStep, pythonCode, question } from '../tools/notebook/helpers.js'
import { agentPlayer, answer, call, calls, type Conversation, type Role } from '../support/agent-player.js'
import { decide, getRun, runWorkflow, settled, startHarness, stepOf, type Harness } from './shipped-support.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => h?.close())
beforeEach(() => h.llm.reset([]))

const OUTLINE = ['Create arrays', 'Compute statistics']
const PARAMS = {
  topic: 'Descriptive statistics with NumPy',
  outline: JSON.stringify(OUTLINE),
  references: 'https://numpy.org/doc/stable/',
}
const SUMMARY = exactly(260, 'You created NumPy arrays, computed their mean and spread, and checked the results against a hand calculation. ')

const sectionOf = (title: string) => OUTLINE.indexOf(title) + 1
const notebookIn = (prompt: string) => /The finalized notebook (\S+) does not meet/.exec(prompt)?.[1] ?? ''

/** Writing: what the notebook-author does in each writing step, one tool call then its answer. */
const writer: Role[] = [
  {
    match: /^You are starting a teaching notebook on/,
    play: (c) =>
      c.turn === 0
        ? calls(call('notebook.add_dependency', { package: 'numpy', version: '1.26.4', manager: 'pip', import_check: 'import numpy as np' }))
        : answer('pip::numpy@1.26.4: arrays and statistics'),
  },
  {
    match: /This step writes the markdown step of the section titled "([^"]+)"/,
    play: (c, m) =>
      c.turn === 0
        ? calls(call('notebook.emit_markdown_step', markdownStep(sectionOf(m[1]), { title: `Step ${sectionOf(m[1])}: ${m[1]}` })))
        : answer(`Markdown of "${m[1]}" at cell ${c.last[0].cell_index}.`),
  },
  {
    match: /This step writes the runnable code of the section titled "([^"]+)"/,
    play: (c, m) =>
      c.turn === 0
        ? calls(call('notebook.emit_code_cell', codeCell(sectionOf(m[1]), { code: pythonCode('import numpy as np') })))
        : answer(`Code of "${m[1]}" at cell ${c.last[0].cell_index}, runnable: ${c.last[0].runnable}.`),
  },
  {
    match: /This step adds the assessments/,
    play: (c) => (c.turn === 0 ? calls(call('notebook.record_assessment', { section_number: 2, questions: [question(1)] })) : answer('Assessment recorded.')),
  },
  { match: /Write the notebook's closing summary/, play: () => answer(SUMMARY) },
]

/** The index of the `## Summary` cell finalize wrote: a new step goes just before it. */
function summaryCell(file: string): number {
  const nb = JSON.parse(fs.readFileSync(file, 'utf8'))
  return nb.cells.findIndex((cell: any) => [cell.source].flat().join('').startsWith('## Summary'))
}

const STEP_3 = `## Step 3: Check the results\n\n${exactly(400, 'Compare the mean NumPy computed with one worked out by hand, so that you trust the library before using it on real data. ')}`

/** A revision that fixes what the validator named: the missing third step, with its code, then a re-check. */
function fixes(c: Conversation): ReturnType<Role['play']> {
  const file = notebookIn(c.prompt)
  if (c.turn === 0) {
    return calls(
      call('NotebookEdit', { notebook_path: file, cell_id: String(summaryCell(file) - 1), cell_type: 'markdown', edit_mode: 'insert', new_source: STEP_3 }),
    )
  }
  if (c.turn === 1) {
    return calls(
      call('NotebookEdit', {
        notebook_path: file,
        cell_id: String(summaryCell(file) - 1),
        cell_type: 'code',
        edit_mode: 'insert',
        new_source: pythonCode('import numpy as np'),
      }),
    )
  }
  if (c.turn === 2) return calls(call('validator.run_quality', { notebook_path: file }))
  return answer(`Added "Step 3: Check the results" with its code; meetsStandards is now ${c.last[0].metrics?.meetsStandards}.`)
}

const reviser = (play: (c: Conversation) => ReturnType<Role['play']>): Role => ({ match: /does not meet the quality standards yet/, play })
const session = () => ({ 'x-session-id': `nb-${crypto.randomBytes(5).toString('hex')}` })
const statuses = (run: any) => Object.fromEntries(run.steps.map((s: any) => [s.key, s.status]))

describe('workflows/notebook-author.yaml', () => {
  it('writes the notebook step by step, finalizes it once, revises it until it meets the standards, and checks it for Colab', async () => {
    const player = agentPlayer([...writer, reviser(fixes)])
    h.llm.reset(player.script)
    const res = await runWorkflow(h, 'notebook-author.yaml', PARAMS, session())
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 2000)).toBe(200)
    player.assertPlayed()
    const { metadata } = res.body
    expect(metadata.status).toBe('succeeded')

    // Seed 000's order: dependencies, then each section's markdown and code, assessments, summary, one revision.
    const stage = (p: string) => /This step (registers|writes the markdown|writes the runnable|adds)|closing summary|quality standards/.exec(p)?.[0]
    expect(player.tasks.map(stage)).toEqual([
      'This step registers',
      'This step writes the markdown',
      'This step writes the runnable',
      'This step writes the markdown',
      'This step writes the runnable',
      'This step adds',
      'closing summary',
      'quality standards',
    ])
    expect(player.tasks[1]).toContain('pip::numpy@1.26.4') // each writing step sees what came before
    expect(player.tasks[7]).toContain('2 `Step N:` headings (3 or more expected)') // the revision is told what failed

    const run = await getRun(h, metadata.run_id)
    expect(statuses(run)).toMatchObject({
      dependencies: 'ok',
      'sections[0].markdown': 'ok',
      'sections[1].code': 'ok',
      assessments: 'ok',
      summary: 'ok',
      finalize: 'ok',
      'rounds[0].check': 'ok',
      'rounds[0].revise': 'ok',
      'rounds[1].check': 'ok',
      'rounds[1].revise': 'skipped',
      quality: 'ok',
      colab: 'ok',
      colab_fix: 'skipped',
      colab_check: 'skipped',
      review: 'skipped',
    })
    expect(stepOf(run, 'rounds[0].check').output.metrics).toMatchObject({ stepCount: 2, meetsStandards: false })
    expect(stepOf(run, 'rounds[1].check').output.metrics).toMatchObject({ stepCount: 3, meetsStandards: true })

    // The outputs: the finalized notebook, validated, and its Colab copy beside it.
    const out = run.outputs
    expect(out).toMatchObject({ meets_standards: true, is_compatible: true, human_review: 'skipped' })
    expect(out.metrics).toMatchObject({ stepCount: 3, hasRequiredSections: true, meetsStandards: true })
    expect(out.notebook_path).toMatch(/notebooks\/alain-\d{8}-[0-9a-f]{8}\/notebook\.ipynb$/)
    expect(out.colab_notebook_path).toBe(out.notebook_path.replace(/\.ipynb$/, '.colab.ipynb'))
    const nb = JSON.parse(fs.readFileSync(out.notebook_path, 'utf8'))
    const text = nb.cells.map((c: any) => [c.source].flat().join('')).join('\n')
    for (const title of ['Step 1: Create arrays', 'Step 2: Compute statistics', 'Step 3: Check the results']) expect(text).toContain(title)
    expect(text).toContain(SUMMARY)
    expect(fs.existsSync(out.colab_notebook_path)).toBe(true)
    expect(fs.existsSync(path.join(h.t.workspace, 'memory', 'decisions.jsonl'))).toBe(false)
  })

  /** A revision round in which the notebook goes missing: the agent's quality check fails, and so does the round after it. */
  function movesTheNotebookAway(moved: { file?: string }) {
    let revisions = 0
    return reviser((c) => {
      if (revisions > 0 || (c.turn === 0 && moved.file)) return fixes(c)
      const file = notebookIn(c.prompt)
      if (c.turn === 0) {
        // Something outside the run moves the notebook while the agent works on it.
        fs.renameSync(file, `${file}.moved`)
        moved.file = file
        return calls(call('validator.run_quality', { notebook_path: file }))
      }
      revisions++
      return answer(`validator.run_quality failed: ${c.last[0].error_code}. The notebook is not where finalize wrote it; escalating.`)
    })
  }

  async function escalatedRun() {
    const moved: { file?: string } = {}
    const player = agentPlayer([...writer, movesTheNotebookAway(moved)])
    h.llm.reset(player.script)
    const res = await runWorkflow(h, 'notebook-author.yaml', PARAMS, session())
    player.assertPlayed()
    // Seed 000 §3: the second consecutive error from validator.run_quality in the session is ESCALATE;
    // the engine holds that step for a person, and workflow_run answers 202 with the approval to decide.
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 2000)).toBe(202)
    const { metadata } = res.body
    expect(metadata).toMatchObject({ status: 'paused', approval_id: expect.any(String) })
    const run = await getRun(h, metadata.run_id)
    expect(run).toMatchObject({ status: 'paused', waiting_step: 'rounds[1].check', approval_id: metadata.approval_id })
    expect(stepOf(run, 'rounds[0].revise').output.metadata.tool_calls).toEqual([
      expect.objectContaining({ tool: 'validator.run_quality', status: 'error', error_code: 'FILE_NOT_FOUND' }),
    ])
    expect(stepOf(run, 'rounds[1].check')).toMatchObject({ status: 'pending', error_code: 'ESCALATE', approval_id: metadata.approval_id })
    expect(stepOf(run, 'rounds[1].check').error).toMatch(/^ESCALATE: validator\.run_quality has now failed 2 times in a row/)
    expect(run.steps.map((s: any) => s.key)).not.toContain('quality')

    const approval = (await h.t.app.inject({ url: `/v1/approvals/${metadata.approval_id}`, headers: { authorization: `Bearer ${h.approver}` } })).json()
    expect(JSON.stringify(approval)).toContain('validator.run_quality')
    expect(JSON.stringify(approval)).toMatch(/step check of workflow notebook_author escalated \(ESCALATE: validator\.run_quality has now failed 2 times/)
    return { runId: metadata.run_id as string, approvalId: metadata.approval_id as string, moved, player }
  }

  it('halts for human review when a validator fails twice in a row (ESCALATE), and finishes once a person fixes it and approves', async () => {
    const { runId, approvalId, moved, player } = await escalatedRun()
    // The person puts the notebook back, then approves: the held check runs once more and the run goes on.
    fs.renameSync(`${moved.file}.moved`, moved.file!)
    const decided = await decide(h, approvalId, 'approve', 'Notebook restored')
    expect(decided.statusCode, decided.body).toBe(200)
    const run = await settled(h, runId)
    player.assertPlayed()
    expect(run.status, JSON.stringify(run).slice(0, 2000)).toBe('succeeded')
    expect(statuses(run)).toMatchObject({ 'rounds[1].check': 'ok', 'rounds[1].revise': 'ok', quality: 'ok', colab: 'ok', review: 'skipped' })
    expect(stepOf(run, 'rounds[1].check').output.metrics.meetsStandards).toBe(false)
    expect(run.outputs).toMatchObject({ meets_standards: true, is_compatible: true })
  })

  it('ends the run rejected when the person rejects the escalated step: nothing after it runs', async () => {
    const { runId, approvalId } = await escalatedRun()
    const requests = h.llm.requests.length
    expect((await decide(h, approvalId, 'reject', 'Start over')).statusCode).toBe(200)
    const run = await settled(h, runId)
    expect(run).toMatchObject({ status: 'rejected', outputs: null })
    expect(stepOf(run, 'rounds[1].check').status).toBe('rejected')
    expect(run.steps.map((s: any) => s.key)).not.toContain('quality')
    expect(h.llm.requests.length).toBe(requests)
  })

  it('asks for human review when the notebook is still below the standards after the last round (approved: recorded, run done)', async () => {
    const player = agentPlayer([...writer, reviser(() => answer('I could not find what to add: the outline has two sections.'))])
    h.llm.reset(player.script)
    const res = await runWorkflow(h, 'notebook-author.yaml', { ...PARAMS, revision_rounds: '[1]' }, session())
    player.assertPlayed()
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 2000)).toBe(202)
    const { metadata } = res.body
    let run = await getRun(h, metadata.run_id)
    expect(run).toMatchObject({ status: 'paused', waiting_step: 'review' })
    expect(statuses(run)).toMatchObject({ quality: 'ok', colab: 'skipped', colab_fix: 'skipped', colab_check: 'skipped', review: 'pending' })
    const memory = path.join(h.t.workspace, 'memory', 'decisions.jsonl')
    expect(fs.existsSync(memory)).toBe(false)

    expect((await decide(h, metadata.approval_id, 'approve')).statusCode).toBe(200)
    run = await settled(h, metadata.run_id)
    expect(run.status).toBe('succeeded')
    expect(run.outputs).toMatchObject({ meets_standards: false, human_review: 'ok' })
    expect(run.outputs).not.toHaveProperty('is_compatible') // Colab never ran: an output that renders to null is left out
    const [line, ...rest] = fs.readFileSync(memory, 'utf8').trim().split('\n')
    expect(rest).toEqual([])
    const decision = JSON.parse(line)
    expect(decision).toMatchObject({
      decision: 'human_review',
      workflow: 'notebook_author',
      metrics: { stepCount: 2, meetsStandards: false },
      colab_issues: null,
    })
    expect(run.outputs.notebook_path.endsWith(decision.notebook)).toBe(true)
  })
})
