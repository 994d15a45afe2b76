import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appendInside, openForRead, registerRootSpelling, relInside, resolveInside, writeFileInside } from '../../src/workspace/index.js'
import { exists, expectCoded, makeTree, type Tree } from './helpers.js'

const OUT = 'PATH_OUTSIDE_WORKSPACE'

let t: Tree
beforeEach(async () => {
  t = await makeTree()
})
afterEach(async () => {
  await t.cleanup()
})

describe('resolveInside: legitimate paths', () => {
  it('resolves relative paths against the root', async () => {
    const r = await resolveInside(t.ws, 'a.txt')
    expect(r).toMatchObject({ rel: 'a.txt', real: path.join(t.ws, 'a.txt'), abs: path.join(t.ws, 'a.txt') })
  })

  it('maps the root itself to "."', async () => {
    expect((await resolveInside(t.ws, '')).rel).toBe('.')
    expect((await resolveInside(t.ws, '.')).real).toBe(t.ws)
    expect((await resolveInside(t.ws, './sub/..')).rel).toBe('.')
  })

  it('accepts absolute paths inside the root and `..` that stays inside', async () => {
    expect((await resolveInside(t.ws, path.join(t.ws, 'a.txt'))).rel).toBe('a.txt')
    expect((await resolveInside(t.ws, 'x/../a.txt')).rel).toBe('a.txt')
  })

  it('follows symlinks that stay inside the workspace', async () => {
    await fs.mkdir(path.join(t.ws, 'dir'))
    await fs.writeFile(path.join(t.ws, 'dir', 'f.txt'), 'f')
    await fs.symlink('dir', path.join(t.ws, 'ldir'))
    await fs.symlink('ldir/f.txt', path.join(t.ws, 'lf'))
    const r = await resolveInside(t.ws, 'lf')
    expect(r).toMatchObject({ rel: 'lf', real: path.join(t.ws, 'dir', 'f.txt'), targetRel: 'dir/f.txt' })
  })

  it('refuses a root that is now a symbolic link: the server names every workspace by its real path', async () => {
    // A key's folder swapped for a link (by another key's shell in a parent folder) leads outside.
    const key = path.join(t.ws, 'key')
    await fs.mkdir(key)
    await fs.writeFile(path.join(key, 'a.txt'), 'mine')
    expect((await resolveInside(key, 'a.txt')).real).toBe(path.join(key, 'a.txt')) // positive control
    await fs.rename(key, path.join(t.ws, 'key.moved'))
    await fs.symlink(t.out, key)
    for (const spelling of ['secret.txt', '.', path.join(key, 'secret.txt')]) {
      await expectCoded(resolveInside(key, spelling), OUT, 403, 'workspace folder has been replaced by a symbolic link')
    }
    await expectCoded(openForRead(key, 'secret.txt'), OUT, 403, 'replaced by a symbolic link')
    // Even a link that stays inside: the root must be the folder the server named.
    const alias = path.join(t.base, 'wslink')
    await fs.symlink(t.ws, alias)
    await expectCoded(resolveInside(alias, 'a.txt'), OUT, 403, 'replaced by a symbolic link')
  })

  it('resolves against the root, never process.cwd()', async () => {
    const cwdDir = path.join(t.base, 'cwd')
    await fs.mkdir(cwdDir)
    await fs.writeFile(path.join(cwdDir, 'same.txt'), 'FROM CWD')
    await fs.writeFile(path.join(cwdDir, 'only-cwd.txt'), 'FROM CWD')
    await fs.writeFile(path.join(t.ws, 'same.txt'), 'FROM WS')
    const before = process.cwd()
    process.chdir(cwdDir)
    try {
      const opened = await openForRead(t.ws, 'same.txt')
      expect((await opened.handle.readFile()).toString()).toBe('FROM WS')
      await opened.handle.close()
      await expectCoded(resolveInside(t.ws, 'only-cwd.txt'), 'FILE_NOT_FOUND', 404, 'File not found: only-cwd.txt')
    } finally {
      process.chdir(before)
    }
  })

  it('reports missing files, or accepts them with allowMissing', async () => {
    await expectCoded(resolveInside(t.ws, 'nope.txt'), 'FILE_NOT_FOUND', 404, 'File not found: nope.txt')
    const r = await resolveInside(t.ws, 'new/deep/x.txt', { allowMissing: true })
    expect(r).toMatchObject({ rel: 'new/deep/x.txt', real: null, target: path.join(t.ws, 'new/deep/x.txt') })
    await expectCoded(resolveInside(t.ws, 'a.txt/x', { allowMissing: true }), 'INVALID_REQUEST', 400, 'a.txt is a file')
  })
})

