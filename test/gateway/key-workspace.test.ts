/**
 * A key's workspace is a real folder inside the server workspace, checked when the key is made
 * (400) and at every use (403): links to /etc, to a folder outside, to another tenant, relative,
 * absolute, chained, dangling, in a parent folder, or swapped in after the key was made and cached.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let ws: string
let outside: string
beforeAll(async () => {
  t = await buildTestApp()
  ws = t.app.workspaceRoot
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-outside-'))
  await fs.writeFile(path.join(outside, 'secret.txt'), 'outside secret\n')
  await fs.mkdir(path.join(ws, 'tenant-a'))
  await fs.writeFile(path.join(ws, 'tenant-a', 'secret.txt'), 'tenant a secret\n')
})
afterAll(async () => {
  await t?.close()
  await fs.rm(outside, { recursive: true, force: true })
})

const create = (workspace: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { authorization: `Bearer ${t.adminKey}` },
    payload: { name: 'tenant', scopes: ['read'], workspace },
  })

async function keyFor(workspace: string): Promise<string> {
  const res = await create(workspace)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().key
}

const read = (key: string, file = 'secret.txt') => t.call('Read', { file_path: file }, { key })

describe('a key workspace at creation', () => {
  it('accepts a real folder, existing or new, and confines the key to it (positive control)', async () => {
    const key = await keyFor('tenant-a')
    const res = await read(key)
    expect(res.statusCode).toBe(200)
    expect(JSON.stringify(res.body)).toContain('tenant a secret')
    const fresh = await create('tenants/new/deep')
    expect(fresh.statusCode, fresh.body).toBe(201)
    expect(fresh.json().workspace).toBe('tenants/new/deep')
    expect((await fs.lstat(path.join(ws, 'tenants/new/deep'))).isDirectory()).toBe(true)
  })

  it('refuses every spelling of a link with a 400, and creates nothing through one', async () => {
    await fs.symlink('/etc', path.join(ws, 'abs-etc'))
    await fs.symlink(outside, path.join(ws, 'abs-out'))
    await fs.symlink(path.relative(ws, outside), path.join(ws, 'rel-out'))
    await fs.symlink('tenant-a', path.join(ws, 'other-tenant'))
    await fs.symlink('chain-2', path.join(ws, 'chain-1'))
    await fs.symlink(outside, path.join(ws, 'chain-2'))
    await fs.symlink(path.join(outside, 'not-yet'), path.join(ws, 'dangling'))
    await fs.mkdir(path.join(ws, 'parent'))
    await fs.symlink(outside, path.join(ws, 'parent', 'link'))
    const spellings = [
      'abs-etc',
      'abs-out',
      'rel-out',
      'other-tenant',
      'chain-1',
      'dangling',
      'abs-out/made-here',
      'parent/link/made-here',
      './rel-out/',
      'parent/../abs-out',
    ]
    for (const workspace of spellings) {
      const res = await create(workspace)
      expect(res.statusCode, `${workspace}: ${res.body}`).toBe(400)
      expect(res.json().error_code).toBe('INVALID_REQUEST')
      expect(res.body).not.toContain(outside)
    }
    expect(await fs.readdir(outside)).toEqual(['secret.txt'])
  })
})

describe('a key workspace at every use', () => {
  it('refuses a key whose folder later became a link, at once even when the key is cached (403)', async () => {
    for (const target of [outside, '/etc', path.join(ws, 'tenant-a'), path.relative(ws, outside)]) {
      const name = `later-${Math.random().toString(36).slice(2, 8)}`
      const key = await keyFor(name)
      expect((await t.call('hello', {}, { key })).statusCode).toBe(200)
      await fs.rm(path.join(ws, name), { recursive: true })
      await fs.symlink(target, path.join(ws, name))
      for (const res of [await read(key), await t.call('hello', {}, { key })]) {
        expect(res.statusCode, `${target}: ${JSON.stringify(res.body)}`).toBe(403)
        expect(res.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')
        expect(JSON.stringify(res.body)).not.toContain('secret')
      }
    }
  })

  it('refuses a key whose parent folder was swapped for a link', async () => {
    const key = await keyFor('org/team')
    await fs.mkdir(path.join(outside, 'team'))
    await fs.writeFile(path.join(outside, 'team', 'secret.txt'), 'outside team secret\n')
    await fs.rm(path.join(ws, 'org'), { recursive: true })
    await fs.symlink(outside, path.join(ws, 'org'))
    const res = await read(key)
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')
  })

  it('lets a key whose folder is merely gone in (the tool reports it), and works again once it is back', async () => {
    const key = await keyFor('gone')
    await fs.rm(path.join(ws, 'gone'), { recursive: true })
    expect((await t.call('hello', {}, { key })).statusCode).toBe(200)
    expect((await read(key)).statusCode).toBe(404)
    await fs.mkdir(path.join(ws, 'gone'))
    await fs.writeFile(path.join(ws, 'gone', 'secret.txt'), 'back\n')
    expect((await read(key)).statusCode).toBe(200)
  })
})
