/**
 * Who may do what: the 401/403 matrix over every guarded route and tool, key creation, listing
 * and revocation, hashed storage, the bootstrap and first-start keys, and per-key workspaces.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys } from '../../src/db/schema/index.js'
import { SCOPES, type Scope } from '../../src/tools/define.js'
import { ADMIN_KEY, buildTestApp, type TestApp } from '../helper.js'

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex')
const bearer = (key: string) => `Bearer ${key}`

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  await fs.writeFile(path.join(t.workspace, 'readme.txt'), 'hello from the workspace\n')
})
afterAll(async () => t?.close())

async function createKey(body: Record<string, unknown>, key = ADMIN_KEY) {
  return t.app.inject({ method: 'POST', url: '/v1/keys', headers: { authorization: bearer(key) }, payload: body })
}
async function revoke(id: string, key = ADMIN_KEY) {
  return t.app.inject({ method: 'DELETE', url: `/v1/keys/${id}`, headers: { authorization: bearer(key) } })
}

interface Target {
  label: string
  method: 'GET' | 'POST' | 'DELETE'
  url: string
  payload?: object
  /** `public`: no key needed; `key`: any valid key, whatever its scopes. */
  scope: Scope | 'public' | 'key'
  ok: number
  /** Called before the 2xx case (a key to revoke…); returns the URL to use then. */
  prepare?: () => Promise<string>
}

const targets: Target[] = [
  { label: 'tool hello', method: 'POST', url: '/v1/tools/hello', payload: { name: 'x' }, scope: 'public', ok: 200 },
  { label: 'tool read_repo_file', method: 'POST', url: '/v1/tools/read_repo_file', payload: { path: 'readme.txt' }, scope: 'read', ok: 200 },
  {
    label: 'tool write_memory_entry',
    method: 'POST',
    url: '/v1/tools/write_memory_entry',
    payload: { file: 'progress_log.jsonl', entry: '{"step":1}' },
    scope: 'write',
    ok: 202,
  },
  { label: 'GET /v1/keys', method: 'GET', url: '/v1/keys', scope: 'admin', ok: 200 },
  { label: 'POST /v1/keys', method: 'POST', url: '/v1/keys', payload: { name: 'made', scopes: ['read'] }, scope: 'admin', ok: 201 },
  {
    label: 'DELETE /v1/keys/:id',
    method: 'DELETE',
    url: '/v1/keys/key_0000000000000000',
    scope: 'admin',
    ok: 200,
    prepare: async () => `/v1/keys/${(await createKey({ name: 'victim', scopes: ['read'] })).json().id}`,
  },
  { label: 'GET /v1/registry', method: 'GET', url: '/v1/registry', scope: 'admin', ok: 200 },
  { label: 'GET /v1/approvals', method: 'GET', url: '/v1/approvals', scope: 'approve', ok: 200 },
  { label: 'GET /v1/executions', method: 'GET', url: '/v1/executions', scope: 'key', ok: 200 },
  { label: 'GET /v1/context', method: 'GET', url: '/v1/context', scope: 'key', ok: 200 },
  { label: 'GET /metrics', method: 'GET', url: '/metrics', scope: 'admin', ok: 200 },
]

