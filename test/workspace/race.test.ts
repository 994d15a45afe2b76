/**
 * A key's shell can swap a folder of the workspace for a link to a host path while a file tool
 * works on it. Whatever the timing, the answer may depend only on the workspace: here `ws/d` and
 * `ws/dl` (a link to the outside folder) are exchanged in a tight loop, and every outcome seen is
 * one the workspace alone explains (done, or refused as changed), whether or not the outside holds
 * the name asked for. Each run also sees both outcomes: the race did happen.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openFolderBeneath, openForRead, resolveInside, writeFileInside } from '../../src/workspace/index.js'
import { newestFirst } from '../../src/tools/search/engine/find-files.js'
import { parentIgnoreRules } from '../../src/tools/search/engine/parent-ignores.js'
import { expectCoded, makeTree, outcomesOver, startSwapper, type Tree } from './helpers.js'

let t: Tree
let stop: () => Promise<void> = async () => {}
beforeEach(async () => {
  t = await makeTree()
  await fs.mkdir(path.join(t.ws, 'd'))
  await fs.symlink(t.out, path.join(t.ws, 'dl'))
})
afterEach(async () => {
  await stop()
  await t.cleanup()
})

const RACE_MS = 700

/** Outcomes of `fn` while `d` and the link `dl` swap places. */
async function underRace(fn: () => Promise<unknown>): Promise<string[]> {
  stop = await startSwapper(path.join(t.ws, 'd'), path.join(t.ws, 'dl'))
  const counts = await outcomesOver(RACE_MS, fn, (seen) => seen.size > 1)
  await stop()
  return [...counts.keys()].sort()
}

describe('a folder swapped for a link while a tool uses it', () => {
  it('Read: done or refused, never "not found", though the outside lacks the file', async () => {
    await fs.writeFile(path.join(t.ws, 'd', 'f.txt'), 'inside')
    const seen = await underRace(async () => (await openForRead(t.ws, 'd/f.txt')).handle.close())
    expect(seen).toEqual(['PATH_OUTSIDE_WORKSPACE', 'ok'])
  })

  it('a new file under a name that is a file outside: done or refused, never "is a file"', async () => {
    await fs.writeFile(path.join(t.out, 'x'), 'a file outside')
    const seen = await underRace(() => resolveInside(t.ws, 'd/x/new', { allowMissing: true }))
    expect(seen).toEqual(['PATH_OUTSIDE_WORKSPACE', 'ok'])
  })

  it('writing HEAD beside an outside objects/ folder: never refused as a git directory', async () => {
    await fs.mkdir(path.join(t.out, 'objects'))
    const seen = await underRace(() => writeFileInside(t.ws, 'd/HEAD', 'x'))
    expect(seen).toEqual(['PATH_OUTSIDE_WORKSPACE', 'ok'])
  })

  it('a name below a file that is swapped for a link: not found or refused, never found outside', async () => {
    await fs.rm(path.join(t.ws, 'd'), { recursive: true })
    await fs.writeFile(path.join(t.ws, 'd'), 'a file') // the outside holds secret.txt
    const seen = await underRace(() => resolveInside(t.ws, 'd/secret.txt'))
    expect(seen).toEqual(['FILE_NOT_FOUND', 'PATH_OUTSIDE_WORKSPACE'])
  })

  it('opening the folder itself: done or refused, never a raw error, the outside name missing', async () => {
    await fs.rm(path.join(t.ws, 'dl'))
    await fs.symlink(path.join(t.out, 'PROBE'), path.join(t.ws, 'dl'))
    const seen = await underRace(async () => (await openFolderBeneath(t.ws, path.join(t.ws, 'd'))).close())
    expect(seen).toEqual(['PATH_OUTSIDE_WORKSPACE', 'ok'])
  })
})

describe('what Glob and Grep look at beside rg', () => {
  /** Glob's order of `p` (a link, or in a folder that is one) and `b`, the outside file present or not. */
  async function orderWith(outsidePresent: boolean, spelling: 'final link' | 'folder link'): Promise<string[]> {
    const secret = path.join(t.out, 'secret.txt')
    if (outsidePresent) {
      await fs.writeFile(secret, 'OUTSIDE SECRET')
      await fs.utimes(secret, 5000, 5000)
    } else await fs.rm(secret, { force: true })
    await fs.writeFile(path.join(t.ws, 'b.txt'), 'b')
    await fs.utimes(path.join(t.ws, 'b.txt'), 1000, 1000)
    await fs.rm(path.join(t.ws, 'p.txt'), { force: true })
    await fs.symlink(secret, path.join(t.ws, 'p.txt'))
    await fs.lutimes(path.join(t.ws, 'p.txt'), 500, 500)
    const p = spelling === 'final link' ? 'p.txt' : 'dl/secret.txt'
    return newestFirst(t.ws, [p, 'b.txt'], new AbortController().signal)
  }

  it("sorts by a path's own time, never by where a link (at the name or on the way) leads", async () => {
    for (const spelling of ['final link', 'folder link'] as const) {
      const present = await orderWith(true, spelling)
      expect(present).toEqual(await orderWith(false, spelling))
      expect(present[0]).toBe('b.txt') // the outside file's newer time never counts
    }
  })

  it('reads no .gitignore through a folder that is a link; reads the real folders’ ones', async () => {
    await fs.writeFile(path.join(t.out, '.gitignore'), 'TOP-SECRET-PATTERN\n')
    await fs.mkdir(path.join(t.out, 'b'))
    await expectCoded(parentIgnoreRules(t.ws, 'dl/b'), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    await fs.rm(path.join(t.out, '.gitignore'))
    await expectCoded(parentIgnoreRules(t.ws, 'dl/b'), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    // positive control: a real folder's rules, rebased to it
    await fs.mkdir(path.join(t.ws, 'd', 'e'))
    await fs.writeFile(path.join(t.ws, 'd', '.gitignore'), 'build\n')
    expect(await parentIgnoreRules(t.ws, 'd/e')).toContain('/d/**/build')
  })
})
