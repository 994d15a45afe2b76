/**
 * A workflow run survives its server: SIGKILL a real server process while two runs are mid-step,
 * start it again on the same data folder, and the instance that owned them resumes them. A step
 * that was running is run again when its tool is read-only (summarize, whose LLM call hung), and
 * the steps finished before the crash are not; a step that can change things (Bash) is not run
 * again, and its run stops `interrupted` there.
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../support/server-process.js'
import { ADMIN_KEY, testFolders, type TestFolders } from '../helper.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../support/llm-stand-in.js'

let made: TestFolders | undefined
let llm: LlmStandIn | undefined
const children: ChildProcess[] = []
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  await llm?.close()
  await made?.destroy()
})

async function startServer(t: TestFolders, llmUrl: string): Promise<ServerProcess> {
  const server = await startServerProcess(t, { LLM_BASE_URL: llmUrl, LLM_MODEL: 'stand-in', LLM_MAX_RETRIES: '0' })
  children.push(server.child)
  return server
}

const admin = { authorization: `Bearer ${ADMIN_KEY}` }
const runs = async (address: string): Promise<any[]> => ((await (await fetch(`${address}/v1/workflow-runs`, { headers: admin })).json()) as any).runs
const run = async (address: string, id: string): Promise<any> =>
  ((await (await fetch(`${address}/v1/workflow-runs/${id}`, { headers: admin })).json()) as any).run

async function until<T>(what: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const got = await what()
    if (got !== undefined) return got
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
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
    with: { command: "sleep 30" }
  - id: after
    tool: fs_write
    with: { path: out/unsafe.txt, content: "ran" }
`

describe('a restart in the middle of workflow runs', () => {
  it('resumes read-only steps, never re-runs finished ones, and stops at a step that changes things', async () => {
    // The first summary request hangs until the server dies; the ones after it answer at once.
    llm = await startLlmStandIn((_req, i) => (i === 0 ? { delayMs: 120_000, body: completion('never') } : { body: completion('Durable runs resume.') }))
    made = await testFolders()
    await fs.mkdir(path.join(made.workspace, 'flows'))
    await fs.writeFile(path.join(made.workspace, 'flows/resumable.yaml'), RESUMABLE)
    await fs.writeFile(path.join(made.workspace, 'flows/unsafe.yaml'), UNSAFE)

    const first = await startServer(made, llm.url)
    const keyRes = await fetch(`${first.address}/v1/keys`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'crash', scopes: ['read', 'write', 'exec'] }),
    })
    expect(keyRes.status).toBe(201)
    const { key } = (await keyRes.json()) as { key: string }
    const start = (file: string) =>
      fetch(`${first.address}/v1/tools/workflow_run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ path: file }),
      }).catch(() => undefined)
    const calls = [start('flows/resumable.yaml'), start('flows/unsafe.yaml')]
    // Both runs are mid-step: summarize waits on the LLM, Bash sleeps.
    const ids = await until(async () => {
      const listed = await runs(first.address)
      if (listed.length < 2) return undefined
      const full = await Promise.all(listed.map((r) => run(first.address, r.id)))
      const busy = (name: string, step: string) => full.find((r) => r.workflow === name && r.steps.some((s: any) => s.id === step && s.status === 'running'))
      const [resumable, unsafe] = [busy('resumable', 'sum'), busy('unsafe', 'sleep')]
      return resumable && unsafe && llm!.requests.length === 1 ? { resumable: resumable.id as string, unsafe: unsafe.id as string } : undefined
    })
    first.child.kill('SIGKILL')
    await new Promise((r) => first.child.once('exit', r))
    await Promise.all(calls)

    const second = await startServer(made, llm.url)
    try {
      const resumed = await until(async () => {
        const r = await run(second.address, ids.resumable)
        return r.status === 'succeeded' ? r : undefined
      })
      expect(resumed.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual(['note:ok', 'sum:ok', 'after:ok'])
      expect(resumed.outputs).toEqual({ summary: 'Durable runs resume.' })
      // The write before the crash happened once: it was finished, so it was not run again.
      expect(await fs.readFile(path.join(made.workspace, 'out/notes.txt'), 'utf8')).toBe('once\n')
      expect(await fs.readFile(path.join(made.workspace, 'out/summary.txt'), 'utf8')).toBe('Durable runs resume.')
      expect(llm.requests).toHaveLength(2)

      const stopped = await until(async () => {
        const r = await run(second.address, ids.unsafe)
        return r.status === 'interrupted' ? r : undefined
      })
      expect(stopped.steps).toMatchObject([{ key: 'sleep', status: 'interrupted', error_code: 'INTERRUPTED' }])
      expect(stopped.error).toMatch(/it can change things, so it is not run again/)
      await expect(fs.stat(path.join(made.workspace, 'out/unsafe.txt'))).rejects.toThrow()
      const record = JSON.parse(await fs.readFile(path.join(made.workspace, `artifacts/${ids.resumable}/run.json`), 'utf8'))
      expect(record.status).toBe('succeeded')
    } finally {
      second.child.kill('SIGTERM')
      await new Promise((r) => second.child.once('exit', r))
    }
  }, 240_000)
})
