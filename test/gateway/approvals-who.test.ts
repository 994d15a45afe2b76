/**
 * Who may decide a held call. Four eyes: the key that queued it, or a key of the same name, may
 * neither approve nor reject it (403 SELF_APPROVAL), admins included, unless
 * TOOLGATE_APPROVAL_SELF=allow. Confined approvers: an approver whose key is confined to a folder
 * sees and decides only calls made in that folder or below it (others are 404, as if absent); an
 * approver of the whole workspace and an admin see all. Beside each refusal, the approver who may.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { buildTestApp, type TestApp } from '../helper.js'

const auth = (key: string) => ({ authorization: `Bearer ${key}` })
const decide = (app: TestApp, id: string, what: 'approve' | 'reject', key: string) =>
  app.app.inject({ method: 'POST', url: `/v1/approvals/${id}/${what}`, headers: auth(key), payload: {} })
const get = (app: TestApp, url: string, key: string) => app.app.inject({ method: 'GET', url, headers: auth(key) })

/** A key with these scopes, confined to `workspace` ('' = the whole workspace). */
async function keyIn(app: TestApp, name: string, scopes: string[], workspace = ''): Promise<string> {
  const res = await app.app.inject({ method: 'POST', url: '/v1/keys', headers: auth(app.adminKey), payload: { name, scopes, workspace } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().key
}
async function hold(app: TestApp, key: string, entry: string): Promise<{ approval_id: string; execution_id: string; messages: string[] }> {
  const res = await app.call('write_memory_entry', { file: 'progress_log.jsonl', entry: JSON.stringify({ entry }) }, { key })
  expect(res.statusCode, JSON.stringify(res.body)).toBe(202)
  return res.body
}
const memory = (app: TestApp, folder: string) => fs.readFile(path.join(app.workspace, folder, 'memory', 'progress_log.jsonl'), 'utf8').catch(() => null)
const status = async (app: TestApp, id: string) => (await get(app, `/v1/approvals/${id}`, app.adminKey)).json().approval.status

function expectError(res: { statusCode: number; json(): any }, status: number, code: string, message: string) {
  expect(res.statusCode, res.body as unknown as string).toBe(status)
  expect(res.json()).toMatchObject({ status: 'error', error_code: code })
  expect(res.json().error_message).toContain(message)
}

describe('four eyes (default)', () => {
  let t: TestApp
  let agent: string // writes and approves: may not decide its own calls
  let reviewer: string
  beforeAll(async () => {
    t = await buildTestApp()
    agent = await keyIn(t, 'agent-a', ['write', 'approve'])
    reviewer = await keyIn(t, 'reviewer', ['approve'])
  })
  afterAll(async () => t.close())

  it('the key that queued a call can neither approve nor reject it; the call stays pending', async () => {
    const held = await hold(t, agent, 'self')
    expect(held.messages[0]).toContain('with another key than this one holding the "approve" scope')
    const self = await decide(t, held.approval_id, 'approve', agent)
    expectError(
      self,
      403,
      'SELF_APPROVAL',
      `Approval ${held.approval_id} was queued by this key; another key with the "approve" scope must approve it (four eyes)`,
    )
    expect(self.json().error_message).toContain('TOOLGATE_APPROVAL_SELF=allow')
    expectError(await decide(t, held.approval_id, 'reject', agent), 403, 'SELF_APPROVAL', 'must reject it')
    expect(await status(t, held.approval_id)).toBe('pending')
    expect(await memory(t, '.')).toBeNull()
    // positive control: another approver approves, and the call runs once
    const ok = await decide(t, held.approval_id, 'approve', reviewer)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().result).toMatchObject({ success: true })
    expect(await memory(t, '.')).toBe('{"entry":"self"}\n')
  })

  it('another key of the same name (any case, any spaces) is the same caller', async () => {
    const held = await hold(t, agent, 'twin')
    for (const name of ['agent-a', 'AGENT-A', ' Agent-A ']) {
      const twin = await keyIn(t, name, ['approve'])
      expectError(await decide(t, held.approval_id, 'approve', twin), 403, 'SELF_APPROVAL', 'queued by a key named "agent-a", as this one is')
      expectError(await decide(t, held.approval_id, 'reject', twin), 403, 'SELF_APPROVAL', 'must reject it')
    }
    expect(await status(t, held.approval_id)).toBe('pending')
    // positive control: another approver rejects it
    expect((await decide(t, held.approval_id, 'reject', reviewer)).statusCode).toBe(200)
    expect(await status(t, held.approval_id)).toBe('rejected')
  })

  it('admins too: an admin key cannot approve its own call, another admin can', async () => {
    const held = await hold(t, t.adminKey, 'admin')
    expectError(await decide(t, held.approval_id, 'approve', t.adminKey), 403, 'SELF_APPROVAL', 'queued by this key')
    const otherAdmin = await keyIn(t, 'second-admin', ['admin', 'approve'])
    expect((await decide(t, held.approval_id, 'approve', otherAdmin)).statusCode).toBe(200)
  })

  it('a decided call by its own caller still answers four eyes first, and nothing runs twice', async () => {
    const held = await hold(t, agent, 'order')
    expect((await decide(t, held.approval_id, 'reject', reviewer)).statusCode).toBe(200)
    expectError(await decide(t, held.approval_id, 'approve', agent), 403, 'SELF_APPROVAL', 'queued by this key')
    expectError(await decide(t, held.approval_id, 'approve', reviewer), 409, 'APPROVAL_NOT_PENDING', 'already rejected')
  })
})

describe('TOOLGATE_APPROVAL_SELF', () => {
  it('allow: a single user approves and rejects their own calls', async () => {
    const t = await buildTestApp({ env: { TOOLGATE_APPROVAL_SELF: 'allow' } })
    try {
      const a = await hold(t, t.adminKey, 'mine')
      expect(a.messages[0]).toContain('with a key holding the "approve" scope')
      const ok = await decide(t, a.approval_id, 'approve', t.adminKey)
      expect(ok.statusCode, ok.body).toBe(200)
      expect(await memory(t, '.')).toBe('{"entry":"mine"}\n')
      const b = await hold(t, t.adminKey, 'not mine after all')
      expect((await decide(t, b.approval_id, 'reject', t.adminKey)).statusCode).toBe(200)
      expect(await memory(t, '.')).toBe('{"entry":"mine"}\n')
    } finally {
      await t.close()
    }
  })

  it('is validated at start: deny (default) or allow, any case', () => {
    expect(loadConfig({}).approvalSelf).toBe('deny')
    expect(loadConfig({ TOOLGATE_APPROVAL_SELF: 'ALLOW' }).approvalSelf).toBe('allow')
    expect(loadConfig({ TOOLGATE_APPROVAL_SELF: 'deny' }).approvalSelf).toBe('deny')
    for (const bad of ['yes', 'true', 'allow,deny']) {
      expect(() => loadConfig({ TOOLGATE_APPROVAL_SELF: bad })).toThrow(`TOOLGATE_APPROVAL_SELF="${bad}" must be deny`)
    }
  })
})

describe('confined approvers see and decide only calls of their folder', () => {
  let t: TestApp
  const calls: Record<string, { approval_id: string }> = {}
  const keys: Record<string, string> = {}
  const ids = async (key: string) =>
    (await get(t, '/v1/approvals?status=all&limit=500', key))
      .json()
      .approvals.map((a: any) => a.id)
      .sort()
  const idsOf = (...folders: string[]) => folders.map((f) => calls[f].approval_id).sort()

  beforeAll(async () => {
    t = await buildTestApp()
    await fs.mkdir(path.join(t.workspace, 'team'), { recursive: true })
    // One call made in each folder; `team-evil` shares a prefix with `team`. (A key's folder may not
    // be a link at all: test/gateway/key-workspace.test.ts.)
    for (const folder of ['', 'team', 'team/sub', 'team-evil', 'other']) {
      calls[folder] = await hold(t, await keyIn(t, `agent@${folder}`, ['write'], folder), folder || 'root')
    }
    for (const folder of ['', 'team', 'team/sub']) keys[folder] = await keyIn(t, `approver@${folder}`, ['approve'], folder)
  })
  afterAll(async () => t.close())

  it('lists: a folder and what is below it; the whole workspace and admins see all', async () => {
    expect(await ids(keys.team)).toEqual(idsOf('team', 'team/sub'))
    expect(await ids(keys['team/sub'])).toEqual(idsOf('team/sub'))
    const all = idsOf('', 'team', 'team/sub', 'team-evil', 'other')
    expect(await ids(keys[''])).toEqual(all)
    expect(await ids(t.adminKey)).toEqual(all)
    const listed = (await get(t, '/v1/approvals', keys.team)).json().approvals
    expect(listed.map((a: any) => a.workspace).sort()).toEqual(['team', 'team/sub'])
  })

  it('a cursor naming a call outside the folder is the same 400 as an id nobody holds: the listing tells nothing of it', async () => {
    const cursorOf = (id: string) => Buffer.from(id).toString('base64url')
    const page = (id: string) => get(t, `/v1/approvals?status=all&cursor=${cursorOf(id)}`, keys.team)
    for (const id of [calls.other.approval_id, calls[''].approval_id, calls['team-evil'].approval_id, '01900000-0000-7000-8000-000000000000']) {
      expectError(await page(id), 400, 'INVALID_REQUEST', 'Invalid cursor: pass back the next_cursor of a previous page')
    }
    // Positive control: a cursor on a call of the folder goes on from it, as next_cursor does.
    const newest = (await get(t, '/v1/approvals?status=all&limit=1', keys.team)).json()
    expect(newest.next_cursor).toBe(cursorOf(newest.approvals[0].id))
    const rest = await page(newest.approvals[0].id)
    expect(rest.statusCode).toBe(200)
    expect(rest.json().approvals.map((a: any) => a.id)).toEqual(idsOf('team', 'team/sub').filter((id) => id !== newest.approvals[0].id))
  })

  it('a call outside the folder is 404 to read, approve or reject, and stays pending', async () => {
    for (const folder of ['', 'team-evil', 'other']) {
      const id = calls[folder].approval_id
      const notFound = `No approval with id ${id} visible to this key`
      expectError(await get(t, `/v1/approvals/${id}`, keys.team), 404, 'APPROVAL_NOT_FOUND', notFound)
      expectError(await decide(t, id, 'approve', keys.team), 404, 'APPROVAL_NOT_FOUND', notFound)
      expectError(await decide(t, id, 'reject', keys.team), 404, 'APPROVAL_NOT_FOUND', notFound)
      expect(await status(t, id)).toBe('pending')
    }
    expectError(await decide(t, calls.team.approval_id, 'approve', keys['team/sub']), 404, 'APPROVAL_NOT_FOUND', 'visible to this key')
    expect(await memory(t, 'team')).toBeNull()
  })

  it('positive controls: each call is decided by an approver who may', async () => {
    const sub = await decide(t, calls['team/sub'].approval_id, 'approve', keys.team)
    expect(sub.statusCode, sub.body).toBe(200)
    expect(await memory(t, 'team/sub')).toBe('{"entry":"team/sub"}\n')
    expect((await decide(t, calls.team.approval_id, 'approve', keys['team/sub'])).statusCode).toBe(404)
    expect((await decide(t, calls.team.approval_id, 'reject', keys[''])).statusCode).toBe(200)
    expect((await decide(t, calls.other.approval_id, 'approve', keys[''])).statusCode).toBe(200)
    expect(await memory(t, 'other')).toBe('{"entry":"other"}\n')
    expect((await decide(t, calls['team-evil'].approval_id, 'reject', t.adminKey)).statusCode).toBe(200)
  })
})
