/** `toolgate approvals` and `toolgate keys`: a held call (exit 3) approved by a second key made with the CLI. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { cli, listen } from './run.js'

let t: TestApp
let env: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp({ env: { TOOLGATE_APPROVAL_REQUIRED: 'Write' } })
  env = { TOOLGATE_URL: await listen(t), TOOLGATE_KEY: t.adminKey }
})
afterAll(() => t?.close())

describe('toolgate approvals and keys', () => {
  it('holds a call (exit 3, approval id shown), lists it redacted, and runs it when a second key approves', async () => {
    const held = await cli(['call', 'Write', '--file_path', 'held.txt', '--content', 'api_key=sk-abcdefghijklmnopqrstuvwxyz123456'], env)
    expect(held.code).toBe(3)
    const id = /Approval ID: +([0-9a-f-]{36})/.exec(held.stdout)?.[1]
    expect(id, held.stdout).toBeTruthy()
    expect(held.stdout).toContain(`toolgate approvals approve ${id}`)

    const [list, created] = await Promise.all([cli(['approvals'], env), cli(['keys', 'create', 'approver', '--scopes', 'read,approve'], env)])
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(id!)
    expect(list.stdout).toContain('Write')
    expect(list.stdout).not.toContain('abcdefghijklmnopqrstuvwxyz123456')
    expect(created.code).toBe(0)
    const key = /Key \(shown this once\): (\S+)/.exec(created.stdout)?.[1]
    expect(key).toBeTruthy()

    const approved = await cli(['approvals', 'approve', id!, '--note', 'looks fine'], { ...env, TOOLGATE_KEY: key! })
    expect(approved.code, approved.stderr).toBe(0)
    expect(approved.stdout).toContain(`Approval ${id}: approved (looks fine)`)
    expect(approved.stdout).toContain('Status: ✓ Success')
  })

  it('lists and revokes keys; a revoked key is refused with exit 4; a bad scope is a usage error', async () => {
    const created = await cli(['--output', 'json', 'keys', 'create', 'temp', '--scopes', 'read'], env)
    const { id, key } = JSON.parse(created.stdout)
    const [list, revoked, badScope] = await Promise.all([
      cli(['keys', 'list'], env),
      cli(['keys', 'revoke', id], env),
      cli(['keys', 'create', 'x', '--scopes', 'root'], env),
    ])
    expect(list.stdout).toContain(id)
    expect(list.stdout).toContain('temp')
    expect(revoked.code).toBe(0)
    expect(revoked.stdout).toContain(`Revoked ${id} (temp).`)
    expect(badScope.code).toBe(2)
    const refused = await cli(['context'], { ...env, TOOLGATE_KEY: key })
    expect(refused.code).toBe(4)
  })
})
