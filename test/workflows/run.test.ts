/**
 * workflow_run on the real app: parameters and step outputs flow between steps, for_each and if,
 * a run that pauses on an approval and goes on once a second key decides (approved or rejected),
 * a step that escalates, scopes that stay the caller's, artifacts, and the durable run record.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import { codedError } from '../../src/errors.js'
import { defineTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { buildTestApp, type TestApp } from '../helper.js'

/** Fails with ESCALATE on its first call for a given `tag`, succeeds after. */
const seen = new Set<string>()
const flaky = defineTool({
  name: 'flaky',
  toolset: 'test',
  category: 'OTHER',
  description: 'Escalates the first time it sees a tag',
  scope: 'read',
  input: Type.Object({ tag: Type.String() }),
  output: Type.Object({ tag: Type.String(), attempt: Type.Integer() }),
  execute({ tag }) {
    if (!seen.has(tag)) {
      seen.add(tag)
      throw codedError('ESCALATE', `flaky failed for ${tag} twice in a row; escalate to the orchestrator`)
    }
    return { tag, attempt: 2 }
  },
})

const REMEMBER = `version: 1
name: remember
steps:
  - id: note
    tool: write_memory_entry
    with: { file: best_practices.md, entry: "Workflows pause on approvals" }
  - id: after
    tool: fs_write
    with: { path: out/after.txt, content: "wrote \${{ steps.note.output.bytes_written }} bytes" }
`

let t: TestApp
let writer: string // read + write: runs workflows
let approver: string // approve only: decides held steps
const auth = (key: string) => ({ authorization: `Bearer ${key}` })
const put = (file: string, text: string) =>
  fs.mkdir(path.dirname(path.join(t.workspace, file)), { recursive: true }).then(() => fs.writeFile(path.join(t.workspace, file), text))
const read = (file: string) => fs.readFile(path.join(t.workspace, file), 'utf8').catch(() => null)
const runOf = async (id: string, key = t.adminKey) => t.app.inject({ url: `/v1/workflow-runs/${id}`, headers: auth(key) })
const decide = (id: string, what: 'approve' | 'reject') => t.app.inject({ method: 'POST', url: `/v1/approvals/${id}/${what}`, headers: auth(approver) })

/** The run once it is no longer running or paused (it goes on in the background after a decision). */
async function settled(id: string): Promise<any> {
  const end = Date.now() + 15_000
  for (;;) {
    const run = (await runOf(id)).json().run
    if (!['running', 'paused'].includes(run.status) || Date.now() > end) return run
    await new Promise((r) => setTimeout(r, 50))
  }
}

beforeAll(async () => {
  t = await buildTestApp({ tools: [...allTools, flaky] })
  writer = await t.key(['read', 'write'], 'runner')
  approver = await t.key(['approve'], 'reviewer')
})
afterAll(() => t.close())

