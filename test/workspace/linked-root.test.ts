/**
 * A workspace reached through a symbolic link (TOOLGATE_WORKSPACE is a link, as /tmp is on
 * macOS). The app hands tools the real root and registers the link as a spelling of it, so these
 * tests do too: absolute paths spelt with the link are inside, also for a key's subfolder; any
 * other link that leads in is refused, never followed; whatever resolves outside stays refused,
 * with the same answer whether or not the outside path exists.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerRootSpelling, relInside, resolveInside, writeFileInside } from '../../src/workspace/index.js'
import { exists, expectCoded, makeTree, type Tree } from './helpers.js'

const OUT = 'PATH_OUTSIDE_WORKSPACE'
const ABS = 'Absolute paths must point inside'

let t: Tree
/** `base/link` → `base/ws` (the real root). */
let link: string
let release: () => void
beforeEach(async () => {
  t = await makeTree()
  link = path.join(t.base, 'link')
  await fs.symlink(t.ws, link)
  release = registerRootSpelling(link, t.ws) // as the app does for a linked TOOLGATE_WORKSPACE
  await fs.mkdir(path.join(t.ws, 'sub'))
  await fs.writeFile(path.join(t.ws, 'sub', 'f.txt'), 'in sub')
})
afterEach(async () => {
  release()
  await t.cleanup()
})

describe('linked root: the link spelling is inside', () => {
  it('accepts the link spelling and the real one alike, for files, folders and the root', async () => {
    for (const root of [link, t.ws]) {
      expect(await resolveInside(t.ws, path.join(root, 'a.txt'))).toMatchObject({ rel: 'a.txt', real: path.join(t.ws, 'a.txt') })
      expect((await resolveInside(t.ws, path.join(root, 'sub'))).rel).toBe('sub')
      expect((await resolveInside(t.ws, root)).rel).toBe('.')
      expect((await resolveInside(t.ws, `${root}/`)).rel).toBe('.')
      expect((await resolveInside(t.ws, `${root}/sub/../a.txt`)).rel).toBe('a.txt')
    }
  })

  it('writes a new file in a new folder named through the link', async () => {
    const r = await resolveInside(t.ws, path.join(link, 'new/deep/x.txt'), { allowMissing: true })
    expect(r).toMatchObject({ rel: 'new/deep/x.txt', real: null, target: path.join(t.ws, 'new/deep/x.txt') })
    const done = await writeFileInside(t.ws, path.join(link, 'w.txt'), 'written')
    expect(done.rel).toBe('w.txt')
    expect(await fs.readFile(path.join(t.ws, 'w.txt'), 'utf8')).toBe('written')
  })

  it('refuses a chain of links to the root, relative and absolute: only registered spellings count', async () => {
    await fs.symlink('link', path.join(t.base, 'link2'))
    await fs.symlink(path.join(t.base, 'link2'), path.join(t.base, 'link3'))
    for (const l of ['link2', 'link3']) {
      await expectCoded(resolveInside(t.ws, path.join(t.base, l, 'sub', 'f.txt')), OUT, 403, ABS)
      await expectCoded(relInside(t.ws, path.join(t.base, l, 'sub', 'f.txt')), OUT, 403, ABS)
    }
    for (const root of [link, t.ws]) expect((await resolveInside(t.ws, path.join(root, 'sub', 'f.txt'))).rel).toBe('sub/f.txt')
  })

  it('keeps the rest of the path as written, so a link inside is named, not its target', async () => {
    await fs.symlink('sub/f.txt', path.join(t.ws, 'lf'))
    expect(await resolveInside(t.ws, path.join(link, 'lf'))).toMatchObject({ rel: 'lf', targetRel: 'sub/f.txt' })
    expect(await relInside(t.ws, path.join(link, 'lf'))).toBe('lf')
    expect(await relInside(t.ws, link)).toBe('.')
  })
})

describe('linked root: a key confined to a subfolder', () => {
  const keyRoot = () => path.join(t.ws, 'sub')

  it('accepts its folder spelt through the linked server root', async () => {
    expect((await resolveInside(keyRoot(), path.join(link, 'sub', 'f.txt'))).rel).toBe('f.txt')
    expect((await resolveInside(keyRoot(), path.join(link, 'sub'))).rel).toBe('.')
    expect((await resolveInside(keyRoot(), path.join(t.ws, 'sub', 'f.txt'))).rel).toBe('f.txt')
  })

  it('refuses the rest of the server workspace, however it is spelt', async () => {
    for (const p of [path.join(link, 'a.txt'), path.join(t.ws, 'a.txt'), `${link}/sub/../a.txt`, link, `${link}/sub/..`]) {
      await expectCoded(resolveInside(keyRoot(), p), OUT, 403, ABS)
    }
    await expectCoded(resolveInside(keyRoot(), '../a.txt'), OUT, 403, 'climbs out')
  })

  it('refuses a link in the server root that leads into the key folder: it is not followed', async () => {
    await fs.symlink('sub', path.join(t.ws, 'to-sub'))
    for (const root of [link, t.ws]) {
      await expectCoded(resolveInside(keyRoot(), path.join(root, 'to-sub', 'f.txt')), OUT, 403, ABS)
      expect((await resolveInside(keyRoot(), path.join(root, 'sub', 'f.txt'))).rel).toBe('f.txt')
    }
    await expectCoded(resolveInside(keyRoot(), path.join(link, 'a.txt')), OUT, 403, ABS)
  })
})

