/**
 * A workflow's agent step on the real app and the scripted LLM: it runs as a Task call through the
 * pipeline as the caller (the Task is the workflow_run call's child, the subagent's Read the Task's),
 * its prompt carries the values of earlier steps, and its answer feeds later steps and the outputs.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js'
import { j } from '../support/secret-cases.js'

let t: TestApp
let llm: ScriptedLlm
let key: string

const FLOW = `version: 1
name: review
params:
  file: { type: string, default: note.txt }
steps:
  - id: greet
    tool: hello
    with: { name: reviewer }
  - id: review
    agent: general-purpose
    prompt: "\${{ steps.greet.output.message }} Read \${{ params.file }} and say what it is about."
  - id: save
    tool: fs_write
    with: { path: out/review.txt, content: "\${{ steps.review.output.output }}" }
outputs:
  review: \${{ steps.review.output.output }}
  tool_calls: \${{ steps.review.output.metadata.tool_calls.length }}
`

beforeAll(async () => {
  llm = await startScriptedLlm()
  t = await buildTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'scripted', LLM_MAX_RETRIES: '0' } })
  key = await t.key(['read', 'write'], 'workflow-agent')
  await fs.mkdir(path.join(t.workspace, 'flows'))
  await fs.writeFile(path.join(t.workspace, 'flows/review.yaml'), FLOW)
  await fs.writeFile(path.join(t.workspace, 'note.txt'), 'The note is about durable workflows.\n')
})
afterAll(async () => {
  await t?.close()
  await llm?.close()
})

const children = async (parent: string) =>
  (await t.app.inject({ url: `/v1/executions?parent=${parent}`, headers: { authorization: `Bearer ${t.adminKey}` } })).json().executions

describe('an agent step', () => {
  it("sends the model no secret an earlier step's output carried: its prompt is redacted as tool results are", async () => {
    const secret = j('sk-', 'proj-FAKEfake0123456789FAKEfake0123456789')
    await fs.writeFile(path.join(t.workspace, 'secret.txt'), `OPENAI_KEY=${secret}\n`)
    await fs.writeFile(
      path.join(t.workspace, 'flows/leak.yaml'),
      'version: 1\nname: leak\nsteps:\n  - id: r\n    tool: Read\n    with: { file_path: secret.txt }\n  - id: a\n    agent: general-purpose\n    prompt: "Summarize: ${{ steps.r.output.output }}"\n',
    )
    llm.reset([{ answer: 'ok' }])
    const res = await t.call('workflow_run', { path: 'flows/leak.yaml' }, { key })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    const asked = llm.sent(0).messages.find((m) => m.role === 'user')?.content as string
    expect(asked).toContain('OPENAI_KEY=') // positive control: the step's value is there
    expect(asked).not.toContain(secret)
    expect(asked).toContain('[REDACTED')
  })

  it('runs as a Task call through the pipeline, and its answer flows on', async () => {
    llm.reset([{ toolCalls: [{ name: 'Read', arguments: { file_path: 'note.txt' } }] }, { answer: 'It is about durable workflows.' }])
    const res = await t.call('workflow_run', { path: 'flows/review.yaml' }, { key })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    const { metadata } = res.body
    expect(metadata).toMatchObject({ status: 'succeeded', outputs: { review: 'It is about durable workflows.', tool_calls: 1 } })
    expect(metadata.steps.map((s: any) => [s.key, s.kind, s.tool, s.status])).toEqual([
      ['greet', 'tool', 'hello', 'ok'],
      ['review', 'agent', 'Task', 'ok'],
      ['save', 'tool', 'fs_write', 'ok'],
    ])
    expect(await fs.readFile(path.join(t.workspace, 'out/review.txt'), 'utf8')).toBe('It is about durable workflows.')
    llm.assertDone({ all: true })
    // The subagent was asked what the step's prompt said, with the earlier step's value in it.
    const asked = llm.sent(0).messages.find((m) => m.role === 'user')?.content
    expect(asked).toBe('Hello, reviewer! Read note.txt and say what it is about.')

    // History: workflow_run → Task (as the caller) → Read.
    const [, taskRow] = (await children(res.body.execution_id)).reverse()
    expect(taskRow).toMatchObject({ tool: 'Task', transport: 'inner', caller: { name: 'workflow-agent' }, status: 'ok' })
    expect(taskRow.params).toMatchObject({ description: 'Workflow review step review', subagent_type: 'general-purpose' })
    expect((await children(taskRow.id)).map((e: any) => e.tool)).toEqual(['Read'])
  })

  it('is checked: an unknown agent is a problem with did-you-mean, before anything runs', async () => {
    await fs.writeFile(path.join(t.workspace, 'flows/typo.yaml'), FLOW.replace('agent: general-purpose', 'agent: general-purpse'))
    const checked = await t.call('workflow_validate', { path: 'flows/typo.yaml' }, { key })
    expect(checked.body.metadata.problems).toEqual([
      {
        line: 10,
        column: 12,
        message: expect.stringMatching(/^Unknown agent: general-purpse \(did you mean general-purpose\?\); GET \/v1\/agents lists them/),
      },
    ])
    const refused = await t.call('workflow_run', { path: 'flows/typo.yaml' }, { key })
    expect(refused.statusCode).toBe(400)
    expect(refused.body.error_code).toBe('INVALID_WORKFLOW')
  })
})

describe('a run that goes on after an approval', () => {
  it("keeps the caller's time budget: an agent step after the held one stops at it, as it would without the hold", async () => {
    const held = await buildTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'scripted', LLM_MAX_RETRIES: '0', TOOLGATE_APPROVAL_REQUIRED: 'fs_write' } })
    try {
      const writer = await held.key(['read', 'write'], 'writer')
      const approver = await held.key(['approve'], 'approver')
      await fs.mkdir(path.join(held.workspace, 'flows'))
      const flow =
        'version: 1\nname: slow\nsteps:\n  - id: w\n    tool: fs_write\n    with: { path: w.txt, content: x }\n  - id: a\n    agent: general-purpose\n    prompt: "Say something."\n'
      await fs.writeFile(path.join(held.workspace, 'flows/slow.yaml'), flow)
      llm.reset([{ answer: 'late', delayMs: 3500 }])
      const res = await held.call('workflow_run', { path: 'flows/slow.yaml' }, { key: writer, headers: { 'x-timeout-ms': '2000' } })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(202)
      const started = Date.now()
      const ok = await held.app.inject({
        method: 'POST',
        url: `/v1/approvals/${res.body.approval_id}/approve`,
        headers: { authorization: `Bearer ${approver}` },
      })
      expect(ok.statusCode, ok.body).toBe(200)
      let run: any
      for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
        run = (await held.app.inject({ url: `/v1/workflow-runs/${res.body.metadata.run_id}`, headers: { authorization: `Bearer ${held.adminKey}` } })).json()
          .run
        if (!['running', 'paused'].includes(run.status)) break
      }
      expect(run.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual(['w:ok', 'a:ok'])
      expect(run.steps[1].output.metadata.stopped_by).toBe('deadline')
      expect(Date.now() - started).toBeLessThan(3400) // the model's 3.5 s answer was not waited for
    } finally {
      await held.close()
    }
  })
})
