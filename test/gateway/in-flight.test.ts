/**
 * TOOLGATE_MAX_CALLS_IN_FLIGHT: how many calls one key may have running at once. The rate limit
 * bounds how often calls start; without this, one key could keep hundreds of long calls
 * (subagents, workflow runs, commands) going together. One more is 429 at once and runs nothing;
 * other keys, the calls a call makes, and calls held for approval are not counted against it.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { until } from '../support/until.js'

const LIMIT = 2
let t: TestApp
let key: string
let other: string

/** A command that runs until `go` exists in the workspace, then writes `name`. */
const waitFor = (name: string) => `while [ ! -f go ]; do sleep 0.02; done; touch ${name}`
const exists = (name: string) =>
  fs.stat(path.join(t.workspace, name)).then(
    () => true,
    () => false,
  )

/** Approves the held call `approvalId` as `approver`; the answer comes once the approved call has run. */
const approve = (app: TestApp, approvalId: string, approver: string) =>
  app.app.inject({ method: 'POST', url: `/v1/approvals/${approvalId}/approve`, headers: { authorization: `Bearer ${approver}` } })

async function runningCommands(app = t): Promise<number> {
  const res = await app.app.inject({ url: '/v1/executions?tool=Bash&status=running&limit=50', headers: { authorization: `Bearer ${app.adminKey}` } })
  return res.json().executions.length
}

beforeAll(async () => {
  t = await buildTestApp({ env: { TOOLGATE_MAX_CALLS_IN_FLIGHT: String(LIMIT), TOOLGATE_APPROVAL_REQUIRED: 'fs_write' } })
  key = await t.key(['read', 'write', 'exec'], 'busy')
  other = await t.key(['read', 'write', 'exec'], 'other')
  await fs.mkdir(path.join(t.workspace, 'flows'))
  await fs.writeFile(
    path.join(t.workspace, 'flows/three.yaml'),
    'version: 1\nname: three\nsteps:\n  - id: a\n    tool: hello\n  - id: b\n    tool: hello\n  - id: c\n    tool: Glob\n    with: { pattern: "*" }\n',
  )
})
afterAll(async () => t?.close())

