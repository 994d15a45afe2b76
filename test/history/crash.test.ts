/**
 * A crash mid-flight, on a real server process: SIGKILL it while a Bash call runs and two workflow
 * runs are mid-step, start it again on the same data folder, and nothing is a silent gap.
 * - History: a call that changes something has a `running` row while its tool runs, and exactly the
 *   rows that were running say `interrupted` after the restart; a read-only call answered before
 *   the crash is recorded.
 * - Workflows: the instance that owned the runs resumes them. A step that was running is run again
 *   when its tool is read-only (summarize, whose LLM call hung), and the steps finished before the
 *   crash are not; a step that can change things (Bash) is not run again, and its run stops
 *   `interrupted` there.
 * One server pair for both: each start costs seconds of CPU.
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_KEY, testFolders, type TestFolders } from '../helper.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../support/llm-stand-in.js'
import { startServerProcess, type ServerProcess } from '../support/server-process.js'
import { until } from '../support/until.js'

const admin = { authorization: `Bearer ${ADMIN_KEY}` }
const json = { 'content-type': 'application/json' }
const getJson = async (url: string) => {
  const res = await fetch(url, { headers: admin })
  return { status: res.status, body: (await res.json()) as any }
}

const RESUMABLE = `version: 1
name: resumable
steps:
  - id: note
    tool: fs_write
    with: { path: out/notes.txt, content: "once\\n", append: true }
  - id: sum
    tool: summarize
    with: { text: "Workflows are durable. They resume after a restart." }
  - id: after
    tool: fs_write
    with: { path: out/summary.txt, content: "\${{ steps.sum.output.output }}" }
outputs:
  summary: \${{ steps.sum.output.output }}
`
const UNSAFE = `version: 1
name: unsafe
steps:
  - id: sleep
    tool: Bash
    with: { command: "sleep 300" }
  - id: after
    tool: fs_write
    with: { path: out/unsafe.txt, content: "ran" }
`

let made: TestFolders
let llm: LlmStandIn
let second: ServerProcess
const children: ChildProcess[] = []
/** What the first server left: the answered hello, the Bash row running, the calls running, the two runs mid-step. */
let before: { helloId: string; bashId: string; runningIds: string[]; runs: { resumable: string; unsafe: string } }

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess(made, { LLM_BASE_URL: llm.url, LLM_MODEL: 'stand-in', LLM_MAX_RETRIES: '0' })
  children.push(server.child)
  return server
}

beforeAll(async () => {
  // The first summary request hangs until the server dies; the ones after it answer at once.
  llm = await startLlmStandIn((_req, i) => (i === 0 ? { delayMs: 120_000, body: completion('never') } : { body: completion('Durable runs resume.') }))
  made = await testFolders()
  await fs.mkdir(path.join(made.workspace, 'flows'))
  await fs.writeFile(path.join(made.workspace, 'flows/resumable.yaml'), RESUMABLE)
  await fs.writeFile(path.join(made.workspace, 'flows/unsafe.yaml'), UNSAFE)

  const first = await startServer()
  const keyRes = await fetch(`${first.address}/v1/keys`, {
    method: 'POST',
    headers: { ...admin, ...json },
    body: JSON.stringify({ name: 'crash', scopes: ['read', 'write', 'exec'] }),
  })
  expect(keyRes.status).toBe(201)
  const { key } = (await keyRes.json()) as { key: string }
  const post = (tool: string, body: unknown, auth: Record<string, string> = { authorization: `Bearer ${key}` }) =>
    fetch(`${first.address}/v1/tools/${tool}`, { method: 'POST', headers: { ...json, ...auth }, body: JSON.stringify(body) })

  const hello = await post('hello', { name: 'before' }, {})
  expect(hello.status).toBe(200)
  const helloId = ((await hello.json()) as { execution_id: string }).execution_id
  const inFlight = [
    post('Bash', { command: 'sleep 300' }), // outlasts the waits below on a loaded machine; bwrap ends it with the server
    post('workflow_run', { path: 'flows/resumable.yaml' }),
    post('workflow_run', { path: 'flows/unsafe.yaml' }),
  ]
  const settled = inFlight.map((p) =>
    p.then(
      (r) => r.status,
      () => 0,
    ),
  )

  // The Bash row exists while the tool runs, and says so; both runs are mid-step (summarize waits on the LLM, Bash sleeps).
  const bash = await until(async () => {
    const list = await getJson(`${first.address}/v1/executions?tool=Bash&limit=500`)
    return (list.body.executions as { id: string; status: string; parent_execution_id: string | null }[]).find(
      (e) => e.status === 'running' && !e.parent_execution_id,
    )
  })
  const during = await getJson(`${first.address}/v1/executions/${bash.id}`)
  expect(during.body.execution).toMatchObject({ tool: 'Bash', status: 'running', params: { command: 'sleep 300' }, completed_at: null })
  const runs = await until(async () => {
    const listed = (await getJson(`${first.address}/v1/workflow-runs`)).body.runs as { id: string }[]
    if (listed.length < 2) return undefined
    const full = await Promise.all(listed.map(async (r) => (await getJson(`${first.address}/v1/workflow-runs/${r.id}`)).body.run))
    const busy = (name: string, step: string) => full.find((r) => r.workflow === name && r.steps.some((s: any) => s.id === step && s.status === 'running'))
    const [resumable, unsafe] = [busy('resumable', 'sum'), busy('unsafe', 'sleep')]
    return resumable && unsafe && llm.requests.length === 1 ? { resumable: resumable.id as string, unsafe: unsafe.id as string } : undefined
  })
  const running = (await getJson(`${first.address}/v1/executions?status=running&limit=500`)).body.executions as { id: string }[]

  first.child.kill('SIGKILL')
  await new Promise((r) => first.child.once('exit', r))
  expect(await Promise.all(settled)).toEqual([0, 0, 0]) // no answer: the server died under them
  before = { helloId, bashId: bash.id, runningIds: running.map((e) => e.id), runs }
  second = await startServer()
}, 240_000)

