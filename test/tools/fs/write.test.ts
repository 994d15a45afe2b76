/**
 * Write through the real app: creating, overwriting (with a warning), parent folders, blocked
 * names, dry runs that change nothing, and every way out of the workspace: none of them may
 * create or change a file outside.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRY, exists, expectFail, expectOk, fsFixture, snapshot, type FsFixture } from './helpers.js'

let fx: FsFixture
const write = (file_path: unknown, content: unknown, headers?: Record<string, string>) => fx.call('Write', { file_path, content }, headers)

beforeAll(async () => {
  fx = await fsFixture()
})
afterAll(async () => {
  await fx.close()
})

describe('Write', () => {
  it('creates a file, with its parent folders', async () => {
    const body = expectOk(await write('deep/er/new.txt', 'héllo\n'))
    expect(body.output).toBe('Created deep/er/new.txt (7 bytes)')
    expect(body.metadata).toEqual({ bytes_written: 7, file_path: 'deep/er/new.txt', created: true })
    expect(body.messages).toEqual([])
    expect(await fs.readFile(path.join(fx.ws, 'deep/er/new.txt'), 'utf8')).toBe('héllo\n')
  })

  it('overwrites a file whole, keeps its mode, and warns', async () => {
    const p = await fx.file('over.txt', 'old old old\n')
    await fs.chmod(p, 0o640)
    const body = expectOk(await write(p, 'new\n'))
    expect(body.metadata).toEqual({ bytes_written: 4, file_path: 'over.txt', created: false })
    expect(body.messages).toEqual(['Overwrote existing file over.txt'])
    expect(await fs.readFile(p, 'utf8')).toBe('new\n')
    expect((await fs.stat(p)).mode & 0o777).toBe(0o640)
    expect((await fs.readdir(fx.ws)).filter((n) => n.endsWith('.tmp'))).toEqual([]) // no temp file left
  })

  it('writes an empty file', async () => {
    expect(expectOk(await write('empty.txt', '')).metadata).toMatchObject({ bytes_written: 0, created: true })
    expect(await fs.readFile(path.join(fx.ws, 'empty.txt'), 'utf8')).toBe('')
  })

  it('refuses a folder as the target', async () => {
    await fs.mkdir(path.join(fx.ws, 'afolder'), { recursive: true })
    expectFail(await write('afolder', 'x'), 400, 'INVALID_REQUEST', 'afolder is a directory', fx)
  })

  it('refuses blocked names for writes: .env*, secrets, *.key, *.pem, .git/config, .git/hooks', async () => {
    for (const p of [
      '.env',
      'app/.env.production',
      'secrets/a.txt',
      'id.key',
      'tls/cert.pem',
      '.git/config',
      '.git/hooks/pre-commit',
      'sub/.git/hooks/post-merge',
    ]) {
      expectFail(await write(p, 'x'), 403, 'PATH_BLOCKED', `Access denied: ${p} is a blocked path`, fx)
      expect(await exists(path.join(fx.ws, p))).toBe(false)
    }
  })

  it('dry run reports what it would write and changes nothing', async () => {
    await fx.file('keep.txt', 'keep\n')
    const before = await snapshot(fx.ws, fx.outside)
    let body = expectOk(await write('dry/new.txt', 'x'.repeat(150), DRY))
    expect(body.output).toBe('[Dry Run] Would write 150 bytes to dry/new.txt')
    expect(body.metadata).toEqual({ bytes_written: 0, file_path: 'dry/new.txt', created: false, dry_run: true })
    expect(body.dry_run).toBe(true)
    body = expectOk(await write('keep.txt', 'changed', DRY))
    expect(body.messages).toEqual(['[Dry Run] keep.txt exists and would be overwritten'])
    // refusals are the same in a dry run
    expectFail(await write('.env', 'x', DRY), 403, 'PATH_BLOCKED', '.env is a blocked path', fx)
    expectFail(await write('../x', 'x', DRY), 403, 'PATH_OUTSIDE_WORKSPACE', 'climbs out', fx)
    expect(await snapshot(fx.ws, fx.outside)).toEqual(before)
  })
})

describe('Write: escapes (nothing outside is ever created or changed)', () => {
  let before: Record<string, string>
  const refused = async (file_path: string, message: string | RegExp = /outside the workspace/) => {
    before = await snapshot(fx.outside, fx.sibling)
    expectFail(await write(file_path, 'PWNED'), 403, 'PATH_OUTSIDE_WORKSPACE', message, fx)
    expect(await snapshot(fx.outside, fx.sibling)).toEqual(before)
  }

  it('prefix sibling: <ws>_evil by absolute path, by .., and through a link', async () => {
    await refused(path.join(fx.sibling, 'x'), 'Absolute paths must point inside the workspace')
    await refused(path.join(fx.sibling, 'new'), 'Absolute paths must point inside the workspace')
    await refused(`../${path.basename(fx.sibling)}/x`, "climbs out of the workspace with '..'")
    await fs.symlink(fx.sibling, path.join(fx.ws, 'sib'))
    await refused('sib/x')
  })

  it('symlinked file pointing outside: the outside file keeps its content', async () => {
    await fs.symlink(path.join(fx.outside, 'secret.txt'), path.join(fx.ws, 'wlink.txt'))
    await refused('wlink.txt')
    expect(await fs.readFile(path.join(fx.outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET\n')
  })

  it('symlinked folder pointing outside: no file is created in it', async () => {
    await fs.symlink(fx.outside, path.join(fx.ws, 'wdir'))
    await refused('wdir/planted.txt')
    await refused('wdir/deeper/planted.txt')
    expect(await exists(path.join(fx.outside, 'planted.txt'))).toBe(false)
    expect(await exists(path.join(fx.outside, 'deeper'))).toBe(false)
  })

  it('dangling symlink pointing outside: the target is not created', async () => {
    await fs.symlink(path.join(fx.outside, 'created-through-link.txt'), path.join(fx.ws, 'wdangling'))
    await refused('wdangling')
    expect(await exists(path.join(fx.outside, 'created-through-link.txt'))).toBe(false)
    await fs.symlink(path.join(fx.outside, 'newdir', 'f'), path.join(fx.ws, 'wdangling2'))
    await refused('wdangling2')
    expect(await exists(path.join(fx.outside, 'newdir'))).toBe(false)
  })

  it('chain of symlinks ending outside (dangling or not)', async () => {
    await fs.symlink(path.join(fx.outside, 'chain-target.txt'), path.join(fx.ws, 'w3'))
    await fs.symlink('w3', path.join(fx.ws, 'w2'))
    await fs.symlink('w2', path.join(fx.ws, 'w1'))
    await refused('w1')
    expect(await exists(path.join(fx.outside, 'chain-target.txt'))).toBe(false)
  })

  it('a link inside the workspace is written through, and stays a link', async () => {
    await fx.file('real-target.txt', 'before\n')
    await fs.symlink('real-target.txt', path.join(fx.ws, 'inlink'))
    expectOk(await write('inlink', 'after\n'))
    expect(await fs.readFile(path.join(fx.ws, 'real-target.txt'), 'utf8')).toBe('after\n')
    expect((await fs.lstat(path.join(fx.ws, 'inlink'))).isSymbolicLink()).toBe(true)
  })

  it('.. and absolute paths outside', async () => {
    await refused('../escape.txt', "climbs out of the workspace with '..'")
    await refused('a/b/../../../escape.txt', "climbs out of the workspace with '..'")
    await refused(path.join(fx.outside, 'abs.txt'), 'Absolute paths must point inside the workspace')
    expect(await exists(path.join(fx.outside, 'abs.txt'))).toBe(false)
  })

  it('NUL byte in the path: refused by validation, nothing written', async () => {
    before = await snapshot(fx.outside, fx.sibling)
    expectFail(await write('ok.txt\u0000../../x', 'PWNED'), 400, 'VALIDATION_ERROR', 'NUL character', fx)
    expect(await snapshot(fx.outside, fx.sibling)).toEqual(before)
    expect(await exists(path.join(fx.ws, 'ok.txt'))).toBe(false)
  })
})