describe('resolveInside: escapes', () => {
  it('refuses a prefix sibling (ws vs ws_evil)', async () => {
    const evil = `${t.ws}_evil`
    await fs.mkdir(evil)
    await fs.writeFile(path.join(evil, 'x.txt'), 'evil')
    await expectCoded(resolveInside(t.ws, path.join(evil, 'x.txt')), OUT, 403, 'Absolute paths must point inside')
    await expectCoded(resolveInside(t.ws, '../ws_evil/x.txt'), OUT, 403, 'climbs out')
    await fs.symlink(evil, path.join(t.ws, 'sib'))
    await expectCoded(resolveInside(t.ws, 'sib/x.txt'), OUT, 403, 'sib/x.txt is, or passes through, a symbolic link')
  })

  it('refuses a symlinked file pointing outside', async () => {
    await fs.symlink(path.join(t.out, 'secret.txt'), path.join(t.ws, 'link.txt'))
    await expectCoded(resolveInside(t.ws, 'link.txt'), OUT, 403, 'link.txt is, or passes through, a symbolic link')
    await expectCoded(openForRead(t.ws, 'link.txt'), OUT, 403, 'points outside the workspace')
    await expectCoded(writeFileInside(t.ws, 'link.txt', 'pwned'), OUT, 403, 'points outside')
    expect(await fs.readFile(path.join(t.out, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET')
  })

  it('refuses a symlinked folder pointing outside', async () => {
    await fs.symlink(t.out, path.join(t.ws, 'ldir'))
    await expectCoded(resolveInside(t.ws, 'ldir/secret.txt'), OUT, 403, 'ldir/secret.txt is, or passes through')
    await expectCoded(resolveInside(t.ws, 'ldir'), OUT, 403, 'points outside')
    await expectCoded(resolveInside(t.ws, 'ldir/new.txt', { allowMissing: true }), OUT, 403, 'points outside')
    await expectCoded(appendInside(t.ws, 'ldir/sub/new.txt', 'x', { createParents: true }), OUT, 403, 'points outside')
    expect(await exists(path.join(t.out, 'new.txt'))).toBe(false)
    expect(await exists(path.join(t.out, 'sub'))).toBe(false)
  })

  it('refuses a dangling symlink to an outside path, and writes never create the outside file', async () => {
    const target = path.join(t.out, 'created.txt')
    await fs.symlink(target, path.join(t.ws, 'dl'))
    await fs.symlink('../outside/created2.txt', path.join(t.ws, 'dl2'))
    await expectCoded(resolveInside(t.ws, 'dl'), OUT, 403, 'dl is, or passes through')
    await expectCoded(resolveInside(t.ws, 'dl', { allowMissing: true }), OUT, 403, 'points outside')
    await expectCoded(writeFileInside(t.ws, 'dl', 'pwned'), OUT, 403, 'points outside')
    await expectCoded(appendInside(t.ws, 'dl', 'pwned'), OUT, 403, 'points outside')
    await expectCoded(appendInside(t.ws, 'dl2', 'pwned'), OUT, 403, 'points outside')
    expect(await exists(target)).toBe(false)
    expect(await exists(path.join(t.out, 'created2.txt'))).toBe(false)
    expect((await fs.lstat(path.join(t.ws, 'dl'))).isSymbolicLink()).toBe(true)
  })

  it('lets allowMissing decide for a dangling symlink that points inside', async () => {
    await fs.symlink('later.txt', path.join(t.ws, 'dl'))
    await expectCoded(resolveInside(t.ws, 'dl'), 'FILE_NOT_FOUND', 404, 'File not found: dl')
    const r = await resolveInside(t.ws, 'dl', { allowMissing: true })
    expect(r).toMatchObject({ rel: 'dl', real: null, target: path.join(t.ws, 'later.txt'), targetRel: 'later.txt' })
  })

  it('refuses a chain of symlinks that ends outside (a -> b -> outside)', async () => {
    await fs.symlink(path.join(t.out, 'secret.txt'), path.join(t.ws, 'b'))
    await fs.symlink('b', path.join(t.ws, 'a'))
    await fs.symlink(path.join(t.out, 'gone.txt'), path.join(t.ws, 'd2'))
    await fs.symlink('d2', path.join(t.ws, 'd1'))
    await expectCoded(resolveInside(t.ws, 'a'), OUT, 403, 'a is, or passes through')
    await expectCoded(resolveInside(t.ws, 'd1', { allowMissing: true }), OUT, 403, 'd1 is, or passes through')
    await expectCoded(writeFileInside(t.ws, 'd1', 'x'), OUT, 403, 'points outside')
    expect(await exists(path.join(t.out, 'gone.txt'))).toBe(false)
  })

  it('refuses symlink loops', async () => {
    await fs.symlink('loop2', path.join(t.ws, 'loop1'))
    await fs.symlink('loop1', path.join(t.ws, 'loop2'))
    await expectCoded(resolveInside(t.ws, 'loop1', { allowMissing: true }), 'INVALID_REQUEST', 400, 'Too many levels of symbolic links')
  })

  it('answers a loop outside as outside, like any outside path: nothing is learnt of the outside', async () => {
    await fs.symlink('loop2', path.join(t.out, 'loop1'))
    await fs.symlink('loop1', path.join(t.out, 'loop2'))
    for (const [name, target] of [
      ['to-loop', path.join(t.out, 'loop1')],
      ['through-loop', path.join(t.out, 'loop1', 'x.txt')],
      ['to-file', path.join(t.out, 'secret.txt')],
      ['to-nothing', path.join(t.out, 'nothing.txt')],
    ]) {
      await fs.symlink(target, path.join(t.ws, name))
      await expectCoded(resolveInside(t.ws, name), OUT, 403, `${name} is, or passes through`)
      await expectCoded(resolveInside(t.ws, `${name}/y`, { allowMissing: true }), OUT, 403, 'passes through')
      await expectCoded(openForRead(t.ws, name), OUT, 403, 'points outside')
      await expectCoded(writeFileInside(t.ws, name, 'x'), OUT, 403, 'points outside')
    }
    await expectCoded(resolveInside(t.ws, path.join(t.out, 'loop1')), OUT, 403, 'Absolute paths must point inside')
  })

  it('refuses a link that leaves and climbs back in, whatever is outside: no existence oracle', async () => {
    const ws = path.basename(t.ws)
    await fs.writeFile(path.join(t.ws, 'a.txt'), 'inside')
    await fs.mkdir(path.join(t.out, 'dir'))
    await fs.symlink(path.join(t.out, 'dir'), path.join(t.out, 'link-to-dir'))
    await fs.symlink('loopB', path.join(t.out, 'loopA'))
    await fs.symlink('loopA', path.join(t.out, 'loopB'))
    // X: a folder, a file, a link to a folder, a loop, nothing; each through relative and absolute link targets.
    for (const x of ['dir', 'secret.txt', 'link-to-dir', 'loopA', 'nothing']) {
      const spellings = [`../outside/${x}/../../${ws}/a.txt`, `${path.join(t.out, x)}/../../${ws}/a.txt`]
      for (const [i, target] of spellings.entries()) {
        const name = `back-${x}-${i}`
        await fs.symlink(target, path.join(t.ws, name))
        await expectCoded(resolveInside(t.ws, name), OUT, 403, 'passes through')
        await expectCoded(openForRead(t.ws, name), OUT, 403, 'points outside')
        await expectCoded(writeFileInside(t.ws, name, 'x'), OUT, 403, 'points outside')
        await fs.symlink(`${target.slice(0, -'a.txt'.length)}new.txt`, path.join(t.ws, `${name}-new`))
        await expectCoded(resolveInside(t.ws, `${name}-new`, { allowMissing: true }), OUT, 403, 'passes through')
        await expectCoded(resolveInside(t.ws, `${name}-new`), OUT, 403, 'passes through')
      }
    }
    expect(await fs.readFile(path.join(t.ws, 'a.txt'), 'utf8')).toBe('inside')
    expect(await exists(path.join(t.ws, 'new.txt'))).toBe(false)
    // Positive controls: links that go up and back in without leaving reach their file, relative or absolute.
    await fs.mkdir(path.join(t.ws, 'sub'))
    await fs.symlink('../sub/../a.txt', path.join(t.ws, 'sub', 'up-and-in'))
    await fs.symlink(path.join(t.ws, 'sub', '..', 'a.txt'), path.join(t.ws, 'abs-in'))
    expect((await resolveInside(t.ws, 'sub/up-and-in')).targetRel).toBe('a.txt')
    expect((await resolveInside(t.ws, 'abs-in')).targetRel).toBe('a.txt')
    await writeFileInside(t.ws, 'abs-in', 'written through a link')
    expect(await fs.readFile(path.join(t.ws, 'a.txt'), 'utf8')).toBe('written through a link')
  })

  it("an absolute path through another folder's link that leaves and climbs back in: one refusal whatever is outside", async () => {
    // A key's root inside the server workspace; a neighbour's folder holds links the key can name by absolute path.
    const keyRoot = path.join(t.ws, 'keyA')
    await fs.mkdir(keyRoot)
    await fs.writeFile(path.join(keyRoot, 'f.txt'), 'mine')
    await fs.mkdir(path.join(t.ws, 'keyB'))
    await fs.mkdir(path.join(t.out, 'dir'))
    const ws = path.basename(t.ws)
    const answers = new Set<string>()
    for (const x of ['dir', 'secret.txt', 'nothing']) {
      const link = path.join(t.ws, 'keyB', `evil-${x}`)
      await fs.symlink(`${keyRoot}/../../outside/${x}/../../${ws}/keyA`, link)
      answers.add((await expectCoded(resolveInside(keyRoot, `${link}/f.txt`), OUT, 403, 'Absolute paths must point inside')).message)
      answers.add((await expectCoded(openForRead(keyRoot, `${link}/f.txt`), OUT, 403, 'Absolute paths must point inside')).message)
    }
    // A link straight into the key's folder is not followed either: an absolute path is read as spelt.
    await fs.symlink(keyRoot, path.join(t.ws, 'keyB', 'good'))
    answers.add((await expectCoded(resolveInside(keyRoot, path.join(t.ws, 'keyB', 'good', 'f.txt')), OUT, 403, 'Absolute paths')).message)
    expect(answers.size).toBe(1)
    // Positive control: the key's folder by its own spelling.
    expect((await resolveInside(keyRoot, path.join(keyRoot, 'f.txt'))).targetRel).toBe('f.txt')
  })

  it("a link spelt through an outside link back to the root is refused; the caller's own path that way only once registered", async () => {
    await fs.writeFile(path.join(t.ws, 'a.txt'), 'inside')
    const alias = path.join(t.base, 'alias')
    await fs.symlink(t.ws, alias)
    await fs.symlink(path.join(alias, 'a.txt'), path.join(t.ws, 'via-alias'))
    await expectCoded(resolveInside(t.ws, 'via-alias'), OUT, 403, 'passes through')
    await expectCoded(resolveInside(t.ws, path.join(alias, 'a.txt')), OUT, 403, 'Absolute paths must point inside')
    const release = registerRootSpelling(alias, t.ws)
    try {
      expect((await resolveInside(t.ws, path.join(alias, 'a.txt'))).targetRel).toBe('a.txt')
      await expectCoded(resolveInside(t.ws, 'via-alias'), OUT, 403, 'passes through')
    } finally {
      release()
    }
  })

  it('follows `..` after a file as the kernel does: not a folder', async () => {
    await fs.writeFile(path.join(t.ws, 'a.txt'), 'inside')
    await fs.writeFile(path.join(t.ws, 'b.txt'), 'b')
    await fs.symlink('a.txt/../b.txt', path.join(t.ws, 'through-file'))
    await expectCoded(resolveInside(t.ws, 'through-file'), 'FILE_NOT_FOUND', 404, 'through-file')
  })

  it('refuses `..` that climbs out', async () => {
    await expectCoded(resolveInside(t.ws, '../outside/secret.txt'), OUT, 403, 'climbs out of the workspace')
    await expectCoded(resolveInside(t.ws, 'sub/../../outside/x', { allowMissing: true }), OUT, 403, "with '..'")
    await expectCoded(resolveInside(t.ws, '..'), OUT, 403, 'climbs out')
  })

  // Answering a climb that comes back in would confirm the names of the folders above the
  // workspace, one guess at a time: `../ws/a.txt` works only in a workspace named ws.
  it.each(['../ws/a.txt', './../ws/a.txt', 'x/../../ws/a.txt', 'x/y/../../../ws/a.txt', '../ws', '..//ws/./a.txt'])(
    'refuses `..` above the root even when it comes back in: %s',
    async (p) => {
      await expectCoded(resolveInside(t.ws, p), OUT, 403, 'climbs out')
      await expectCoded(relInside(t.ws, p), OUT, 403, 'climbs out')
      await expectCoded(openForRead(t.ws, p), OUT, 403, 'climbs out')
    },
  )

  it('refuses a climb through the real parent folders back to the root', async () => {
    const back = `../../${path.basename(t.base)}/ws/a.txt` // t.base/ws is the root
    expect(path.resolve(t.ws, back)).toBe(path.join(t.ws, 'a.txt'))
    await expectCoded(openForRead(t.ws, back), OUT, 403, 'climbs out')
  })

  it('still accepts `..` that stays at or below the root (controls)', async () => {
    await fs.mkdir(path.join(t.ws, 'x', 'y'), { recursive: true })
    for (const p of ['x/../a.txt', 'x/y/../../a.txt', './x/../a.txt', 'x/./y/..//../a.txt']) {
      expect((await resolveInside(t.ws, p)).rel, p).toBe('a.txt')
      const file = await openForRead(t.ws, p)
      expect(file.rel).toBe('a.txt')
      await file.handle.close()
    }
  })

  it('refuses a climbing path before reading the disk: even a missing workspace answers the climb', async () => {
    const gone = path.join(t.base, 'gone')
    await expectCoded(resolveInside(gone, '../outside/secret.txt'), OUT, 403, 'climbs out')
    await expectCoded(resolveInside(gone, 'a.txt'), 'FILE_NOT_FOUND', 404, 'workspace folder does not exist')
  })

  it('refuses absolute paths outside the root', async () => {
    await expectCoded(resolveInside(t.ws, '/etc/passwd'), OUT, 403, 'Absolute paths must point inside the workspace')
    await expectCoded(resolveInside(t.ws, path.join(t.out, 'secret.txt')), OUT, 403, 'use a path relative to the workspace root')
    await expectCoded(resolveInside(t.ws, `${t.ws}/../outside/secret.txt`), OUT, 403, 'Absolute paths')
  })

  it('refuses NUL bytes', async () => {
    await expectCoded(resolveInside(t.ws, 'a.txt\0.png'), OUT, 403, 'Path contains a NUL byte')
  })

  it('never shows absolute server paths in messages', async () => {
    const err = await expectCoded(resolveInside(t.ws, path.join(os.tmpdir(), 'zz')), OUT, 403, 'Absolute paths')
    expect(err.message).not.toContain(t.base)
  })
})