describe('the 401/403 matrix', () => {
  const keyWith = new Map<string, string>()
  const keyWithout = new Map<string, string>()
  let revoked: string

  beforeAll(async () => {
    for (const s of ['read', 'write', 'approve', 'admin'] as Scope[]) {
      keyWith.set(s, await t.key([s], `only-${s}`))
      keyWithout.set(
        s,
        await t.key(
          SCOPES.filter((x) => x !== s),
          `all-but-${s}`,
        ),
      )
    }
    keyWith.set('key', await t.key([], 'scopeless'))
    const created = (await createKey({ name: 'to-revoke', scopes: [...SCOPES] })).json()
    revoked = created.key
    // Used once, so that any cache holds it, then revoked.
    expect((await t.app.inject({ url: '/v1/keys', headers: { authorization: bearer(revoked) } })).statusCode).toBe(200)
    expect((await revoke(created.id)).statusCode).toBe(200)
  })

  const send = (target: Target, authorization?: string, url = target.url) =>
    t.app.inject({
      method: target.method,
      url,
      headers: authorization === undefined ? {} : { authorization },
      ...(target.payload && { payload: target.payload }),
    })

  for (const target of targets) {
    it(`guards ${target.label}`, async () => {
      const unauthorized: [string, string | undefined][] = [
        ['malformed (Basic)', 'Basic dXNlcjpwYXNz'],
        ['malformed (no token)', 'Bearer'],
        ['malformed (two tokens)', 'Bearer a b'],
        ['malformed (no scheme)', ADMIN_KEY],
        ['wrong key', bearer(`tg_${crypto.randomBytes(32).toString('base64url')}`)],
        ['revoked key', bearer(revoked)],
      ]
      if (target.scope !== 'public') unauthorized.unshift(['no key', undefined])
      for (const [what, auth] of unauthorized) {
        const res = await send(target, auth)
        expect(res.statusCode, `${target.label}, ${what}`).toBe(401)
        expect(res.json(), `${target.label}, ${what}`).toMatchObject({ status: 'error', error_code: 'UNAUTHORIZED' })
      }

      if (target.scope !== 'public' && target.scope !== 'key') {
        const res = await send(target, bearer(keyWithout.get(target.scope)!))
        expect(res.statusCode, `${target.label}, key without ${target.scope}`).toBe(403)
        expect(res.json()).toMatchObject({ error_code: 'SCOPE_REQUIRED', details: { required_scope: target.scope } })
      }

      const url = target.prepare ? await target.prepare() : target.url
      const good = target.scope === 'public' ? [undefined, bearer(keyWith.get('key')!)] : [bearer(keyWith.get(target.scope)!)]
      for (const auth of good) {
        const res = await send(target, auth, url)
        expect(res.statusCode, `${target.label} with ${auth ? 'the right key' : 'no key'}: ${res.body}`).toBe(target.ok)
        if (target.prepare) break
      }
    })
  }

  it('revokes a key with immediate effect', async () => {
    const { id, key } = (await createKey({ name: 'short-lived', scopes: ['read'] })).json()
    expect((await t.call('read_repo_file', { path: 'readme.txt' }, { key })).statusCode).toBe(200)
    const res = await revoke(id)
    expect(res.statusCode).toBe(200)
    expect(res.json().key.revoked_at).not.toBeNull()
    expect((await t.call('read_repo_file', { path: 'readme.txt' }, { key })).statusCode).toBe(401)
    expect((await t.call('hello', {}, { key })).statusCode).toBe(401)
    expect((await revoke('key_nope')).statusCode).toBe(404)
  })

  it('looks a key up once for all the calls that arrive together before it is cached', async () => {
    const { key } = (await createKey({ name: 'busy', scopes: ['read'] })).json()
    const db = t.app.database.db
    const select = db.select
    let lookups = 0
    db.select = ((...args: Parameters<typeof select>) => (lookups++, select.apply(db, args))) as typeof select
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('hello', {}, { key })))
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    } finally {
      db.select = select
    }
    expect(lookups).toBe(1)
  })
})