afterAll(async () => {
  second?.child.kill('SIGTERM')
  if (second) await new Promise((r) => (second.child.exitCode === null ? second.child.once('exit', r) : r(undefined)))
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  await llm?.close()
  await made?.destroy()
})

describe('a crash while calls run: history', () => {
  it('marks exactly the rows that were running interrupted at the next start; read-only calls are still recorded', async () => {
    const after = await getJson(`${second.address}/v1/executions/${before.bashId}`)
    expect(after.status).toBe(200)
    expect(after.body.execution).toMatchObject({ tool: 'Bash', status: 'interrupted', error_code: 'INTERRUPTED' })
    expect(after.body.execution.completed_at).not.toBeNull()
    expect((await getJson(`${second.address}/v1/executions/${before.helloId}`)).body.execution).toMatchObject({ tool: 'hello', status: 'ok' })
    // What changes things and had not finished: the Bash call and the unsafe run's Bash step. (workflow_run
    // itself needs only `read`, each step its own scope; summarize is read-only: neither has a row until it ends.)
    const listed = (await getJson(`${second.address}/v1/executions?status=interrupted&limit=500`)).body.executions as {
      id: string
      tool: string
      parent_execution_id: string | null
    }[]
    expect(listed.map((e) => [e.tool, e.id === before.bashId, e.parent_execution_id !== null]).sort()).toEqual([
      ['Bash', false, true],
      ['Bash', true, false],
    ])
    expect(new Set(listed.map((e) => e.id))).toEqual(new Set(before.runningIds))
  })
})

describe('a crash while workflow runs are mid-step', () => {
  const run = async (id: string) => (await getJson(`${second.address}/v1/workflow-runs/${id}`)).body.run

  it('resumes read-only steps and never re-runs finished ones', async () => {
    const resumed = await until(async () => {
      const r = await run(before.runs.resumable)
      return r.status === 'succeeded' ? r : undefined
    })
    expect(resumed.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual(['note:ok', 'sum:ok', 'after:ok'])
    expect(resumed.resumes).toBe(1) // a stop the server did not choose counts toward the limit (test/workflows/resume-limit.test.ts)
    expect(resumed.outputs).toEqual({ summary: 'Durable runs resume.' })
    // The write before the crash happened once: it was finished, so it was not run again.
    expect(await fs.readFile(path.join(made.workspace, 'out/notes.txt'), 'utf8')).toBe('once\n')
    expect(await fs.readFile(path.join(made.workspace, 'out/summary.txt'), 'utf8')).toBe('Durable runs resume.')
    expect(llm.requests).toHaveLength(2)
    const record = JSON.parse(await fs.readFile(path.join(made.workspace, `artifacts/${before.runs.resumable}/run.json`), 'utf8'))
    expect(record.status).toBe('succeeded')
  }, 60_000)

  it('stops at a step that changes things', async () => {
    const stopped = await until(async () => {
      const r = await run(before.runs.unsafe)
      return r.status === 'interrupted' ? r : undefined
    })
    expect(stopped.steps).toMatchObject([{ key: 'sleep', status: 'interrupted', error_code: 'INTERRUPTED' }])
    expect(stopped.error).toMatch(/it can change things, so it is not run again/)
    await expect(fs.stat(path.join(made.workspace, 'out/unsafe.txt'))).rejects.toThrow()
  }, 60_000)
})
