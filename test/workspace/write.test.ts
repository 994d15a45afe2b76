import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileInside } from '../../src/workspace/index.js'
import { exists, expectCoded, makeTree, type Tree } from './helpers.js'

let t: Tree
beforeEach(async () => {
  t = await makeTree()
})
afterEach(async () => {
  await t.cleanup()
})

const leftovers = async (dir: string) => (await fs.readdir(dir)).filter((n) => n.endsWith('.tmp'))

describe('writeFileInside', () => {
  it('creates a new file', async () => {
    const r = await writeFileInside(t.ws, 'new.txt', 'fresh')
    expect(r).toEqual({ rel: 'new.txt', bytes: 5, created: true })
    expect(await fs.readFile(path.join(t.ws, 'new.txt'), 'utf8')).toBe('fresh')
  })

  it('replaces atomically (a new inode renamed into place) and keeps the mode', async () => {
    const file = path.join(t.ws, 'a.txt')
    await fs.chmod(file, 0o640)
    const before = await fs.stat(file)
    const reader = await fs.open(file, 'r') // a reader holding the old file keeps seeing it whole
    const r = await writeFileInside(t.ws, 'a.txt', 'replaced content')
    expect(r).toEqual({ rel: 'a.txt', bytes: 16, created: false })
    const after = await fs.stat(file)
    expect(after.ino).not.toBe(before.ino)
    expect(after.mode & 0o7777).toBe(0o640)
    expect(await fs.readFile(file, 'utf8')).toBe('replaced content')
    expect((await reader.readFile()).toString()).toBe('hello')
    await reader.close()
    expect(await leftovers(t.ws)).toEqual([])
  })

  it('keeps an executable bit', async () => {
    await fs.writeFile(path.join(t.ws, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 })
    await fs.chmod(path.join(t.ws, 'run.sh'), 0o755)
    await writeFileInside(t.ws, 'run.sh', '#!/bin/sh\necho hi\n')
    expect((await fs.stat(path.join(t.ws, 'run.sh'))).mode & 0o7777).toBe(0o755)
  })

  it('writes through an inside symlink to its real location, leaving the link alone', async () => {
    await fs.writeFile(path.join(t.ws, 'real.txt'), 'old')
    await fs.symlink('real.txt', path.join(t.ws, 'alias.txt'))
    await writeFileInside(t.ws, 'alias.txt', 'new')
    expect((await fs.lstat(path.join(t.ws, 'alias.txt'))).isSymbolicLink()).toBe(true)
    expect(await fs.readFile(path.join(t.ws, 'real.txt'), 'utf8')).toBe('new')
    await fs.symlink('later.txt', path.join(t.ws, 'dangling'))
    expect((await writeFileInside(t.ws, 'dangling', 'made')).created).toBe(true)
    expect(await fs.readFile(path.join(t.ws, 'later.txt'), 'utf8')).toBe('made')
  })

  it('creates parent folders only when asked', async () => {
    await expectCoded(writeFileInside(t.ws, 'd/e/f.txt', 'x'), 'FILE_NOT_FOUND', 404, 'Folder not found: d/e')
    await writeFileInside(t.ws, 'd/e/f.txt', 'x', { createParents: true })
    expect(await fs.readFile(path.join(t.ws, 'd/e/f.txt'), 'utf8')).toBe('x')
  })

  it('refuses blocked names, leaving nothing behind', async () => {
    await expectCoded(writeFileInside(t.ws, '.env', 'X=1'), 'PATH_BLOCKED', 403, 'Access denied: .env is a blocked path (env)')
    await expectCoded(writeFileInside(t.ws, 'k/server.pem', 'x', { createParents: true }), 'PATH_BLOCKED', 403, 'k/server.pem is a blocked path (pem)')
    await fs.mkdir(path.join(t.ws, '.git'))
    await expectCoded(writeFileInside(t.ws, '.git/config', '[core]'), 'PATH_BLOCKED', 403, '.git/config is a blocked path (git-config)')
    expect(await exists(path.join(t.ws, '.env'))).toBe(false)
    expect(await exists(path.join(t.ws, 'k'))).toBe(false)
    expect(await leftovers(t.ws)).toEqual([])
  })

  it('refuses directories and a parent that is a file', async () => {
    await fs.mkdir(path.join(t.ws, 'dir'))
    await expectCoded(writeFileInside(t.ws, 'dir', 'x'), 'INVALID_REQUEST', 400, 'dir is a directory')
    await expectCoded(writeFileInside(t.ws, 'a.txt/b', 'x', { createParents: true }), 'INVALID_REQUEST', 400, 'a.txt is a file, not a folder')
  })
})
