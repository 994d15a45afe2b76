/**
 * A database outage, made by cutting a TCP proxy in front of the real Postgres: what needs the
 * database answers 503 DATABASE_UNAVAILABLE with Retry-After, keys already verified keep working
 * for tools that need no database, the outage is logged once when it starts and once when it
 * ends (no stack, no key hash per call), and the calls answered meanwhile get their history rows.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test/helper.js'
import { buildAppBehindProxy, type AppBehindProxy } from '../test/support/tcp-proxy.js'
import { storedExecutions } from '../test/support/stored-executions.js'
import { hashKey } from '../src/auth/keys.js'

let setup: AppBehindProxy
let t: TestApp
beforeAll(async () => {
  setup = await buildAppBehindProxy()
  t = setup.t
})
afterAll(async () => setup.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const admin = () => ({ authorization: `Bearer ${t.adminKey}` })

async function until(what: () => Promise<boolean> | boolean, ms = 10_000) {
  const end = Date.now() + ms
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out')
    await sleep(100)
  }
}

/** The routes and tools that need the database, each as a request. */
const needsDatabase = (key: string) => [
  { method: 'GET' as const, url: '/v1/keys', headers: admin() },
  { method: 'POST' as const, url: '/v1/keys', headers: admin(), payload: { name: 'during', scopes: ['read'] } },
  { method: 'DELETE' as const, url: '/v1/keys/key_0000000000000000', headers: admin() },
  { method: 'GET' as const, url: '/v1/executions', headers: admin() },
  { method: 'GET' as const, url: '/v1/executions/0190a5f2-0000-7000-8000-000000000000', headers: admin() },
  { method: 'GET' as const, url: '/v1/approvals', headers: admin() },
  { method: 'GET' as const, url: '/v1/glossary/entries/1', headers: admin() },
  { method: 'POST' as const, url: '/v1/tools/glossary_search', headers: { authorization: `Bearer ${key}` }, payload: { query: 'x' } },
]

describe('a database outage', () => {
  it('is a 503 with Retry-After for what needs the database, and known keys keep working for the rest', async () => {
    await fs.writeFile(path.join(t.workspace, 'notes.txt'), 'still readable\n')
    const known = await t.key(['read', 'write'], 'known')
    // Created through the other instance and never used here: this one has not verified it.
    const created = await setup.direct.app.inject({ method: 'POST', url: '/v1/keys', headers: admin(), payload: { name: 'stranger', scopes: ['read'] } })
    const stranger = created.json().key as string
    expect((await t.call('hello', {}, { key: known })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/v1/keys', headers: admin() })).statusCode).toBe(200)
    const before = t.logs.lines.length

    await setup.cut()
    // Longer than any cache lifetime: the known key is answered from the outage cache, not a fresh entry.
    await sleep(5_500)
    const ids: string[] = []
    for (let i = 0; i < 20; i++) {
      const hello = await t.call('hello', { name: `n${i}` }, { key: known })
      expect(hello.statusCode, JSON.stringify(hello.body)).toBe(200)
      const read = await t.call('Read', { file_path: 'notes.txt' }, { key: known })
      expect(read.statusCode, JSON.stringify(read.body)).toBe(200)
      expect(JSON.stringify(read.body)).toContain('still readable')
      ids.push(hello.body.execution_id, read.body.execution_id)
    }
    // A tool that counts error streaks in the database still answers its own error (and keeps its row).
    const invalid = await t.call('notebook.emit_markdown_step', {}, { key: known })
    expect(invalid.statusCode, JSON.stringify(invalid.body)).toBe(400)
    ids.push(invalid.body.execution_id)
    const bootstrap = await t.call('hello', {}, {})
    expect(bootstrap.statusCode).toBe(200)
    ids.push(bootstrap.body.execution_id)

    for (const req of [...needsDatabase(known), { method: 'POST' as const, url: '/v1/tools/hello', headers: { authorization: `Bearer ${stranger}` } }]) {
      const res = await t.app.inject(req)
      expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBe(503)
      expect(res.json().error_code).toBe('DATABASE_UNAVAILABLE')
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }

    const during = t.logs.lines.slice(before)
    expect(during.filter((l) => /database unavailable/i.test(l))).toHaveLength(1)
    expect(during.filter((l) => /"stack"/.test(l))).toEqual([])
    expect(during.filter((l) => /"level":"error"/.test(l))).toHaveLength(1)
    for (const k of [known, stranger, t.adminKey]) expect(t.logs.text).not.toContain(hashKey(k))
    expect(t.logs.text).not.toContain('Failed query')

    await setup.restore()
    await until(() => t.logs.lines.some((l) => /Database available again/.test(l)))
    await until(async () => (await storedExecutions(setup.direct.databaseUrl!, ids)) === ids.length, 15_000)
    const after = t.logs.lines.slice(before)
    expect(after.filter((l) => /Database available again/.test(l))).toHaveLength(1)
    expect(after.filter((l) => /database unavailable/i.test(l))).toHaveLength(1)
    // And the database routes answer again.
    expect((await t.app.inject({ url: '/v1/keys', headers: admin() })).statusCode).toBe(200)
    expect((await t.call('hello', {}, { key: stranger })).statusCode).toBe(200)
  })
})