describe('keys', () => {
  it('creates a key (201 {id, name, scopes, key}) that works, and never shows it again', async () => {
    const res = await createKey({ name: 'reader', scopes: ['read', 'write'] })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({ name: 'reader', scopes: ['read', 'write'] })
    expect(created.id).toEqual(expect.any(String))
    expect(created.key).toMatch(/^tg_[A-Za-z0-9_-]{40,}$/)
    expect(JSON.stringify(created)).not.toContain(sha256(created.key))
    expect((await t.call('read_repo_file', { path: 'readme.txt' }, { key: created.key })).statusCode).toBe(200)

    const list = await t.app.inject({ url: '/v1/keys', headers: { authorization: bearer(ADMIN_KEY) } })
    expect(list.statusCode).toBe(200)
    const listed = list.json().keys as Record<string, unknown>[]
    expect(listed.map((k) => k.id)).toContain(created.id)
    for (const secret of [created.key, sha256(created.key), ADMIN_KEY, sha256(ADMIN_KEY)]) expect(list.body).not.toContain(secret)
    for (const k of listed) {
      expect(k).not.toHaveProperty('key')
      expect(k).not.toHaveProperty('key_hash')
      expect(k).not.toHaveProperty('keyHash')
    }
  })

  it('stores keys hashed: SHA-256 hex, never in clear', async () => {
    const created = (await createKey({ name: 'hashed', scopes: ['read'] })).json()
    const rows = await t.app.database.db.select().from(apiKeys)
    const dump = JSON.stringify(rows)
    expect(dump).not.toContain(created.key)
    expect(dump).not.toContain(ADMIN_KEY)
    const row = rows.find((r) => r.id === created.id)!
    expect(row.keyHash).toBe(sha256(created.key))
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows.some((r) => r.keyHash === sha256(ADMIN_KEY))).toBe(true)
  })

  it('refuses invalid key bodies with 400', async () => {
    for (const body of [
      { name: 'bad', scopes: ['root'] },
      { name: 'bad', scopes: ['read', 'read'] },
      { name: 'bad', scopes: [{ scope: 'admin' }] },
      { name: 'bad', scopes: ['read', 'superuser'] },
      { scopes: ['read'] },
      { name: '', scopes: ['read'] },
      { name: 'bad', scopes: ['read'], extra: true },
    ]) {
      const res = await createKey(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().status).toBe('error')
    }
  })
})

describe('per-key workspace', () => {
  it('confines a key with workspace "sub" to <ws>/sub', async () => {
    await fs.mkdir(path.join(t.workspace, 'sub'), { recursive: true })
    await fs.writeFile(path.join(t.workspace, 'sub', 'inner.txt'), 'inside sub')
    await fs.writeFile(path.join(t.workspace, 'root.txt'), 'at the root')
    const res = await createKey({ name: 'confined', scopes: ['read'], workspace: 'sub' })
    expect(res.statusCode).toBe(201)
    const { key } = res.json()
    const inner = await t.call('read_repo_file', { path: 'inner.txt' }, { key })
    expect(inner.statusCode).toBe(200)
    expect(inner.body.content).toBe('inside sub')
    const escaped = await t.call('read_repo_file', { path: '../root.txt' }, { key })
    expect(escaped.statusCode).toBe(403)
    expect(JSON.stringify(escaped.body)).not.toContain('at the root')
    expect((await t.call('read_repo_file', { path: 'root.txt' }, { key })).statusCode).toBe(404)
    const ctx = await t.app.inject({ url: '/v1/context', headers: { authorization: bearer(key) } })
    expect(ctx.json().working_dir).toBe(path.join(t.app.workspaceRoot, 'sub'))
  })

  it('refuses a key workspace outside the server workspace', async () => {
    const back = `../${path.basename(t.app.workspaceRoot)}/team` // out and back in, as the path guard refuses
    for (const workspace of ['../escape', '/etc', 'sub/../../x', back, `sub/../${back}`]) {
      const res = await createKey({ name: 'escaper', scopes: ['read'], workspace })
      expect([400, 403], `${workspace}: ${res.body}`).toContain(res.statusCode)
    }
  })
})

