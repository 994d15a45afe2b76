/**
 * The approval flow end to end, on write_memory_entry: held (202), listed redacted, approved once
 * and only once (also when approvers race, on one instance or two), rejected, expired, and still
 * approvable after a restart.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let writer: string // write scope only: makes the calls
let approver: string // approve scope only: decides them

const auth = (key: string) => (key ? { authorization: `Bearer ${key}` } : {})
const get = (app: TestApp, url: string, key = app.adminKey) => app.app.inject({ method: 'GET', url, headers: auth(key) })
const decide = (app: TestApp, id: string, what: 'approve' | 'reject', key = approver, payload: object = {}) =>
  app.app.inject({ method: 'POST', url: `/v1/approvals/${id}/${what}`, headers: auth(key), payload })
const hold = async (app: TestApp, file: string, entry: string, key = writer) => {
  const res = await app.call('write_memory_entry', { file, entry }, { key })
  expect(res.statusCode, JSON.stringify(res.body)).toBe(202)
  return res
}
const memText = (app: TestApp, file: string) => fs.readFile(path.join(app.workspace, 'memory', file), 'utf8').catch(() => null)
const execution = async (app: TestApp, id: string) => (await get(app, `/v1/executions/${id}`)).json().execution

function expectError(res: { statusCode: number; json(): any }, status: number, code: string, message: string) {
  expect(res.statusCode).toBe(status)
  expect(res.json()).toMatchObject({ status: 'error', error_code: code })
  expect(res.json().error_message).toContain(message)
}

beforeAll(async () => {
  t = await buildTestApp()
  writer = await t.key(['write'], 'agent')
  approver = await t.key(['approve'], 'reviewer')
})
afterAll(async () => t.close())

describe('approval flow', () => {
  it('holds, lists redacted, runs once when approved, and keeps the result', async () => {
    const entry = 'Rotate creds: the old DB login was password=hunter2, now retired.'
    const held = await hold(t, 'best_practices.md', entry)
    const { approval_id: approvalId, execution_id: executionId } = held.body
    expect(approvalId).toMatch(/^[0-9a-f-]{36}$/)
    expect(executionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(held.headers.location).toBe(`/v1/executions/${executionId}`)
    expect(held.body).toMatchObject({ status: 'pending' })
    expect(Date.parse(held.body.expires_at)).toBeGreaterThan(Date.now())
    expect(held.body.messages[0]).toContain(`POST /v1/approvals/${approvalId}/approve`)
    expect(JSON.stringify(held.body)).not.toContain('hunter2')
    expect(await memText(t, 'best_practices.md')).toBeNull()

    const list = await get(t, '/v1/approvals', approver)
    expect(list.statusCode).toBe(200)
    const listed = list.json().approvals.find((a: any) => a.id === approvalId)
    expect(listed).toMatchObject({ execution_id: executionId, tool: 'write_memory_entry', status: 'pending', caller: { name: 'agent' } })
    expect(listed.params.file).toBe('best_practices.md')
    expect(listed.params.entry).toContain('Rotate creds')
    expect(list.body).not.toContain('hunter2')
    const one = await get(t, `/v1/approvals/${approvalId}`, approver)
    expect(one.json().approval).toMatchObject({ id: approvalId, status: 'pending' })
    expect(one.body).not.toContain('hunter2')

    const pending = await execution(t, executionId)
    expect(pending).toMatchObject({ id: executionId, tool: 'write_memory_entry', status: 'pending', http_status: 202, result: null })
    expect(JSON.stringify(pending)).not.toContain('hunter2')
    // the caller sees its own call with its own key
    expect((await get(t, `/v1/executions/${executionId}`, writer)).json().execution.status).toBe('pending')

    const ok = await decide(t, approvalId, 'approve')
    expect(ok.statusCode, ok.body).toBe(200)
    const body = ok.json()
    const bytes = Buffer.byteLength(entry) + 1
    expect(body).toMatchObject({ execution_id: executionId, http_status: 200, approval: { id: approvalId, status: 'approved' } })
    expect(body.result).toMatchObject({ status: 'ok', success: true, bytes_written: bytes, execution_id: executionId })
    expect(body.result.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    // the sealed arguments ran unchanged: the secret is in the file, where the agent asked for it
    const text = await memText(t, 'best_practices.md')
    expect(text).toBe(`${entry}\n`)
    expect(Buffer.byteLength(text!)).toBe(bytes)

    const done = await execution(t, executionId)
    expect(done).toMatchObject({ status: 'ok', http_status: 200, error_code: null, result: { success: true, bytes_written: bytes } })
    expect(done.completed_at).not.toBeNull()

    const again = await decide(t, approvalId, 'approve')
    expectError(again, 409, 'APPROVAL_NOT_PENDING', `Approval ${approvalId} is already approved; only pending approvals can be decided`)
    expectError(await decide(t, approvalId, 'reject'), 409, 'APPROVAL_NOT_PENDING', 'is already approved')
    expect(await memText(t, 'best_practices.md')).toBe(`${entry}\n`)
    expect((await get(t, '/v1/approvals', approver)).json().approvals.map((a: any) => a.id)).not.toContain(approvalId)
    expect((await get(t, '/v1/approvals?status=approved', approver)).json().approvals.map((a: any) => a.id)).toContain(approvalId)
    expect(t.logs.text).not.toContain('hunter2')
  })

  it('two approvers racing on one approval: exactly one runs', async () => {
    const entry = JSON.stringify({ event: 'race', n: 1 })
    const held = await hold(t, 'progress_log.jsonl', entry)
    const [a, b] = await Promise.all([decide(t, held.body.approval_id, 'approve'), decide(t, held.body.approval_id, 'approve')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json().error_code).toBe('APPROVAL_NOT_PENDING')
    expect(await memText(t, 'progress_log.jsonl')).toBe(`${entry}\n`)
  })

  it('a rejected call never runs, and cannot be approved afterwards', async () => {
    const held = await hold(t, 'decisions.jsonl', '{"decision":"rejected one"}')
    const res = await decide(t, held.body.approval_id, 'reject', approver, { note: 'not now' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ execution_id: held.body.execution_id, approval: { status: 'rejected', decision_note: 'not now' } })
    const ex = await execution(t, held.body.execution_id)
    expect(ex).toMatchObject({ status: 'rejected', error_code: 'APPROVAL_REJECTED' })
    expect(ex.error).toContain('Rejected by reviewer: not now')
    expectError(await decide(t, held.body.approval_id, 'approve'), 409, 'APPROVAL_NOT_PENDING', 'is already rejected')
    expectError(await decide(t, held.body.approval_id, 'reject'), 409, 'APPROVAL_NOT_PENDING', 'is already rejected')
    expect(await memText(t, 'decisions.jsonl')).toBeNull()
    expect((await execution(t, held.body.execution_id)).status).toBe('rejected')
  })
})

describe('who may decide', () => {
  it('needs the approve scope; without a key 401; the call stays pending', async () => {
    const held = await hold(t, 'decisions.jsonl', '{"decision":"scopes"}')
    const id = held.body.approval_id
    expectError(await decide(t, id, 'approve', writer), 403, 'SCOPE_REQUIRED', 'This API key lacks the "approve" scope')
    expectError(await decide(t, id, 'reject', writer), 403, 'SCOPE_REQUIRED', 'lacks the "approve" scope')
    expectError(await get(t, '/v1/approvals', writer), 403, 'SCOPE_REQUIRED', 'lacks the "approve" scope')
    expectError(await get(t, `/v1/approvals/${id}`, writer), 403, 'SCOPE_REQUIRED', 'lacks the "approve" scope')
    expectError(await decide(t, id, 'approve', ''), 401, 'UNAUTHORIZED', 'This route needs an API key with the "approve" scope')
    expectError(await get(t, '/v1/approvals', ''), 401, 'UNAUTHORIZED', 'needs an API key')
    expectError(await decide(t, id, 'approve', 'tg_wrong_key_wrong_key_wrong_key_0'), 401, 'UNAUTHORIZED', 'Invalid or revoked API key')
    expect((await get(t, `/v1/approvals/${id}`, approver)).json().approval.status).toBe('pending')
    expect((await execution(t, held.body.execution_id)).status).toBe('pending')
    expect(await memText(t, 'decisions.jsonl')).toBeNull()
    // approving is not writing: an approve-only key cannot make the call itself
    const self = await t.call('write_memory_entry', { file: 'decisions.jsonl', entry: '{}' }, { key: approver })
    expect(self.statusCode).toBe(403)
    expect(self.body).toMatchObject({ status: 'error', error_code: 'SCOPE_REQUIRED' })
    expect((await t.call('write_memory_entry', { file: 'decisions.jsonl', entry: '{}' }, { key: '' })).statusCode).toBe(401)
    await decide(t, id, 'reject')
  })

  it('a call whose key was revoked meanwhile is not run when approved', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/v1/keys', headers: auth(t.adminKey), payload: { name: 'soon-gone', scopes: ['write'] } })
    ).json()
    const held = await hold(t, 'best_practices.md', 'from a revoked key', created.key)
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/keys/${created.id}`, headers: auth(t.adminKey) })).statusCode).toBe(200)
    const before = await memText(t, 'best_practices.md')
    const res = await decide(t, held.body.approval_id, 'approve')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ http_status: 401, result: { status: 'error', error_code: 'UNAUTHORIZED' } })
    expect(res.json().result.error_message).toContain('has been revoked; the call was not run')
    expect(await execution(t, held.body.execution_id)).toMatchObject({ status: 'error', error_code: 'UNAUTHORIZED' })
    expect(await memText(t, 'best_practices.md')).toBe(before)
  })

  it('an unknown approval is 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expectError(await decide(t, id, 'approve'), 404, 'APPROVAL_NOT_FOUND', `No approval with id ${id}`)
      expectError(await decide(t, id, 'reject'), 404, 'APPROVAL_NOT_FOUND', `No approval with id ${id}`)
      expectError(await get(t, `/v1/approvals/${id}`, approver), 404, 'APPROVAL_NOT_FOUND', `No approval with id ${id}`)
    }
  })
})

describe('expiry', () => {
  it('an expired call cannot be approved and never runs', async () => {
    const short = await buildTestApp({ env: { TOOLGATE_APPROVAL_TTL: '1' } })
    try {
      const reviewer = await short.key(['approve'], 'reviewer')
      const a = await hold(short, 'progress_log.jsonl', '{"event":"too late"}', short.adminKey)
      const b = await hold(short, 'progress_log.jsonl', '{"event":"never decided"}', short.adminKey)
      expect(Date.parse(a.body.expires_at) - Date.now()).toBeLessThanOrEqual(1000)
      // Until both have expired (a little after the later one's expires_at), not a fixed 1.5 s.
      const expired = Math.max(Date.parse(a.body.expires_at), Date.parse(b.body.expires_at)) + 100
      await new Promise((r) => setTimeout(r, Math.max(0, expired - Date.now())))
      const res = await decide(short, a.body.approval_id, 'approve', reviewer)
      expectError(res, 409, 'APPROVAL_NOT_PENDING', `Approval ${a.body.approval_id} is already expired`)
      expect(await execution(short, a.body.execution_id)).toMatchObject({ status: 'expired', error_code: 'APPROVAL_EXPIRED' })
      // nobody touched b: reading it is enough to see it expired
      expect((await execution(short, b.body.execution_id)).status).toBe('expired')
      expectError(await decide(short, b.body.approval_id, 'reject', reviewer), 409, 'APPROVAL_NOT_PENDING', 'is already expired')
      expect(await memText(short, 'progress_log.jsonl')).toBeNull()
      expect((await get(short, '/v1/approvals')).json().approvals).toEqual([])
    } finally {
      await short.close()
    }
  }, 120_000)
})

describe('exactly once across instances and restarts', () => {
  it('approvers racing on two instances (one instance on PGlite): exactly one runs', async () => {
    // Two apps share one Postgres database, one data folder (the sealing key) and one workspace.
    // PGlite cannot be opened twice, so there the race runs on the one app.
    const other = process.env.DATABASE_URL ? await buildTestApp({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, workspace: t.workspace }) : t
    try {
      const entries = Array.from({ length: 5 }, (_, i) => JSON.stringify({ event: 'two-instances', i }))
      const held = []
      for (const e of entries) held.push(await hold(t, 'decisions.jsonl', e))
      const results = await Promise.all(
        held.flatMap((h) => [decide(t, h.body.approval_id, 'approve', t.adminKey), decide(other, h.body.approval_id, 'approve', other.adminKey)]),
      )
      for (let i = 0; i < held.length; i++) {
        const pair = [results[2 * i], results[2 * i + 1]]
        expect(pair.map((r) => r.statusCode).sort(), pair.map((r) => r.body).join('\n')).toEqual([200, 409])
        expect(pair.find((r) => r.statusCode === 200)!.json().result).toMatchObject({ success: true })
      }
      const lines = (await memText(t, 'decisions.jsonl'))!.split('\n').filter(Boolean)
      expect(lines.sort()).toEqual([...entries].sort())
      // both instances see the one result
      for (const h of held) {
        expect((await execution(other, h.body.execution_id)).status).toBe('ok')
        expect((await execution(t, h.body.execution_id)).status).toBe('ok')
      }
    } finally {
      if (other !== t) await other.close()
    }
  }, 120_000)

  it('a held call survives a restart and runs when approved on the new instance', async () => {
    const first = await buildTestApp({ keep: true })
    const reviewer = await first.key(['approve'], 'reviewer')
    const entry = JSON.stringify({ event: 'after restart', token: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' })
    const held = await hold(first, 'progress_log.jsonl', entry, first.adminKey)
    await first.close()
    const second = await buildTestApp({ workspace: first.workspace, dataDir: first.dataDir, databaseUrl: first.databaseUrl })
    try {
      expect((await execution(second, held.body.execution_id)).status).toBe('pending')
      const res = await decide(second, held.body.approval_id, 'approve', reviewer)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().result).toMatchObject({ status: 'ok', success: true, bytes_written: Buffer.byteLength(entry) + 1 })
      expect(await memText(second, 'progress_log.jsonl')).toBe(`${entry}\n`)
      expect(await execution(second, held.body.execution_id)).toMatchObject({ status: 'ok' })
    } finally {
      await second.close()
      await fs.rm(first.workspace, { recursive: true, force: true })
      await fs.rm(first.dataDir, { recursive: true, force: true })
      if (first.databaseUrl) {
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
        await admin.connect()
        await admin.query(`DROP DATABASE IF EXISTS ${new URL(first.databaseUrl).pathname.slice(1)} WITH (FORCE)`)
        await admin.end()
      }
    }
  }, 120_000)
})

describe('the approvals listing', () => {
  it('stops a page at about 1 MiB of held calls, and next_cursor goes on from there (500 held calls of 200 KB read 108 MB)', async () => {
    const app = await buildTestApp({ env: { TOOLGATE_APPROVAL_REQUIRED: 'Bash' } })
    try {
      const [agent, reviewer] = [await app.key(['exec'], 'agent'), await app.key(['approve'], 'reviewer')]
      const write = async (text: string) => {
        const res = await app.call('Bash', { command: `echo ${text}` }, { key: agent })
        expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(202)
        return res.body.approval_id as string
      }
      const ids: string[] = []
      // Words, not one letter repeated: a run of one character is kept as a count.
      const words = Array.from({ length: 12_000 }, (_, i) => `w${i}`).join(' ')
      for (let i = 0; i < 24; i++) ids.push(await write(`${i} ${words}`))
      const seen: string[] = []
      let cursor = ''
      for (let pages = 0; seen.length < 24; pages++) {
        expect(pages).toBeLessThan(5)
        const res = await get(app, `/v1/approvals?limit=24${cursor}`, reviewer)
        expect(res.statusCode).toBe(200)
        expect(res.payload.length).toBeLessThan(1.4 * 2 ** 20)
        const { approvals, next_cursor } = res.json()
        if (pages === 0) expect(approvals).toHaveLength(15) // each is kept as 64 KiB: fifteen fit in 1 MiB
        seen.push(...approvals.map((a: { id: string }) => a.id))
        cursor = next_cursor ? `&cursor=${next_cursor}` : ''
        if (!next_cursor) break
      }
      expect(seen).toEqual(ids.reverse()) // each once, newest first
      // Positive control: small held calls fill the page to its limit, and the last page says so.
      for (let i = 0; i < 3; i++) await write(`small ${i}`)
      const small = (await get(app, '/v1/approvals?limit=3', reviewer)).json()
      expect(small.approvals.map((a: { params: { command: string } }) => a.params.command)).toEqual(['echo small 2', 'echo small 1', 'echo small 0'])
      expect(small.next_cursor).toEqual(expect.any(String))
      const bad = await get(app, '/v1/approvals?cursor=not-a-cursor', reviewer)
      expectError(bad, 400, 'INVALID_REQUEST', 'Invalid cursor')
    } finally {
      await app.close()
    }
  }, 60_000)
})
