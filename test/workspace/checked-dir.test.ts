/**
 * Entries are created inside the folder that was checked, not where a folder swapped for a link
 * meanwhile leads (another key's shell can swap folders in a workspace it shares).
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openCheckedDir } from '../../src/workspace/checked-dir.js'
import { mkdirInside } from '../../src/workspace/index.js'
import { exists, expectCoded, makeTree, type Tree } from './helpers.js'

let t: Tree
beforeEach(async () => {
  t = await makeTree()
})
afterEach(async () => {
  await t.cleanup()
})

describe('checked folders', () => {
  it('creates in the folder that was opened, though it is swapped for a link to the outside before', async () => {
    const dir = path.join(t.ws, 'sub')
    await fs.mkdir(dir)
    const folder = await openCheckedDir(dir, dir, 'sub')
    try {
      await fs.rename(dir, path.join(t.ws, 'sub.moved'))
      await fs.symlink(t.out, dir)
      await fs.writeFile(folder.at('new.txt'), 'x', { flag: 'wx' })
      await fs.mkdir(folder.at('newdir'))
    } finally {
      await folder.close()
    }
    expect(await exists(path.join(t.out, 'new.txt'))).toBe(false)
    expect(await exists(path.join(t.out, 'newdir'))).toBe(false)
    expect(await exists(path.join(t.ws, 'sub.moved', 'new.txt'))).toBe(true)
    expect(await exists(path.join(t.ws, 'sub.moved', 'newdir'))).toBe(true)
  })

  it('refuses a folder that is, or passes through, a link', async () => {
    await fs.symlink(t.out, path.join(t.ws, 'out'))
    await expectCoded(openCheckedDir(path.join(t.ws, 'out'), path.join(t.ws, 'out'), 'out'), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    await fs.mkdir(path.join(t.ws, 'real'))
    await fs.symlink('real', path.join(t.ws, 'alias'))
    await expectCoded(openCheckedDir(path.join(t.ws, 'alias', '.'), path.join(t.ws, 'alias'), 'alias'), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
  })

  it('mkdirInside creates nothing where a link in the way leads', async () => {
    await fs.symlink(t.out, path.join(t.ws, 'd'))
    await expectCoded(mkdirInside(t.ws, path.join(t.ws, 'd', 'e', 'f')), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    expect(await exists(path.join(t.out, 'e'))).toBe(false)
    // positive control: real folders are created level by level
    await mkdirInside(t.ws, path.join(t.ws, 'x', 'y', 'z'))
    expect((await fs.stat(path.join(t.ws, 'x', 'y', 'z'))).isDirectory()).toBe(true)
  })
})