describe(`at most ${LIMIT} calls of one key running at once`, () => {
  it('refuses one more with 429 at once, running nothing; another key is not held back; slots come back', async () => {
    // Calls that end early (invalid) give their slot back.
    for (let i = 0; i < LIMIT + 1; i++) expect((await t.call('Bash', {}, { key })).statusCode).toBe(400)

    const long = Array.from({ length: LIMIT }, (_, i) => t.call('Bash', { command: waitFor(`done${i}`) }, { key }))
    await until(async () => ((await runningCommands()) >= LIMIT ? true : undefined), 10_000, 'the long calls to start')

    const refused = await t.call('Bash', { command: 'touch third' }, { key })
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toMatchObject({ error_code: 'RATE_LIMITED', details: { in_flight_limit: LIMIT } })
    expect(refused.body.error_message).toContain('TOOLGATE_MAX_CALLS_IN_FLIGHT')
    expect(refused.headers['retry-after']).toBe('1')
    // Positive controls: another key runs meanwhile, and so does a read by the busy key's neighbour.
    const elsewhere = await t.call('Bash', { command: 'touch other' }, { key: other })
    expect(elsewhere.statusCode, JSON.stringify(elsewhere.body)).toBe(200)
    expect(await exists('other')).toBe(true)
    expect(await exists('third')).toBe(false)

    await fs.writeFile(path.join(t.workspace, 'go'), '')
    for (const res of await Promise.all(long)) expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(await exists('third')).toBe(false)
    const after = await t.call('Bash', { command: 'touch fourth' }, { key })
    expect(after.statusCode).toBe(200)
    expect(await exists('fourth')).toBe(true)
  })

  it('counts a workflow run once, not its steps', async () => {
    const one = await buildTestApp({ env: { TOOLGATE_MAX_CALLS_IN_FLIGHT: '1' } })
    try {
      await fs.mkdir(path.join(one.workspace, 'flows'))
      await fs.copyFile(path.join(t.workspace, 'flows/three.yaml'), path.join(one.workspace, 'flows/three.yaml'))
      const res = await one.call('workflow_run', { path: 'flows/three.yaml' })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
      expect(res.body.metadata.steps.map((s: { status: string }) => s.status)).toEqual(['ok', 'ok', 'ok'])
    } finally {
      await one.close()
    }
  })

  it('a workflow run that goes on after its approval takes its slot back until it ends', async () => {
    const flow = `version: 1\nname: held\nsteps:\n  - id: a\n    tool: fs_write\n    with: { path: "\${{ params.f }}", content: x }\n  - id: b\n    tool: Bash\n    with: { command: "while [ ! -f go2 ]; do sleep 0.02; done" }\nparams:\n  f: { type: string }\n`
    await fs.writeFile(path.join(t.workspace, 'flows/held.yaml'), flow)
    const approver = await t.key(['approve'], 'approver')
    const runs: string[] = []
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.call('workflow_run', { path: 'flows/held.yaml', params: { f: `w${i}.txt` } }, { key })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(202)
      runs.push(res.body.metadata.run_id)
      const decided = await approve(t, res.body.approval_id, approver)
      expect(decided.statusCode, decided.body).toBe(200)
    }
    await until(async () => ((await runningCommands()) >= LIMIT ? true : undefined), 10_000, 'the runs to go on')
    // Both of the key's slots are the runs' now (the reviewer's finding: three such runs went on beside a key's new calls).
    expect((await t.call('hello', {}, { key })).statusCode).toBe(429)
    expect((await t.call('hello', {}, { key: other })).statusCode).toBe(200)
    await fs.writeFile(path.join(t.workspace, 'go2'), '')
    const status = async (id: string) =>
      (await t.app.inject({ url: `/v1/workflow-runs/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })).json().run.status
    await until(async () => ((await Promise.all(runs.map(status))).every((s) => s === 'succeeded') ? true : undefined), 10_000, 'the runs to finish')
    expect((await t.call('hello', {}, { key })).statusCode).toBe(200)
  })

  it("an approved call takes its caller's slot while it runs", async () => {
    const one = await buildTestApp({ env: { TOOLGATE_MAX_CALLS_IN_FLIGHT: '1', TOOLGATE_APPROVAL_REQUIRED: 'Bash' } })
    try {
      const mine = await one.key(['read', 'exec'], 'mine')
      const approver = await one.key(['approve'], 'approver')
      const held = await one.call('Bash', { command: waitFor('ran') }, { key: mine })
      expect(held.statusCode).toBe(202)
      const decided = approve(one, held.body.approval_id, approver)
      await until(async () => ((await runningCommands(one)) === 1 ? true : undefined), 10_000, 'the approved call to run')
      expect((await one.call('hello', {}, { key: mine })).statusCode).toBe(429)
      await fs.writeFile(path.join(one.workspace, 'go'), '')
      expect((await decided).statusCode).toBe(200)
      expect((await one.call('hello', {}, { key: mine })).statusCode).toBe(200)
    } finally {
      await one.close()
    }
  })

  it("an approved workflow step takes its caller's slot while it runs", async () => {
    const one = await buildTestApp({ env: { TOOLGATE_MAX_CALLS_IN_FLIGHT: '1', TOOLGATE_APPROVAL_REQUIRED: 'Bash' } })
    try {
      const mine = await one.key(['read', 'exec'], 'mine')
      const approver = await one.key(['approve'], 'approver')
      await fs.mkdir(path.join(one.workspace, 'flows'))
      const flow = `version: 1\nname: step\nsteps:\n  - id: a\n    tool: Bash\n    with: { command: "${waitFor('ran')}" }\n  - id: b\n    tool: hello\n`
      await fs.writeFile(path.join(one.workspace, 'flows/step.yaml'), flow)
      const held = await one.call('workflow_run', { path: 'flows/step.yaml' }, { key: mine })
      expect(held.statusCode, JSON.stringify(held.body)).toBe(202)
      expect((await one.call('hello', {}, { key: mine })).statusCode).toBe(200) // paused: no slot
      const decided = approve(one, held.body.approval_id, approver)
      await until(async () => ((await runningCommands(one)) === 1 ? true : undefined), 10_000, 'the approved step to run')
      expect((await one.call('hello', {}, { key: mine })).statusCode).toBe(429)
      await fs.writeFile(path.join(one.workspace, 'go'), '')
      expect((await decided).statusCode).toBe(200)
      const run = async () =>
        (await one.app.inject({ url: `/v1/workflow-runs/${held.body.metadata.run_id}`, headers: { authorization: `Bearer ${one.adminKey}` } })).json().run
      await until(async () => ((await run()).status === 'succeeded' ? true : undefined), 10_000, 'the run to finish')
      expect((await one.call('hello', {}, { key: mine })).statusCode).toBe(200)
    } finally {
      await one.close()
    }
  })

  it('a call held for approval does not keep its slot', async () => {
    // One after another: each is answered 202 and waits for a person, none of them running.
    for (let i = 0; i <= LIMIT; i++) expect((await t.call('fs_write', { path: `held${i}.txt`, content: 'x' }, { key })).statusCode).toBe(202)
    expect((await t.call('hello', {}, { key })).statusCode).toBe(200)
  })
})
