/**
 * Absolute paths are inside only when spelt with the root or a registered spelling of a server
 * root, read lexically: host links that lead into the workspace (`/proc/self/cwd`, another app's
 * link) are refused, never followed, so a refusal tells nothing about the host.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerRootSpelling, relInside, resolveInside, writeFileInside } from '../../src/workspace/index.js'
import { exists, expectCoded, makeTree, type Tree } from './helpers.js'

const OUT = 'PATH_OUTSIDE_WORKSPACE'
const ABS = 'Absolute paths must point inside'

let t: Tree
const releases: (() => void)[] = []
beforeEach(async () => {
  t = await makeTree()
})
afterEach(async () => {
  for (const release of releases.splice(0)) release()
  await t.cleanup()
})

describe('host paths that lead into the workspace are refused', () => {
  it('/proc/self/cwd, /proc/<pid>/cwd and /proc/self/root/<root>', async () => {
    const before = process.cwd()
    process.chdir(t.ws)
    try {
      // They do lead in: following them would tell the caller the server's pid and cwd.
      expect(await fs.realpath('/proc/self/cwd')).toBe(t.ws)
      const spellings = ['/proc/self/cwd', `/proc/${process.pid}/cwd`, `/proc/self/root${t.ws}`]
      for (const p of spellings) {
        expect(await fs.readFile(path.join(p, 'a.txt'), 'utf8')).toBe('hello')
        await expectCoded(resolveInside(t.ws, path.join(p, 'a.txt')), OUT, 403, ABS)
        await expectCoded(relInside(t.ws, path.join(p, 'a.txt')), OUT, 403, ABS)
        await expectCoded(writeFileInside(t.ws, path.join(p, 'new.txt'), 'x'), OUT, 403, ABS)
      }
      expect(await exists(path.join(t.ws, 'new.txt'))).toBe(false)
      expect((await resolveInside(t.ws, path.join(t.ws, 'a.txt'))).rel).toBe('a.txt')
    } finally {
      process.chdir(before)
    }
  })
})

describe('registered spellings of a server root', () => {
  it("maps a spelling lexically, without looking the spelling's path up", async () => {
    releases.push(registerRootSpelling('/nonexistent-toolgate/spelt', t.ws))
    expect((await resolveInside(t.ws, '/nonexistent-toolgate/spelt/a.txt')).rel).toBe('a.txt')
    expect(await relInside(t.ws, '/nonexistent-toolgate/spelt')).toBe('.')
    await expectCoded(resolveInside(t.ws, '/nonexistent-toolgate/spelt/../a.txt'), OUT, 403, ABS)
  })

  it("refuses another app's registered spelling that maps outside this workspace", async () => {
    const other = await makeTree()
    try {
      const otherLink = path.join(other.base, 'link')
      await fs.symlink(other.ws, otherLink)
      releases.push(registerRootSpelling(otherLink, other.ws))
      await expectCoded(resolveInside(t.ws, path.join(otherLink, 'a.txt')), OUT, 403, ABS)
      await expectCoded(relInside(t.ws, otherLink), OUT, 403, ABS)
      expect((await resolveInside(other.ws, path.join(otherLink, 'a.txt'))).real).toBe(path.join(other.ws, 'a.txt'))
    } finally {
      await other.cleanup()
    }
  })

  it("accepts a spelling of the server root for a key's folder below it, and only that folder", async () => {
    const link = path.join(t.base, 'link')
    await fs.symlink(t.base, link) // the server root is `base`; the key's folder is `base/ws`
    releases.push(registerRootSpelling(link, t.base))
    expect((await resolveInside(t.ws, path.join(link, 'ws', 'a.txt'))).rel).toBe('a.txt')
    await expectCoded(resolveInside(t.ws, path.join(link, 'outside', 'secret.txt')), OUT, 403, ABS)
  })

  it('is refused again once released', async () => {
    const link = path.join(t.base, 'link')
    await fs.symlink(t.ws, link)
    const release = registerRootSpelling(link, t.ws)
    expect((await resolveInside(t.ws, path.join(link, 'a.txt'))).rel).toBe('a.txt')
    release()
    await expectCoded(resolveInside(t.ws, path.join(link, 'a.txt')), OUT, 403, ABS)
    await expectCoded(relInside(t.ws, link), OUT, 403, ABS)
  })

  it('never registers `/` or a parent of the root, which would move every absolute path inside', () => {
    for (const spelt of ['/', '//', t.base, path.dirname(t.base)]) {
      expect(() => registerRootSpelling(spelt, t.ws), spelt).toThrow(/cannot be registered/)
    }
    registerRootSpelling(path.join(t.base, 'elsewhere'), t.ws)() // positive control: a sibling name registers (and is released)
  })
})

describe('relInside and resolveInside answer alike', () => {
  it('refuse a NUL byte, however the path is spelt', async () => {
    for (const p of ['a.txt\0', `${t.ws}/a.txt\0`, '\0']) {
      await expectCoded(relInside(t.ws, p), OUT, 403, 'NUL byte')
      await expectCoded(resolveInside(t.ws, p), OUT, 403, 'NUL byte')
    }
    expect(await relInside(t.ws, `${t.ws}/a.txt`)).toBe('a.txt') // positive control
  })
})
