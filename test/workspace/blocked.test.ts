import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { assertAllowed, defaultPolicy, isBlocked, openForRead, parseBlockPolicy } from '../../src/workspace/index.js'
import { expectCoded, makeTree, type Tree } from './helpers.js'

let t: Tree
beforeEach(async () => {
  t = await makeTree()
})
afterEach(async () => {
  await t.cleanup()
})

describe('isBlocked', () => {
  it.each([
    ['.env', 'env'],
    ['.ENV', 'env'],
    ['.env.local', 'env'],
    ['config/.env.production', 'env'],
    ['config/secrets/db.txt', 'secrets'],
    ['SECRETS/x', 'secrets'],
    ['id_rsa.KEY', 'key'],
    ['deep/cert.pem', 'pem'],
  ])('blocks %s for reads and writes (%s)', (rel, rule) => {
    expect(isBlocked(rel, 'read')).toBe(rule)
    expect(isBlocked(rel, 'write')).toBe(rule)
  })

  it.each(['.git/config', '.GIT/Config', '.git/hooks/pre-commit', '.git/hooks', 'sub/.git/hooks/x'])('blocks %s for writes only', (rel) => {
    expect(isBlocked(rel, 'read')).toBeNull()
    expect(isBlocked(rel, 'write')).toMatch(/^git-(config|hooks)$/)
  })

  it.each(['environment.txt', 'my.keys.txt', 'secretsanta.md', 'src/env.ts', 'config', 'a.pem.txt', '.', '.github/x', 'a.git/b', '.gitignore'])(
    'allows %s',
    (rel) => {
      expect(isBlocked(rel, 'read')).toBeNull()
      expect(isBlocked(rel, 'write')).toBeNull()
    },
  )

  it.each(['.git/HEAD', '.git', 'sub/.GIT/objects/info/alternates', '.git/commondir', 'a/.git/info/attributes'])(
    'reads %s but never writes it (git-dir)',
    (rel) => {
      expect(isBlocked(rel, 'read')).toBeNull()
      expect(isBlocked(rel, 'write')).toBe('git-dir')
    },
  )

  it('follows the policy it is given', () => {
    expect(isBlocked('.env', 'read', { read: [], write: [] })).toBeNull()
    expect(isBlocked('.git/config', 'read', { read: ['git-config'], write: [] })).toBe('git-config')
  })
})

