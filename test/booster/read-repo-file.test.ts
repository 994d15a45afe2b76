/**
 * read_repo_file through the real app: real files in the app's temp workspace, real symlinks,
 * every refusal checked for its status, code and words.
 */
import { execFileSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let ws: string
let outside: string
let sibling: string
const PATTERN = '^[a-zA-Z0-9_./-]+$'

const read = (p: unknown, encoding?: string, key?: string) => t.call('read_repo_file', { path: p, ...(encoding && { encoding }) }, { key })

/** An error answer: status, code, the message (substring or regex), and no server path in it. */
function expectError(res: { statusCode: number; body: any }, status: number, code: string, message: string | RegExp) {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(status)
  expect(res.body).toMatchObject({ status: 'error', error_code: code })
  expect(typeof res.body.error_message).toBe('string')
  if (typeof message === 'string') expect(res.body.error_message).toContain(message)
  else expect(res.body.error_message).toMatch(message)
  expect(res.body.error_message).not.toContain(ws)
  expect(res.body.error_message).not.toContain(outside)
}

beforeAll(async () => {
  t = await buildTestApp()
  ws = await fs.realpath(t.workspace)
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-outside-')))
  await fs.writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE SECRET')
  sibling = `${ws}_evil`
  await fs.mkdir(sibling)
  await fs.writeFile(path.join(sibling, 'x'), 'EVIL SIBLING')
})
afterAll(async () => {
  await t.close()
  await fs.rm(outside, { recursive: true, force: true })
  await fs.rm(sibling, { recursive: true, force: true })
})

describe('read_repo_file: reading', () => {
  it('reads a UTF-8 file with its byte size and mtime (to the second)', async () => {
    const text = 'Héllo, wörld — ✓\nline two\n'
    await fs.mkdir(path.join(ws, 'paths/Advanced'), { recursive: true })
    const file = path.join(ws, 'paths/Advanced/tracker.md')
    await fs.writeFile(file, text)
    await fs.utimes(file, new Date('2026-01-09T10:00:00.750Z'), new Date('2026-01-09T10:00:00.750Z'))
    const res = await read('paths/Advanced/tracker.md')
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', content: text, size: Buffer.byteLength(text), modified: '2026-01-09T10:00:00Z' })
    expect(res.body.size).not.toBe(text.length) // bytes, not characters
    expect(res.body.execution_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('reports the real mtime of a freshly written file', async () => {
    await fs.writeFile(path.join(ws, 'fresh.txt'), 'fresh')
    const st = await fs.stat(path.join(ws, 'fresh.txt'))
    const res = await read('fresh.txt', 'utf-8')
    expect(res.statusCode).toBe(200)
    expect(res.body.modified).toBe(st.mtime.toISOString().replace(/\.\d{3}Z$/, 'Z'))
    expect(res.body.size).toBe(st.size)
  })

  it('reads any bytes as base64', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x80, 0x0a])
    await fs.writeFile(path.join(ws, 'image.bin'), bytes)
    const res = await read('image.bin', 'base64')
    expect(res.statusCode).toBe(200)
    expect(res.body.content).toBe(bytes.toString('base64'))
    expect(Buffer.from(res.body.content, 'base64').equals(bytes)).toBe(true)
    expect(res.body.size).toBe(bytes.length)
  })

  it('refuses non-UTF-8 bytes as utf-8 with BINARY_FILE, and says to use base64', async () => {
    await fs.writeFile(path.join(ws, 'blob.dat'), Buffer.from([0xc3, 0x28, 0xff, 0x00, 0xa0]))
    expectError(await read('blob.dat'), 400, 'BINARY_FILE', 'blob.dat is not UTF-8 text; read it with "encoding": "base64"')
    const ok = await read('blob.dat', 'base64')
    expect(ok.statusCode).toBe(200)
    expect(ok.body.content).toBe(Buffer.from([0xc3, 0x28, 0xff, 0x00, 0xa0]).toString('base64'))
  })

  it('follows a symlink that stays inside the workspace', async () => {
    await fs.writeFile(path.join(ws, 'real.txt'), 'the real one')
    await fs.symlink('real.txt', path.join(ws, 'alias.txt'))
    const res = await read('alias.txt')
    expect(res.statusCode).toBe(200)
    expect(res.body.content).toBe('the real one')
  })

  it('reads exactly 1 MB (utf-8 and base64) and refuses one byte more with 413', async () => {
    await fs.writeFile(path.join(ws, 'one-mb.txt'), Buffer.alloc(1048576, 'a'))
    const ok = await read('one-mb.txt')
    expect(ok.statusCode).toBe(200)
    expect(ok.body.size).toBe(1048576)
    expect(ok.body.content).toHaveLength(1048576)
    expect(ok.body.messages).toEqual([]) // not truncated
    const b64 = await read('one-mb.txt', 'base64')
    expect(b64.statusCode).toBe(200)
    expect(Buffer.from(b64.body.content, 'base64').length).toBe(1048576)

    await fs.writeFile(path.join(ws, 'too-big.txt'), Buffer.alloc(1048577, 'a'))
    const big = await read('too-big.txt')
    expectError(big, 413, 'FILE_TOO_LARGE', 'File too large: too-big.txt is 1048577 bytes; the limit is 1048576 bytes')
    expectError(await read('too-big.txt', 'base64'), 413, 'FILE_TOO_LARGE', 'too-big.txt is 1048577 bytes')
  })

  it('answers 404 for a missing file and 400 for a directory', async () => {
    expectError(await read('nope.txt'), 404, 'FILE_NOT_FOUND', 'File not found: nope.txt')
    expectError(await read('no/such/dir/file.md'), 404, 'FILE_NOT_FOUND', 'File not found: no/such/dir/file.md')
    await fs.mkdir(path.join(ws, 'docs'), { recursive: true })
    expectError(await read('docs'), 400, 'INVALID_REQUEST', 'docs is a directory')
    expectError(await read('.'), 400, 'INVALID_REQUEST', 'is a directory')
  })

  it('refuses a named pipe without hanging', async () => {
    execFileSync('mkfifo', [path.join(ws, 'pipe')])
    expectError(await read('pipe'), 400, 'INVALID_REQUEST', 'pipe is not a regular file (device, socket or pipe); pass a file path')
  })
})

describe('read_repo_file: validation', () => {
  it('enforces the path pattern with seed 002 §5 words', async () => {
    for (const bad of ['a b.txt', 'notes~.md', 'C:\\x.txt', 'foo?.md', 'ünï.txt', '$HOME/x', '']) {
      const res = await read(bad)
      expectError(res, 400, 'VALIDATION_ERROR', `Value for path does not match pattern: ${PATTERN}`)
      expect(res.body.details).toMatchObject({ parameter: 'path', received: `${JSON.stringify(bad)} (string)` })
    }
  })

  it('names a missing path, a wrong type and a bad encoding', async () => {
    expectError(await t.call('read_repo_file', {}), 400, 'VALIDATION_ERROR', 'Missing required parameter: path')
    expectError(await read(42), 400, 'VALIDATION_ERROR', 'Invalid type for path: expected string')
    expectError(await read('fresh.txt', 'latin1'), 400, 'VALIDATION_ERROR', "Invalid value for encoding: must be one of ['utf-8', 'base64']")
  })
})

describe('read_repo_file: blocked names', () => {
  const spellings: [string, string][] = [
    ['.env', 'env'],
    ['.ENV', 'env'],
    ['.env.local', 'env'],
    ['./.env', 'env'],
    ['a/../.env', 'env'],
    ['config/secrets/db.txt', 'secrets'],
    ['SECRETS/x.txt', 'secrets'],
    ['id.key', 'key'],
    ['cert.PEM', 'pem'],
    ['notes.txt', 'env'], // a symlink to .env
  ]
  const shown = (p: string) => path.posix.normalize(p)

  async function expectAllBlocked() {
    for (const [p, rule] of spellings) {
      const res = await read(p)
      expectError(res, 403, 'PATH_BLOCKED', `Access denied: ${shown(p)} is a blocked path (${rule})`)
      expect(res.body.content).toBeUndefined()
      expectError(await read(p, 'base64'), 403, 'PATH_BLOCKED', `(${rule})`)
    }
  }

  it('refuses them when they do not exist (no 404 that would tell a prober)', async () => {
    await fs.symlink('.env', path.join(ws, 'notes.txt')) // dangling for now
    await expectAllBlocked()
  })

  it('refuses them when they exist, never leaking their content', async () => {
    await fs.writeFile(path.join(ws, '.env'), 'DB_PASSWORD=hunter2\n')
    await fs.writeFile(path.join(ws, '.env.local'), 'LOCAL=1\n')
    await fs.mkdir(path.join(ws, 'config/secrets'), { recursive: true })
    await fs.writeFile(path.join(ws, 'config/secrets/db.txt'), 'db secret')
    await fs.mkdir(path.join(ws, 'SECRETS'), { recursive: true })
    await fs.writeFile(path.join(ws, 'SECRETS/x.txt'), 'x secret')
    await fs.writeFile(path.join(ws, 'id.key'), 'KEY')
    await fs.writeFile(path.join(ws, 'cert.PEM'), 'PEM')
    await fs.mkdir(path.join(ws, 'a'), { recursive: true })
    // `.ENV` may be the same file on a case-insensitive file system; make sure it exists on Linux too.
    await fs.writeFile(path.join(ws, '.ENV'), 'UPPER=1\n').catch(() => undefined)
    await expectAllBlocked()
    const hist = await t.app.inject({ method: 'GET', url: '/v1/executions?limit=500', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(hist.body).not.toContain('hunter2')
  })

  it('refuses a symlink into a secrets folder and one named innocently pointing at a key', async () => {
    await fs.symlink('config/secrets', path.join(ws, 'innocent'))
    expectError(await read('innocent/db.txt'), 403, 'PATH_BLOCKED', 'innocent/db.txt is a blocked path (secrets)')
    await fs.symlink('id.key', path.join(ws, 'readme.txt'))
    expectError(await read('readme.txt'), 403, 'PATH_BLOCKED', 'readme.txt is a blocked path (key)')
  })
})

describe('read_repo_file: confinement', () => {
  it('refuses `..` escapes', async () => {
    for (const p of ['../secret.txt', '../../etc/passwd', 'docs/../../x', './..']) {
      expectError(await read(p), 403, 'PATH_OUTSIDE_WORKSPACE', `Path ${JSON.stringify(p)} climbs out of the workspace with '..'`)
    }
  })

  it('refuses absolute paths, even ones inside the workspace', async () => {
    expectError(await read('/etc/passwd'), 403, 'PATH_OUTSIDE_WORKSPACE', '"/etc/passwd" is absolute; pass a path relative to the repository root')
    const res = await read(path.join(ws, 'fresh.txt'))
    expect(res.statusCode).toBe(403)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'PATH_OUTSIDE_WORKSPACE' })
    expect(res.body.error_message).toMatch(/is absolute; pass a path relative to the repository root/)
  })

  it('refuses a symlink to a file outside, and through a symlinked folder outside', async () => {
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(ws, 'out-file.txt'))
    await fs.symlink(outside, path.join(ws, 'out-dir'))
    await fs.symlink(path.join(outside, 'gone.txt'), path.join(ws, 'dangling-out.txt'))
    const msg = 'is, or passes through, a symbolic link that points outside the workspace'
    for (const p of ['out-file.txt', 'out-dir/secret.txt', 'out-dir/missing.txt', 'dangling-out.txt']) {
      const res = await read(p)
      expectError(res, 403, 'PATH_OUTSIDE_WORKSPACE', `${p} ${msg}`)
      expect(JSON.stringify(res.body)).not.toContain('OUTSIDE SECRET')
    }
    expectError(await read('out-dir/secret.txt', 'base64'), 403, 'PATH_OUTSIDE_WORKSPACE', msg)
  })

  it('refuses a sibling folder that shares the workspace name as a prefix', async () => {
    const p = `../${path.basename(ws)}_evil/x`
    const res = await read(p)
    expectError(res, 403, 'PATH_OUTSIDE_WORKSPACE', "climbs out of the workspace with '..'")
    expect(JSON.stringify(res.body)).not.toContain('EVIL SIBLING')
    // and a link to it from inside
    await fs.symlink(sibling, path.join(ws, 'evil-link'))
    expectError(await read('evil-link/x'), 403, 'PATH_OUTSIDE_WORKSPACE', 'evil-link/x is, or passes through, a symbolic link')
  })
})

describe('read_repo_file: keys', () => {
  it('needs the read scope: a write-only key gets 403 SCOPE_REQUIRED', async () => {
    const writer = await t.key(['write'], 'writer')
    const res = await read('fresh.txt', undefined, writer)
    expectError(res, 403, 'SCOPE_REQUIRED', 'This API key lacks the "read" scope that read_repo_file needs')
    expect(res.body.content).toBeUndefined()
  })

  it('a read key may read', async () => {
    const reader = await t.key(['read'], 'reader')
    const res = await read('fresh.txt', undefined, reader)
    expect(res.statusCode).toBe(200)
    expect(res.body.content).toBe('fresh')
  })

  it('without a key is 401, with a wrong key too', async () => {
    expectError(
      await read('fresh.txt', undefined, ''),
      401,
      'UNAUTHORIZED',
      'read_repo_file needs an API key with the "read" scope: send "Authorization: Bearer <api key>"',
    )
    expectError(await read('fresh.txt', undefined, 'tg_not_a_real_key_000000000000000'), 401, 'UNAUTHORIZED', 'Invalid or revoked API key')
  })
})
