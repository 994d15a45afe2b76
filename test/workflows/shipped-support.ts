/**
 * What the tests of the shipped workflows share: the real app with the scripted LLM as its
 * provider, the shipped files copied into the workspace as a user would, and reading runs back.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildTestApp, type TestApp } from '../helper.js'
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js'

/** The repository's workflows/ folder: what ships. */
export const SHIPPED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'workflows')
export const SHIPPED = ['glossary-annotate.yaml', 'glossary-curate.yaml', 'notebook-author.yaml']

export interface Harness {
  t: TestApp
  llm: ScriptedLlm
  /** read + write: runs the workflows. */
  runner: string
  /** approve only: decides held steps (a key never approves its own held call). */
  approver: string
  close(): Promise<void>
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const llm = await startScriptedLlm()
  const t = await buildTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'scripted', LLM_MAX_RETRIES: '0', ...env } })
  // As the docs say: copy the shipped files into the workspace, then run them by path.
  await fs.mkdir(path.join(t.workspace, 'workflows'))
  for (const file of SHIPPED) await fs.copyFile(path.join(SHIPPED_DIR, file), path.join(t.workspace, 'workflows', file))
  const runner = await t.key(['read', 'write'], 'workflow-runner')
  const approver = await t.key(['approve'], 'reviewer')
  return {
    t,
    llm,
    runner,
    approver,
    async close() {
      await t.close()
      await llm.close()
    },
  }
}

export const auth = (key: string) => ({ authorization: `Bearer ${key}` })

export async function runWorkflow(h: Harness, file: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  return h.t.call('workflow_run', { path: `workflows/${file}`, params }, { key: h.runner, headers })
}

export async function getRun(h: Harness, id: string): Promise<any> {
  const res = await h.t.app.inject({ url: `/v1/workflow-runs/${id}`, headers: auth(h.runner) })
  if (res.statusCode !== 200) throw new Error(`GET /v1/workflow-runs/${id}: ${res.statusCode} ${res.body}`)
  return res.json().run
}

/** The run once it is neither running nor paused (after a decision it goes on in the background). */
export async function settled(h: Harness, id: string, timeoutMs = 20_000): Promise<any> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const run = await getRun(h, id)
    if (!['running', 'paused'].includes(run.status) || Date.now() > end) return run
    await new Promise((r) => setTimeout(r, 25))
  }
}

export async function decide(h: Harness, approvalId: string, what: 'approve' | 'reject', note?: string) {
  return h.t.app.inject({ method: 'POST', url: `/v1/approvals/${approvalId}/${what}`, headers: auth(h.approver), payload: note ? { note } : {} })
}

/** A step of a run record by its key (`walk[1].annotate`). */
export function stepOf(run: any, key: string): any {
  const step = run.steps.find((s: any) => s.key === key)
  if (!step) throw new Error(`no step ${key} in run ${run.id}: ${run.steps.map((s: any) => s.key).join(', ')}`)
  return step
}