describe('bootstrap and first-start keys', () => {
  it('ensures the bootstrap key exists across restarts, restoring it when revoked', async () => {
    const first = await buildTestApp({ keep: true })
    try {
      const auth = { authorization: bearer(ADMIN_KEY) }
      const keys = (await first.app.inject({ url: '/v1/keys', headers: auth })).json().keys
      const boot = keys.find((k: { name: string }) => k.name === 'bootstrap')
      expect(boot.scopes).toEqual([...SCOPES])
      expect((await first.app.inject({ method: 'DELETE', url: `/v1/keys/${boot.id}`, headers: auth })).statusCode).toBe(200)
      expect((await first.app.inject({ url: '/v1/keys', headers: auth })).statusCode).toBe(401)
      await first.close()

      for (let restart = 0; restart < 2; restart++) {
        const again = await buildTestApp({ dataDir: first.dataDir, workspace: first.workspace, databaseUrl: first.databaseUrl })
        try {
          expect(again.app.firstStartKey).toBeUndefined()
          const res = await again.app.inject({ url: '/v1/keys', headers: auth })
          expect(res.statusCode).toBe(200)
          const boots = res.json().keys.filter((k: { name: string }) => k.name === 'bootstrap')
          expect(boots).toHaveLength(1)
          expect(boots[0]).toMatchObject({ id: boot.id, revoked_at: null, scopes: [...SCOPES] })
        } finally {
          await again.close()
        }
      }
    } finally {
      await first.destroy()
    }
  })

  it('creates a one-time admin key on first start only', async () => {
    const env = { TOOLGATE_BOOTSTRAP_KEY: '' }
    const first = await buildTestApp({ env, keep: true })
    try {
      const key = first.app.firstStartKey
      expect(key).toMatch(/^tg_/)
      const res = await first.app.inject({ url: '/v1/keys', headers: { authorization: bearer(key!) } })
      expect(res.statusCode).toBe(200)
      expect(res.json().keys).toHaveLength(1)
      expect(res.json().keys[0].scopes).toEqual([...SCOPES])
      expect(res.body).not.toContain(key)
      await first.close()

      const second = await buildTestApp({ env, dataDir: first.dataDir, workspace: first.workspace, databaseUrl: first.databaseUrl })
      try {
        expect(second.app.firstStartKey).toBeUndefined()
        const again = await second.app.inject({ url: '/v1/keys', headers: { authorization: bearer(key!) } })
        expect(again.statusCode).toBe(200)
        expect(again.json().keys).toHaveLength(1)
      } finally {
        await second.close()
      }
    } finally {
      await first.destroy()
    }
  })
  it('recovers a lost admin key as the README says: restart with TOOLGATE_BOOTSTRAP_KEY set, even to a revoked value', async () => {
    const first = await buildTestApp({ env: { TOOLGATE_BOOTSTRAP_KEY: '' }, keep: true })
    const recovery = 'tg_recovered_admin_0123456789'
    try {
      expect(first.app.firstStartKey).toMatch(/^tg_/) // shown once, then lost
      await first.close()
      const restart = () =>
        buildTestApp({ env: { TOOLGATE_BOOTSTRAP_KEY: recovery }, dataDir: first.dataDir, workspace: first.workspace, databaseUrl: first.databaseUrl })
      const second = await restart()
      let id: string
      try {
        const keys = await second.app.inject({ url: '/v1/keys', headers: { authorization: bearer(recovery) } })
        expect(keys.statusCode).toBe(200)
        expect(
          keys
            .json()
            .keys.map((k: { name: string }) => k.name)
            .sort(),
        ).toEqual(['admin', 'bootstrap'])
        id = keys.json().keys.find((k: { name: string }) => k.name === 'bootstrap').id
        // Done with it: revoke it (or unset the variable); it stops working at once.
        expect((await second.app.inject({ method: 'DELETE', url: `/v1/keys/${id}`, headers: { authorization: bearer(recovery) } })).statusCode).toBe(200)
        expect((await second.app.inject({ url: '/v1/keys', headers: { authorization: bearer(recovery) } })).statusCode).toBe(401)
      } finally {
        await second.close()
      }
      // Lost again: the same value, set again, is an admin key again.
      const third = await restart()
      try {
        expect((await third.app.inject({ url: '/v1/keys', headers: { authorization: bearer(recovery) } })).statusCode).toBe(200)
      } finally {
        await third.close()
      }
    } finally {
      await first.destroy()
    }
  })
})