describe('linked root: what resolves outside stays refused', () => {
  it('refuses `..` through the link, to the outside and to a prefix sibling', async () => {
    const evil = `${t.ws}_evil`
    await fs.mkdir(evil)
    await fs.writeFile(path.join(evil, 'x.txt'), 'evil')
    for (const p of [`${link}/../outside/secret.txt`, `${link}/../ws_evil/x.txt`, `${link}/..`, `${link}_evil/x.txt`, `${link}/../link/../outside`]) {
      await expectCoded(resolveInside(t.ws, p), OUT, 403, ABS)
    }
  })

  it('refuses links inside the workspace that point out, named through the link', async () => {
    await fs.symlink(t.out, path.join(t.ws, 'ldir'))
    await fs.symlink(path.join(t.out, 'secret.txt'), path.join(t.ws, 'lfile'))
    await fs.symlink(path.join(t.out, 'made.txt'), path.join(t.ws, 'dangling'))
    await expectCoded(resolveInside(t.ws, path.join(link, 'ldir', 'secret.txt')), OUT, 403, 'passes through, a symbolic link')
    await expectCoded(resolveInside(t.ws, path.join(link, 'lfile')), OUT, 403, 'passes through, a symbolic link')
    await expectCoded(writeFileInside(t.ws, path.join(link, 'dangling'), 'pwned'), OUT, 403, 'points outside')
    await expectCoded(writeFileInside(t.ws, path.join(link, 'ldir', 'new.txt'), 'pwned'), OUT, 403, 'points outside')
    expect(await exists(path.join(t.out, 'made.txt'))).toBe(false)
    expect(await exists(path.join(t.out, 'new.txt'))).toBe(false)
  })

  it('refuses outside links whose target passes through the root and climbs back out', async () => {
    await fs.symlink(`${t.ws}/../outside`, path.join(t.base, 'through'))
    await fs.symlink(`${t.ws}/sub/../..`, path.join(t.base, 'up'))
    await expectCoded(resolveInside(t.ws, path.join(t.base, 'through', 'secret.txt')), OUT, 403, ABS)
    await expectCoded(resolveInside(t.ws, path.join(t.base, 'up', 'outside', 'secret.txt')), OUT, 403, ABS)
  })

  it('refuses outside links that lead in, directly or through another folder and back: none is followed', async () => {
    await fs.symlink(t.ws, path.join(t.out, 'into'))
    await fs.symlink('outside/../ws', path.join(t.base, 'back'))
    await fs.symlink(`${t.out}/../ws`, path.join(t.base, 'abs-back'))
    for (const p of [path.join(t.out, 'into'), path.join(t.base, 'back'), path.join(t.base, 'abs-back')]) {
      await expectCoded(resolveInside(t.ws, path.join(p, 'a.txt')), OUT, 403, ABS)
      await expectCoded(writeFileInside(t.ws, path.join(p, 'new.txt'), 'x'), OUT, 403, ABS)
    }
    expect(await exists(path.join(t.ws, 'new.txt'))).toBe(false)
    for (const root of [link, t.ws]) expect((await resolveInside(t.ws, path.join(root, 'a.txt'))).rel).toBe('a.txt')
  })

  it('answers the same for outside paths that exist, do not, loop or cannot be read', async () => {
    await fs.symlink('loop2', path.join(t.base, 'loop1'))
    await fs.symlink('loop1', path.join(t.base, 'loop2'))
    const shut = path.join(t.base, 'shut')
    await fs.mkdir(shut, { mode: 0o000 })
    const answers = new Set<string>()
    try {
      for (const p of [path.join(t.out, 'secret.txt'), path.join(t.out, 'nope.txt'), path.join(t.base, 'loop1', 'x'), path.join(shut, 'x'), '/etc/passwd']) {
        answers.add((await expectCoded(resolveInside(t.ws, p), OUT, 403, ABS)).message)
      }
    } finally {
      await fs.chmod(shut, 0o700) // so that cleanup can remove it
    }
    expect(answers.size).toBe(1)
  })

  it('refuses a name that is missing before it reaches the root', async () => {
    await expectCoded(resolveInside(t.ws, path.join(t.base, 'gone', 'ws', 'a.txt'), { allowMissing: true }), OUT, 403, ABS)
  })
})