describe('workflow_run', () => {
  it('passes params and step outputs along, and answers with each step and the outputs', async () => {
    await put(
      'flows/greet.yaml',
      `version: 1
name: greet
params:
  who: { type: string }
  times: { type: integer, default: 2 }
steps:
  - id: hello
    tool: hello
    with: { name: "\${{ params.who }}" }
  - id: save
    tool: fs_write
    with:
      path: out/greeting.txt
      content: "\${{ steps.hello.output.message }} x\${{ params.times }}"
  - id: back
    tool: fs_read
    with: { path: out/greeting.txt }
outputs:
  text: \${{ steps.back.output.output }}
  bytes: \${{ steps.save.output.metadata.bytes_written }}
`,
    )
    const res = await t.call('workflow_run', { path: 'flows/greet.yaml', params: { who: 'Ada' } }, { key: writer })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    const { metadata } = res.body
    expect(res.body).toMatchObject({ status: 'ok', success: true, error: null })
    expect(metadata).toMatchObject({ status: 'succeeded', workflow: 'greet', outputs: { text: 'Hello, Ada! x2', bytes: 14 }, approval_id: null })
    expect(metadata.steps.map((s: any) => [s.key, s.tool, s.status])).toEqual([
      ['hello', 'hello', 'ok'],
      ['save', 'fs_write', 'ok'],
      ['back', 'fs_read', 'ok'],
    ])
    expect(res.body.output).toContain('Workflow greet (flows/greet.yaml): succeeded')
    expect(await read('out/greeting.txt')).toBe('Hello, Ada! x2')
    // Each step is a child of the workflow_run call in history, made as the caller.
    const children = (await t.app.inject({ url: `/v1/executions?parent=${res.body.execution_id}`, headers: auth(t.adminKey) })).json()
    expect(children.executions.map((e: any) => [e.tool, e.transport, e.caller.name]).reverse()).toEqual([
      ['hello', 'inner', 'runner'],
      ['fs_write', 'inner', 'runner'],
      ['fs_read', 'inner', 'runner'],
    ])
    expect(metadata.steps[0].execution_id).toBe(children.executions[2].id)
  })

  it('runs for_each once per item with item and index, and skips steps whose if is false', async () => {
    await put(
      'flows/loop.yaml',
      `version: 1
name: loop
params:
  names: { type: list }
steps:
  - id: each
    for_each: \${{ params.names }}
    steps:
      - id: write
        tool: fs_write
        with: { path: "loop/\${{ index }}.txt", content: "\${{ item }}" }
      - id: shout
        if: \${{ item == 'bo' }}
        tool: hello
        with: { name: "\${{ item }}" }
  - id: never
    if: \${{ params.names.length > 5 }}
    tool: hello
  - id: always
    if: true
    tool: hello
    with: { name: "\${{ steps.each.output[1].shout.message }}" }
outputs:
  loop: \${{ steps.each.output }}
  skipped: \${{ steps.never.status }}
`,
    )
    const res = await t.call('workflow_run', { path: 'flows/loop.yaml', params: { names: 'al, bo' } }, { key: writer })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    const { metadata } = res.body
    expect(metadata.status).toBe('succeeded')
    expect(metadata.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual([
      'each:ok',
      'each[0].write:ok',
      'each[0].shout:skipped',
      'each[1].write:ok',
      'each[1].shout:ok',
      'never:skipped',
      'always:ok',
    ])
    expect(metadata.outputs.skipped).toBe('skipped')
    expect(metadata.outputs.loop).toHaveLength(2)
    expect(metadata.outputs.loop[0]).toMatchObject({ write: { success: true }, shout: null })
    expect(metadata.steps[6].output.message).toBe('Hello, Hello, bo!!')
    expect([await read('loop/0.txt'), await read('loop/1.txt')]).toEqual(['al', 'bo'])
  })

  it('pauses on a step held for approval (202), and finishes once another key approves', async () => {
    await put('flows/remember.yaml', REMEMBER)
    const res = await t.call('workflow_run', { path: 'flows/remember.yaml' }, { key: writer })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202)
    const { approval_id: approvalId, metadata } = res.body
    expect(res.body).toMatchObject({ status: 'pending', success: true })
    expect(metadata).toMatchObject({ status: 'paused', approval_id: approvalId })
    expect(metadata.steps).toMatchObject([{ key: 'note', status: 'pending', approval_id: approvalId }])
    expect(res.body.output).toContain(`POST /v1/approvals/${approvalId}/approve`)
    const paused = (await runOf(metadata.run_id, writer)).json().run
    expect(paused).toMatchObject({ status: 'paused', approval_id: approvalId, waiting_step: 'note' })
    expect(await read('memory/best_practices.md')).toBeNull()

    const ok = await decide(approvalId, 'approve')
    expect(ok.statusCode, ok.body).toBe(200)
    const run = await settled(metadata.run_id)
    expect(run.status).toBe('succeeded')
    expect(run.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual(['note:ok', 'after:ok'])
    expect(await read('memory/best_practices.md')).toContain('Workflows pause on approvals')
    expect(await read('out/after.txt')).toBe(`wrote ${run.steps[0].output.bytes_written} bytes`)
    // The run record is in the workspace too, as it ended.
    const record = JSON.parse((await read(`artifacts/${run.id}/run.json`))!)
    expect(record).toMatchObject({ id: run.id, status: 'succeeded', workflow: 'remember' })
  })

  it('ends rejected when the held step is rejected, and runs nothing after it', async () => {
    const res = await t.call('workflow_run', { path: 'flows/remember.yaml' }, { key: writer })
    expect(res.statusCode).toBe(202)
    const no = await decide(res.body.approval_id, 'reject')
    expect(no.statusCode).toBe(200)
    const run = await settled(res.body.metadata.run_id)
    expect(run).toMatchObject({ status: 'rejected', error_code: 'APPROVAL_REJECTED' })
    expect(run.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual(['note:rejected'])
  })

  it('ends expired when nobody decides before the approval expires', async () => {
    const short = await buildTestApp({ env: { TOOLGATE_APPROVAL_TTL: '1' } })
    try {
      const key = await short.key(['read', 'write'], 'runner')
      await fs.mkdir(path.join(short.workspace, 'flows'))
      await fs.writeFile(path.join(short.workspace, 'flows/remember.yaml'), REMEMBER)
      const res = await short.call('workflow_run', { path: 'flows/remember.yaml' }, { key })
      expect(res.statusCode).toBe(202)
      await new Promise((r) => setTimeout(r, 1100))
      const end = Date.now() + 10_000
      let run: any
      do {
        // Reading the run notices the expiry; the run ends in the background.
        run = (await short.app.inject({ url: `/v1/workflow-runs/${res.body.metadata.run_id}`, headers: auth(key) })).json().run
      } while (['paused', 'running'].includes(run.status) && Date.now() < end && (await new Promise((r) => setTimeout(r, 50))) === undefined)
      expect(run).toMatchObject({ status: 'expired', error_code: 'APPROVAL_EXPIRED' })
      expect(run.steps).toMatchObject([{ key: 'note', status: 'expired' }])
    } finally {
      await short.close()
    }
  })

  it('holds a step whose tool escalates for a person, and runs it once more when approved', async () => {
    await put('flows/escalate.yaml', 'version: 1\nname: esc\nsteps:\n  - id: try\n    tool: flaky\n    with: { tag: one }\n  - id: done\n    tool: hello\n')
    const res = await t.call('workflow_run', { path: 'flows/escalate.yaml' }, { key: writer })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202)
    const approval = (await t.app.inject({ url: `/v1/approvals/${res.body.approval_id}`, headers: auth(approver) })).json().approval
    expect(approval).toMatchObject({ tool: 'flaky', status: 'pending' })
    expect(approval.reason).toMatch(/^step try of workflow esc escalated \(ESCALATE: flaky failed for one/)
    expect(res.body.metadata.steps[0]).toMatchObject({ status: 'pending', error_code: 'ESCALATE' })
    await decide(res.body.approval_id, 'approve')
    const run = await settled(res.body.metadata.run_id)
    expect(run.status).toBe('succeeded')
    expect(run.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual(['try:ok', 'done:ok'])
    expect(run.steps[0].output).toEqual({ tag: 'one', attempt: 2 })
  })

  it("never gives a step more than the caller's scopes: a read-only key's Bash step is refused, nothing runs", async () => {
    await put('flows/bash.yaml', 'version: 1\nname: sh\nsteps:\n  - id: touch\n    tool: Bash\n    with: { command: "touch ran.txt" }\n')
    const reader = await t.key(['read'], 'read-only')
    const res = await t.call('workflow_run', { path: 'flows/bash.yaml' }, { key: reader })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: false, metadata: { status: 'failed', error_code: 'SCOPE_REQUIRED', artifacts: null } })
    expect(res.body.messages.join(' ')).toMatch(/No artifacts: the key has no "write" scope/)
    expect(await read('ran.txt')).toBeNull()
    // The refused step is in history under the run's call, as the key that made it.
    const rows = (await t.app.inject({ url: `/v1/executions?parent=${res.body.execution_id}`, headers: auth(t.adminKey) })).json().executions
    expect(rows).toMatchObject([
      { id: res.body.metadata.steps[0].execution_id, tool: 'Bash', status: 'error', error_code: 'SCOPE_REQUIRED', caller: { name: 'read-only' } },
    ])
    await expect(fs.stat(path.join(t.workspace, 'artifacts', res.body.metadata.run_id))).rejects.toThrow()
    // Positive control: the same workflow with a key that may run commands.
    const runner = await t.key(['read', 'write', 'exec'], 'exec')
    const ok = await t.call('workflow_run', { path: 'flows/bash.yaml' }, { key: runner })
    expect(ok.body.metadata.status, JSON.stringify(ok.body)).toBe('succeeded')
    expect(await read('ran.txt')).toBe('')
  })

  it('refuses bad parameters and invalid workflows with a clear 400, running nothing', async () => {
    const unknown = await t.call('workflow_run', { path: 'flows/greet.yaml', params: { whom: 'x' } }, { key: writer })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body.error_message).toBe('Unknown parameter: params.whom for workflow greet (did you mean who?)')
    const missing = await t.call('workflow_run', { path: 'flows/greet.yaml' }, { key: writer })
    expect(missing.body.error_message).toBe('Missing required parameter: params.who (workflow greet)')
    const badType = await t.call('workflow_run', { path: 'flows/greet.yaml', params: { who: 'x', times: 'two' } }, { key: writer })
    expect(badType.body.error_message).toBe('Invalid type for params.times: expected integer')
    const notString = await t.call('workflow_run', { path: 'flows/greet.yaml', params: { who: 3 } }, { key: writer })
    expect(notString.statusCode).toBe(400)
    await put('flows/invalid.yaml', 'version: 1\nname: bad\nsteps:\n  - id: a\n    tool: Raed\n')
    const invalid = await t.call('workflow_run', { path: 'flows/invalid.yaml' }, { key: writer })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.body).toMatchObject({ error_code: 'INVALID_WORKFLOW', success: false })
    expect(invalid.body.details.problems[0]).toMatchObject({ line: 5, column: 11 })
  })

  it('shows a run to the key that started it and to admins only', async () => {
    const res = await t.call('workflow_run', { path: 'flows/greet.yaml', params: { who: 'Bo' } }, { key: writer })
    const id = res.body.metadata.run_id
    expect((await runOf(id, writer)).json().run).toMatchObject({ id, status: 'succeeded', caller: { name: 'runner' }, params: { who: 'Bo', times: 2 } })
    expect((await runOf(id, t.adminKey)).statusCode).toBe(200)
    const other = await runOf(id, await t.key(['read'], 'someone-else'))
    expect(other.statusCode).toBe(404)
    expect(other.json().error_code).toBe('WORKFLOW_RUN_NOT_FOUND')
    expect((await runOf('not-a-uuid', writer)).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/v1/workflow-runs/${id}` })).statusCode).toBe(401)
    expect(JSON.parse((await read(`artifacts/${id}/run.json`))!).steps).toHaveLength(3)
  })
})
