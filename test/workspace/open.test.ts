import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { constants, promises as fs } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appendInside, openForRead } from '../../src/workspace/index.js'
import { mapFsError } from '../../src/workspace/fs-errors.js'
import { verifyOpened } from '../../src/workspace/verify.js'
import { exists, expectCoded, makeTree, type Tree } from './helpers.js'

let t: Tree
beforeEach(async () => {
  t = await makeTree()
})
afterEach(async () => {
  await t.cleanup()
})

describe('openForRead', () => {
  it('returns an open handle, stat and paths', async () => {
    const f = await openForRead(t.ws, './a.txt', { maxBytes: 5 })
    try {
      expect(f.rel).toBe('a.txt')
      expect(f.real).toBe(path.join(t.ws, 'a.txt'))
      expect(f.stat.size).toBe(5)
      expect((await f.handle.readFile()).toString()).toBe('hello')
    } finally {
      await f.handle.close()
    }
  })

  it('refuses directories', async () => {
    await fs.mkdir(path.join(t.ws, 'dir'))
    await expectCoded(openForRead(t.ws, 'dir'), 'INVALID_REQUEST', 400, 'dir is a directory')
    await expectCoded(openForRead(t.ws, '.'), 'INVALID_REQUEST', 400, '. is a directory')
  })

  it('refuses files over maxBytes', async () => {
    await expectCoded(openForRead(t.ws, 'a.txt', { maxBytes: 4 }), 'FILE_TOO_LARGE', 413, 'File too large: a.txt is 5 bytes; the limit is 4 bytes')
  })

  it('refuses missing, blocked and non-regular files', async () => {
    await expectCoded(openForRead(t.ws, 'nope.txt'), 'FILE_NOT_FOUND', 404, 'File not found: nope.txt')
    await fs.writeFile(path.join(t.ws, '.env'), 'X=1')
    await expectCoded(openForRead(t.ws, '.env'), 'PATH_BLOCKED', 403, 'Access denied: .env is a blocked path (env)')
    execFileSync('mkfifo', [path.join(t.ws, 'pipe')])
    await expectCoded(openForRead(t.ws, 'pipe'), 'INVALID_REQUEST', 400, 'pipe is not a regular file')
  })

  it('answers 400 for a socket, also when one is opened after the checks (ENXIO), never a raw error', async () => {
    const sock = path.join(t.ws, 'sock')
    const server = net.createServer().listen(sock)
    await once(server, 'listening')
    try {
      await expectCoded(openForRead(t.ws, 'sock'), 'INVALID_REQUEST', 400, 'sock is not a regular file')
      // what a socket swapped in between the stat and open() yields
      const err = await fs.open(sock, 'r').catch((e: unknown) => e)
      expect((err as NodeJS.ErrnoException).code).toBe('ENXIO')
      expect(() => mapFsError(err, 'sock')).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST', statusCode: 400 }))
    } finally {
      server.close()
    }
  })

  it('refuses a descriptor that turns out to live outside the workspace', async () => {
    // what a symlink swapped in between the check and open() would yield
    const h = await fs.open(path.join(t.out, 'secret.txt'), constants.O_RDONLY)
    try {
      await expectCoded(
        verifyOpened(h, t.ws, path.join(t.ws, 'a.txt'), 'a.txt', 'read'),
        'PATH_OUTSIDE_WORKSPACE',
        403,
        'a.txt changed while it was being opened',
      )
    } finally {
      await h.close()
    }
    await fs.writeFile(path.join(t.ws, 'id.key'), 'k')
    const k = await fs.open(path.join(t.ws, 'id.key'), constants.O_RDONLY)
    try {
      await expectCoded(verifyOpened(k, t.ws, path.join(t.ws, 'a.txt'), 'a.txt', 'read'), 'PATH_BLOCKED', 403, 'a.txt is a blocked path (key)')
    } finally {
      await k.close()
    }
  })
})

describe('appendInside', () => {
  it('creates the file and appends', async () => {
    expect(await appendInside(t.ws, 'log.txt', 'one\n')).toBe(4)
    expect(await appendInside(t.ws, 'log.txt', Buffer.from('two\n'))).toBe(4)
    expect(await fs.readFile(path.join(t.ws, 'log.txt'), 'utf8')).toBe('one\ntwo\n')
  })

  it('creates parent folders only when asked', async () => {
    await expectCoded(appendInside(t.ws, 'logs/day/x.log', 'a'), 'FILE_NOT_FOUND', 404, 'Folder not found: logs/day')
    expect(await exists(path.join(t.ws, 'logs'))).toBe(false)
    await appendInside(t.ws, 'logs/day/x.log', 'a', { createParents: true })
    expect(await fs.readFile(path.join(t.ws, 'logs/day/x.log'), 'utf8')).toBe('a')
  })

  it('refuses blocked names and directories', async () => {
    await expectCoded(appendInside(t.ws, 'conf/.env.local', 'X=1', { createParents: true }), 'PATH_BLOCKED', 403, 'conf/.env.local is a blocked path (env)')
    expect(await exists(path.join(t.ws, 'conf'))).toBe(false)
    await fs.mkdir(path.join(t.ws, '.git/hooks'), { recursive: true })
    await expectCoded(appendInside(t.ws, '.git/hooks/pre-commit', 'rm -rf /'), 'PATH_BLOCKED', 403, '(git-hooks)')
    await fs.mkdir(path.join(t.ws, 'dir'))
    await expectCoded(appendInside(t.ws, 'dir', 'x'), 'INVALID_REQUEST', 400, 'dir is a directory')
  })

  it('keeps 50 concurrent appends of ~2KB lines intact', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `${String(i).padStart(2, '0')}:${String.fromCharCode(65 + (i % 26)).repeat(2048)}\n`)
    const written = await Promise.all(lines.map((l) => appendInside(t.ws, 'concurrent.log', l)))
    expect(written.every((n, i) => n === Buffer.byteLength(lines[i]))).toBe(true)
    const got = (await fs.readFile(path.join(t.ws, 'concurrent.log'), 'utf8')).split('\n')
    expect(got.pop()).toBe('')
    expect(got).toHaveLength(50)
    expect(new Set(got.map((l) => `${l}\n`))).toEqual(new Set(lines))
  })
})
