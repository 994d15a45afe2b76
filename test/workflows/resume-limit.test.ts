/**
 * A run the server was running when it stopped is resumed at the next start, but not for ever: a
 * run that stops the server (out of memory, say) would otherwise stop it again at every start.
 * After MAX_RESUMES resumes that did not finish, the next start stops it `interrupted` instead,
 * and runs nothing of it. A shutdown asked for by a signal sets the count back (the run did not stop
 * the server); one forced by an uncaught error does not.
 * Each app here is a restart on the same data folder; the run waits on an LLM that never answers,
 * so every start finds it mid-step. Stops the server did not choose are set in the database between
 * starts (test/history/crash.test.ts counts one with a real SIGKILL).
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../src/db/client.js'
import { workflowRuns } from '../../src/db/schema/index.js'
import { MAX_RESUMES } from '../../src/workflows/runner.js'
import { buildTestApp, type TestApp } from '../helper.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../support/llm-stand-in.js'
import { until } from '../support/until.js'

const FLOW = `version: 1
name: stuck
steps:
  - id: sum
    tool: summarize
    with: { text: "A run that never finishes. It waits on the model." }
`

let llm: LlmStandIn
let first: TestApp
const apps: TestApp[] = []

/** A start on the first app's folders: it resumes the runs the last one was running. */
async function restart(): Promise<TestApp> {
  const app = await buildTestApp({ dataDir: first.dataDir, workspace: first.workspace, databaseUrl: first.databaseUrl, env: env() })
  apps.push(app)
  return app
}
const env = () => ({ LLM_BASE_URL: llm.url, LLM_MODEL: 'stand-in', LLM_MAX_RETRIES: '0' })
/** The run's count of resumes while no app is up: read, then set to `to` (as if the server had stopped under it that often). */
async function resumesWhileDown(id: string, to: number): Promise<number> {
  const database = await createDb(first.databaseUrl ? { databaseUrl: first.databaseUrl } : { pgliteDir: path.join(first.dataDir, 'pglite') })
  try {
    const [row] = await database.db.select().from(workflowRuns).where(eq(workflowRuns.id, id))
    await database.db.update(workflowRuns).set({ resumes: to }).where(eq(workflowRuns.id, id))
    return row.resumes
  } finally {
    await database.close()
  }
}
const runOf = async (t: TestApp, id: string) =>
  (await t.app.inject({ url: `/v1/workflow-runs/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })).json().run

beforeAll(async () => {
  llm = await startLlmStandIn(() => ({ delayMs: 120_000, body: completion('never') }))
  first = await buildTestApp({ keep: true, env: env() })
  apps.push(first)
  await fs.mkdir(path.join(first.workspace, 'flows'))
  await fs.writeFile(path.join(first.workspace, 'flows/stuck.yaml'), FLOW)
})
afterAll(async () => {
  for (const t of apps) await t.app.close().catch(() => undefined)
  await first?.destroy()
  await llm?.close()
})

describe('a run the server keeps stopping under', () => {
  it(`is resumed up to ${MAX_RESUMES} times, then stopped interrupted without running again`, async () => {
    const answer = first.call('workflow_run', { path: 'flows/stuck.yaml' })
    await until(async () => (llm.requests.length === 1 ? true : undefined))
    const [row] = await first.app.database.db.select().from(workflowRuns)
    expect(row).toMatchObject({ status: 'running', resumes: 0 })
    await first.app.database.db.update(workflowRuns).set({ resumes: 2 }).where(eq(workflowRuns.id, row.id))
    first.app.workflows.runner.chosenStop() // as src/server.ts does on SIGTERM
    await first.app.close()
    await answer
    // The chosen shutdown set the count back; then, as if the server had stopped under it since at all but the last start allowed.
    expect(await resumesWhileDown(row.id, MAX_RESUMES - 1)).toBe(0)

    // Positive control: the last resume allowed runs the step again.
    const second = await restart()
    await until(async () => (llm.requests.length === 2 ? true : undefined))
    expect(await runOf(second, row.id)).toMatchObject({ status: 'running', resumes: MAX_RESUMES, steps: [{ key: 'sum', status: 'running' }] })
    await second.app.close() // as after an uncaught error: no chosenStop
    expect(await resumesWhileDown(row.id, MAX_RESUMES)).toBe(MAX_RESUMES)

    const third = await restart()
    const stopped = await until(async () => {
      const run = await runOf(third, row.id)
      return run.status === 'running' ? undefined : run
    })
    expect(stopped).toMatchObject({
      status: 'interrupted',
      error_code: 'INTERRUPTED',
      resumes: MAX_RESUMES + 1,
      steps: [{ key: 'sum', status: 'interrupted', error_code: 'INTERRUPTED' }],
    })
    expect(stopped.error).toContain(`The server stopped ${MAX_RESUMES + 1} times while this run was running`)
    expect(stopped.finished_at).not.toBeNull()
    // Nothing of it ran at this start, and its record says how it ended.
    expect(llm.requests).toHaveLength(2)
    const record = JSON.parse(await fs.readFile(path.join(first.workspace, `artifacts/${row.id}/run.json`), 'utf8'))
    expect(record).toMatchObject({ status: 'interrupted', error_code: 'INTERRUPTED' })
  }, 60_000)
})