describe('parseBlockPolicy', () => {
  it('keeps the default for a blank spec, and writes always use every rule', () => {
    expect(parseBlockPolicy()).toEqual({ read: [...defaultPolicy.read], write: [...defaultPolicy.write] })
    expect(parseBlockPolicy('  ').read).toEqual(['env', 'secrets', 'key', 'pem'])
    expect(parseBlockPolicy('none')).toEqual({ read: [], write: [...defaultPolicy.write] })
    expect(parseBlockPolicy(' env, PEM ,git-hooks,env').read).toEqual(['env', 'pem', 'git-hooks'])
    expect(defaultPolicy.write).toHaveLength(7)
  })

  it('refuses an unknown rule name', () => {
    let err: unknown
    try {
      parseBlockPolicy('env,passwords')
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({ code: 'INVALID_REQUEST', statusCode: 400 })
    expect((err as Error).message).toContain('Unknown blocked-path rule "passwords"')
    expect((err as Error).message).toContain('env, secrets, key, pem, git-config, git-hooks')
  })
})

describe('assertAllowed', () => {
  beforeEach(async () => {
    await fs.writeFile(path.join(t.ws, '.env'), 'TOKEN=1')
    await fs.mkdir(path.join(t.ws, '.git/hooks'), { recursive: true })
    await fs.writeFile(path.join(t.ws, '.git/config'), '[core]')
    await fs.writeFile(path.join(t.ws, '.git/hooks/pre-commit'), '#!/bin/sh')
  })

  it.each([
    ['.env', 'env'],
    ['.ENV', 'env'],
    ['./.env.local', 'env'],
    ['a/../.env', 'env'],
    ['safe/../.ENV', 'env'],
    ['config/secrets/db.txt', 'secrets'],
    ['SECRETS/x', 'secrets'],
    ['./x/../SECRETS/a', 'secrets'],
    ['id_rsa.KEY', 'key'],
    ['cert.pem', 'pem'],
  ])('refuses %s', async (p, rule) => {
    await expectCoded(assertAllowed(t.ws, p, 'read', { allowMissing: true }), 'PATH_BLOCKED', 403, `is a blocked path (${rule})`)
    await expectCoded(assertAllowed(t.ws, p, 'write', { allowMissing: true }), 'PATH_BLOCKED', 403, `is a blocked path (${rule})`)
  })

  it('names the normalised path in the message', async () => {
    await expectCoded(assertAllowed(t.ws, 'a/../.env', 'read'), 'PATH_BLOCKED', 403, 'Access denied: .env is a blocked path (env)')
  })

  it('refuses a symlink to a blocked file (notes.txt -> .env)', async () => {
    await fs.symlink('.env', path.join(t.ws, 'notes.txt'))
    await expectCoded(assertAllowed(t.ws, 'notes.txt', 'read'), 'PATH_BLOCKED', 403, 'Access denied: notes.txt is a blocked path (env)')
    await expectCoded(openForRead(t.ws, 'notes.txt'), 'PATH_BLOCKED', 403, 'blocked path (env)')
    await fs.mkdir(path.join(t.ws, 'Secrets'))
    await fs.symlink('Secrets', path.join(t.ws, 'vault'))
    await fs.symlink('vault', path.join(t.ws, 'plain'))
    await expectCoded(assertAllowed(t.ws, 'plain/new.txt', 'write', { allowMissing: true }), 'PATH_BLOCKED', 403, 'plain/new.txt is a blocked path (secrets)')
  })

  it('refuses a dangling symlink whose target name is blocked', async () => {
    await fs.symlink('.env.new', path.join(t.ws, 'innocent.txt'))
    await expectCoded(assertAllowed(t.ws, 'innocent.txt', 'write', { allowMissing: true }), 'PATH_BLOCKED', 403, 'innocent.txt is a blocked path (env)')
  })

  it('refuses writes to .git/config and .git/hooks, but reads them by default', async () => {
    await expectCoded(assertAllowed(t.ws, '.git/config', 'write'), 'PATH_BLOCKED', 403, 'blocked path (git-config)')
    await expectCoded(assertAllowed(t.ws, '.git/hooks/pre-commit', 'write'), 'PATH_BLOCKED', 403, 'blocked path (git-hooks)')
    await expectCoded(assertAllowed(t.ws, '.GIT/HOOKS/post-merge', 'write', { allowMissing: true }), 'PATH_BLOCKED', 403, 'blocked path (git-hooks)')
    expect((await assertAllowed(t.ws, '.git/config', 'read')).rel).toBe('.git/config')
    expect((await assertAllowed(t.ws, '.git/hooks/pre-commit', 'read')).rel).toBe('.git/hooks/pre-commit')
  })

  it('allows look-alike names', async () => {
    for (const name of ['environment.txt', 'my.keys.txt', 'secretsanta.md']) {
      await fs.writeFile(path.join(t.ws, name), 'ok')
      expect((await assertAllowed(t.ws, name, 'read')).rel).toBe(name)
      expect((await assertAllowed(t.ws, name, 'write')).rel).toBe(name)
    }
  })

  it('honours a configured read policy', async () => {
    const policy = parseBlockPolicy('secrets')
    expect((await assertAllowed(t.ws, '.env', 'read', { policy })).rel).toBe('.env')
    await expectCoded(assertAllowed(t.ws, '.env', 'write', { policy }), 'PATH_BLOCKED', 403, 'blocked path (env)')
  })
})
