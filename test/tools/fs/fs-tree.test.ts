/**
 * fs_list, fs_mkdir and fs_remove (seed 003) through the real app: listings that never reveal
 * where links lead, folders created level by level, and removals that never reach outside the
 * workspace, never take the root, always warn, and change nothing in a dry run.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRY, exists, expectFail, expectOk, fsFixture, snapshot, type FsFixture } from './helpers.js'

let fx: FsFixture
const list = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('fs_list', body, headers)
const mkdir = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('fs_mkdir', body, headers)
const remove = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('fs_remove', body, headers)
const at = (rel: string) => path.join(fx.ws, rel)

beforeAll(async () => {
  fx = await fsFixture()
})
afterAll(async () => {
  await fx.close()
})

describe('fs_list', () => {
  it('lists entries sorted by name with type, and size with details; links stay links', async () => {
    await fx.file('ls/b.txt', '12345')
    await fx.file('ls/a.txt', '')
    await fx.file('ls/sub/inner.txt', 'x')
    await fx.file('ls/.env', 'SECRET=1')
    await fs.symlink(path.join(fx.outside, 'secret.txt'), at('ls/out-link'))
    await fs.symlink(fx.outside, at('ls/out-dir-link'))
    const body = expectOk(await list({ path: 'ls', details: true }))
    expect(body.metadata).toEqual({
      path: 'ls',
      count: 6,
      truncated: false,
      entries: [
        { name: '.env', type: 'file', size: 8 },
        { name: 'a.txt', type: 'file', size: 0 },
        { name: 'b.txt', type: 'file', size: 5 },
        { name: 'out-dir-link', type: 'symlink', size: null },
        { name: 'out-link', type: 'symlink', size: null },
        { name: 'sub', type: 'dir', size: null },
      ],
    })
    expect(body.output).toBe('.env  8 bytes\na.txt  0 bytes\nb.txt  5 bytes\nout-dir-link@\nout-link@\nsub/')
    expect(JSON.stringify(body)).not.toContain(fx.outside) // where links lead is never shown
    expect(JSON.stringify(body)).not.toContain('secret.txt')
    // without details: the names, kinds marked in the output, no stat per entry
    const plain = expectOk(await list({ path: 'ls' }))
    expect(plain.metadata.entries).toEqual(['.env', 'a.txt', 'b.txt', 'out-dir-link', 'out-link', 'sub'])
    expect(plain.metadata.count).toBe(6)
    expect(plain.output).toBe('.env\na.txt\nb.txt\nout-dir-link@\nout-link@\nsub/')
    expectFail(await list({ path: 'ls', details: 'yes' }), 400, 'VALIDATION_ERROR', /details/)
  })

  it('sizes every file of a folder with more entries than it stats at once (64), folders among them', async () => {
    const names = Array.from({ length: 203 }, (_, i) => `e${String(i).padStart(3, '0')}`)
    for (const [i, name] of names.entries()) {
      if (i % 7 === 3) await fs.mkdir(at(`many/${name}`), { recursive: true })
      else await fx.file(`many/${name}`, 'x'.repeat(i))
    }
    const body = expectOk(await list({ path: 'many', details: true }))
    expect(body.metadata.count).toBe(203)
    expect(body.metadata.entries).toEqual(names.map((name, i) => (i % 7 === 3 ? { name, type: 'dir', size: null } : { name, type: 'file', size: i })))
  })

  it('lists the root by default, and an empty folder', async () => {
    const root = expectOk(await list({}))
    expect(root.metadata.path).toBe('.')
    expect(root.metadata.entries).toContain('ls')
    await fs.mkdir(at('void'))
    const empty = expectOk(await list({ path: 'void' }))
    expect(empty).toMatchObject({ output: 'void is empty', metadata: { entries: [], count: 0 } })
    // Even under a cap too small for anything, an empty folder is whole, not truncated.
    const tight = expectOk(await list({ path: 'void' }, { 'x-max-output-size': '500' }))
    expect(tight).toMatchObject({ output: 'void is empty', metadata: { entries: [], count: 0, truncated: false } })
    expect(tight.messages).toEqual([])
  })

  it('refuses a blocked folder, a file, a missing path and folders outside', async () => {
    await fx.file('secrets/k.txt', 'x')
    expectFail(await list({ path: 'secrets' }), 403, 'PATH_BLOCKED', 'secrets is a blocked path', fx)
    expectFail(await list({ path: 'ls/a.txt' }), 400, 'INVALID_REQUEST', 'ls/a.txt is not a folder', fx)
    expectFail(await list({ path: 'nowhere' }), 404, 'FILE_NOT_FOUND', 'File not found: nowhere', fx)
    expectFail(await list({ path: 'ls/out-dir-link' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    expectFail(await list({ path: '..' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'climbs out', fx)
    expectFail(await list({ path: fx.sibling }), 403, 'PATH_OUTSIDE_WORKSPACE', 'Absolute paths must point inside', fx)
  })

  it('keeps the listing within X-Max-Output-Size, counting every entry', async () => {
    for (let i = 0; i < 300; i++) await fx.file(`crowd/file-${String(i).padStart(3, '0')}.txt`, 'x')
    const body = expectOk(await list({ path: 'crowd' }, { 'x-max-output-size': '4000' }))
    expect(body.metadata.count).toBe(300)
    expect(body.metadata.truncated).toBe(true)
    expect(body.metadata.entries.length).toBeLessThan(300)
    expect(body.metadata.entries[0]).toBe('file-000.txt')
    expect(body.output).toContain(`${300 - body.metadata.entries.length} more entries not shown`)
    const { success, output, error, metadata } = body
    expect(Buffer.byteLength(JSON.stringify({ success, output, error, metadata }))).toBeLessThanOrEqual(4000)
  })
})

describe('fs_mkdir', () => {
  it('creates a folder with its parents, and accepts an existing one', async () => {
    let body = expectOk(await mkdir({ path: 'm/a/b' }))
    expect(body).toMatchObject({ output: 'Created folder m/a/b', metadata: { created: true, path: 'm/a/b' } })
    expect((await fs.stat(at('m/a/b'))).isDirectory()).toBe(true)
    body = expectOk(await mkdir({ path: 'm/a/b' }))
    expect(body.metadata).toEqual({ created: false, path: 'm/a/b' })
  })

  it('honours parents: false and exist_ok: false', async () => {
    expectFail(await mkdir({ path: 'm2/x/y', parents: false }), 404, 'FILE_NOT_FOUND', 'Folder not found: m2/x; create it first or set parents to true', fx)
    expect(await exists(at('m2'))).toBe(false)
    expectOk(await mkdir({ path: 'm2', parents: false }))
    const body = expectFail(await mkdir({ path: 'm2', exist_ok: false }), 409, 'CONFLICT', 'Folder m2 already exists', fx)
    expect(body.metadata).toEqual({ path: 'm2', created: false })
    await fx.file('m2/file', 'x')
    expectFail(await mkdir({ path: 'm2/file' }), 409, 'CONFLICT', 'm2/file exists and is not a folder', fx)
  })

  it('dry run creates nothing', async () => {
    const before = await snapshot(fx.ws)
    const body = expectOk(await mkdir({ path: 'dm/a/b' }, DRY))
    expect(body).toMatchObject({ output: '[Dry Run] Would create folder dm/a/b and its missing parents', metadata: { created: false, dry_run: true } })
    expect(await snapshot(fx.ws)).toEqual(before)
  })

  it('refuses blocked folders and every escape', async () => {
    const before = await snapshot(fx.outside)
    expectFail(await mkdir({ path: '.git/hooks' }), 403, 'PATH_BLOCKED', '.git/hooks is a blocked path', fx)
    expectFail(await mkdir({ path: 'secrets' }), 403, 'PATH_BLOCKED', 'secrets is a blocked path', fx)
    await fs.symlink(fx.outside, at('mk-out'))
    expectFail(await mkdir({ path: 'mk-out/planted' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    await fs.symlink(path.join(fx.outside, 'newdir'), at('mk-dangling'))
    expectFail(await mkdir({ path: 'mk-dangling' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    expectFail(await mkdir({ path: '../mk-escape' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'climbs out', fx)
    expectFail(await mkdir({ path: 'a\u0000b' }), 400, 'VALIDATION_ERROR', 'NUL character', fx)
    expect(await snapshot(fx.outside)).toEqual(before)
  })
})

describe('fs_remove', () => {
  it('removes a file, always with a warning', async () => {
    await fx.file('rm/f.txt', 'abc')
    const body = expectOk(await remove({ path: 'rm/f.txt' }))
    expect(body).toMatchObject({ output: 'Deleted file rm/f.txt (3 bytes)', metadata: { removed: true, path: 'rm/f.txt' } })
    expect(body.messages).toEqual(['Deleted file rm/f.txt (3 bytes)'])
    expect(await exists(at('rm/f.txt'))).toBe(false)
  })

  it('refuses a folder without recursive, removes it with', async () => {
    await fx.file('rm/tree/a/b.txt', 'x')
    await fx.file('rm/tree/c.txt', 'y')
    expectFail(await remove({ path: 'rm/tree' }), 400, 'INVALID_REQUEST', 'rm/tree is a folder; set recursive to true', fx)
    expect(await exists(at('rm/tree/c.txt'))).toBe(true)
    const body = expectOk(await remove({ path: 'rm/tree', recursive: true }))
    expect(body.messages).toEqual(['Deleted folder rm/tree and the 3 entries in it'])
    expect(await exists(at('rm/tree'))).toBe(false)
  })

  it('missing path: 404, or success with removed: false under force', async () => {
    expectFail(await remove({ path: 'rm/ghost' }), 404, 'FILE_NOT_FOUND', 'File not found: rm/ghost', fx)
    let body = expectOk(await remove({ path: 'rm/ghost', force: true }))
    expect(body).toMatchObject({ output: 'Nothing to remove: rm/ghost does not exist', metadata: { removed: false, path: 'rm/ghost' } })
    body = expectOk(await remove({ path: 'no/such/dir/x', force: true }))
    expect(body.metadata).toEqual({ removed: false, path: 'no/such/dir/x' })
  })

  it('never removes the workspace root, however it is spelt', async () => {
    const spellings = ['.', '', './', 'a/..', 'rm/../.', '/', fx.ws, `${fx.ws}/`, fx.t.workspace, `${fx.ws}/sub/..`]
    for (const p of spellings) {
      expectFail(await remove({ path: p, recursive: true, force: true }), 403, 'FORBIDDEN', 'fs_remove never removes the workspace root', fx)
    }
    expect(await exists(fx.ws)).toBe(true)
    expect(await exists(at('ls/b.txt'))).toBe(true)
  })

  it('removes a link, never what it points to (outside or inside)', async () => {
    await fs.symlink(fx.outside, at('rm-out-dir'))
    await fs.symlink(path.join(fx.outside, 'secret.txt'), at('rm-out-file'))
    const before = await snapshot(fx.outside)
    let body = expectOk(await remove({ path: 'rm-out-dir', recursive: true }))
    expect(body.messages).toEqual(['Deleted symbolic link rm-out-dir (the link only)'])
    expectOk(await remove({ path: 'rm-out-file' }))
    expect(await exists(at('rm-out-dir'))).toBe(false)
    expect(await snapshot(fx.outside)).toEqual(before)
    await fx.file('keepdir/k.txt', 'k')
    await fs.symlink('keepdir', at('rootish'))
    body = expectOk(await remove({ path: 'rootish/', recursive: true }))
    expect(await exists(at('keepdir/k.txt'))).toBe(true)
  })

  it('refuses paths through links to the outside, .., absolute outside, NUL', async () => {
    await fs.symlink(fx.outside, at('via-out'))
    const before = await snapshot(fx.outside, fx.sibling)
    expectFail(await remove({ path: 'via-out/secret.txt' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    expectFail(await remove({ path: '../x', force: true }), 403, 'PATH_OUTSIDE_WORKSPACE', 'climbs out', fx)
    expectFail(await remove({ path: '..', recursive: true }), 403, 'PATH_OUTSIDE_WORKSPACE', 'climbs out', fx)
    expectFail(await remove({ path: path.join(fx.sibling, 'x') }), 403, 'PATH_OUTSIDE_WORKSPACE', 'Absolute paths must point inside', fx)
    expectFail(await remove({ path: `../${path.basename(fx.sibling)}`, recursive: true }), 403, 'PATH_OUTSIDE_WORKSPACE', 'climbs out', fx)
    expectFail(await remove({ path: 'x\u0000' }), 400, 'VALIDATION_ERROR', 'NUL character', fx)
    expect(await snapshot(fx.outside, fx.sibling)).toEqual(before)
  })

  it('refuses blocked paths, and trees that hold them', async () => {
    await fx.file('proj/.env', 'A=1')
    await fx.file('proj/src/x.ts', 'x')
    expectFail(await remove({ path: 'proj/.env' }), 403, 'PATH_BLOCKED', 'proj/.env is a blocked path', fx)
    expectFail(await remove({ path: 'proj', recursive: true }), 403, 'PATH_BLOCKED', 'proj holds proj/.env, a blocked path', fx)
    expect(await exists(at('proj/src/x.ts'))).toBe(true)
  })

  it('dry run names what it would delete, warns, and changes nothing', async () => {
    await fx.file('dr/a.txt', 'a')
    await fx.file('dr/b/c.txt', 'c')
    const before = await snapshot(fx.ws)
    const body = expectOk(await remove({ path: 'dr', recursive: true }, DRY))
    expect(body.output).toBe('[Dry Run] Would delete folder dr and the 3 entries in it')
    expect(body.metadata).toEqual({ removed: false, path: 'dr', dry_run: true })
    expect(body.messages).toEqual(['[Dry Run] Would delete folder dr and the 3 entries in it'])
    expectOk(await remove({ path: 'dr/a.txt' }, DRY))
    expect(await snapshot(fx.ws)).toEqual(before)
  })
})
