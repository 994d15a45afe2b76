/**
 * After the guard has checked a path, its folders are reached one by one without following a
 * link (checked-dir.ts, tree.ts). A folder swapped for a link meanwhile must be refused with the
 * same answer whether or not the place it points to exists: otherwise the answer is an oracle on
 * host paths, and for removal it would empty the folder the link points to.
 */
import { spawn } from 'node:child_process'
import { promises as fs, renameSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lstatBeneath, openFolderBeneath, removeBeneath, walkBeneath } from '../../src/workspace/index.js'
import { exists, expectCoded, makeTree, type Tree } from './helpers.js'

let t: Tree
beforeEach(async () => {
  t = await makeTree()
  await fs.mkdir(path.join(t.out, 'sub'))
})
afterEach(async () => {
  await t.cleanup()
})

/** `ws/d` becomes a link to the outside folder, as if swapped after the guard checked `d/<name>`. */
const swapInLink = () => fs.symlink(t.out, path.join(t.ws, 'd'))

describe('reaching a checked path', () => {
  it('answers the same refusal for a swapped folder whether the outside name exists or not', async () => {
    await swapInLink()
    for (const name of ['secret.txt', 'missing.txt', 'sub', 'sub/missing']) {
      await expectCoded(lstatBeneath(t.ws, path.join(t.ws, 'd', name), `d/${name}`), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
      await expectCoded(openFolderBeneath(t.ws, path.join(t.ws, 'd', name)), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    }
  })

  it('refuses a link at the last step too, and a link to a folder inside the workspace', async () => {
    await fs.mkdir(path.join(t.ws, 'real'))
    await fs.symlink('real', path.join(t.ws, 'alias'))
    await fs.symlink('a.txt', path.join(t.ws, 'a.link'))
    await expectCoded(lstatBeneath(t.ws, path.join(t.ws, 'a.link'), 'a.link'), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    await expectCoded(openFolderBeneath(t.ws, path.join(t.ws, 'alias')), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    await expectCoded(lstatBeneath(t.ws, path.join(t.ws, 'alias', 'x'), 'alias/x'), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    // opened whole, alias/sub is a real folder (real/sub): kept only where no link led, so refused here too
    await fs.mkdir(path.join(t.ws, 'real', 'sub'))
    await expectCoded(openFolderBeneath(t.ws, path.join(t.ws, 'alias', 'sub')), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    const real = await openFolderBeneath(t.ws, path.join(t.ws, 'real', 'sub'))
    expect(real.real).toBe(path.join(t.ws, 'real', 'sub'))
    await real.close()
  })

  it('positive control: real folders and files are reached; missing ones are named by the caller’s path', async () => {
    await fs.mkdir(path.join(t.ws, 'd', 'e'), { recursive: true })
    await fs.writeFile(path.join(t.ws, 'd', 'e', 'f.txt'), 'hi')
    expect((await lstatBeneath(t.ws, path.join(t.ws, 'd', 'e', 'f.txt'), 'd/e/f.txt')).size).toBe(2)
    expect((await lstatBeneath(t.ws, t.ws, '.')).isDirectory()).toBe(true)
    const dir = await openFolderBeneath(t.ws, path.join(t.ws, 'd', 'e'))
    expect(await fs.readFile(dir.at('f.txt'), 'utf8')).toBe('hi')
    await dir.close()
    await expectCoded(lstatBeneath(t.ws, path.join(t.ws, 'd', 'nope.txt'), 'd/nope.txt'), 'FILE_NOT_FOUND', 404, 'd/nope.txt')
    await expectCoded(openFolderBeneath(t.ws, path.join(t.ws, 'd', 'e', 'f.txt'), { rel: 'my/f' }), 'INVALID_REQUEST', 400, 'my/f is not a folder')
  })

  it('creates missing folders level by level, and nothing where a link in the way leads', async () => {
    await swapInLink()
    await expectCoded(openFolderBeneath(t.ws, path.join(t.ws, 'd', 'new'), { create: true }), 'PATH_OUTSIDE_WORKSPACE', 403, 'symbolic link')
    expect(await exists(path.join(t.out, 'new'))).toBe(false)
    const made = await openFolderBeneath(t.ws, path.join(t.ws, 'x', 'y'), { create: true })
    await made.close()
    expect((await fs.stat(path.join(t.ws, 'x', 'y'))).isDirectory()).toBe(true)
  })
})

/** A tree `ws/tree/{a.txt, sub/{b.txt, deep/c.txt}}`, opened at `ws`. */
async function makeInnerTree() {
  const tree = path.join(t.ws, 'tree')
  await fs.mkdir(path.join(tree, 'sub', 'deep'), { recursive: true })
  await fs.writeFile(path.join(tree, 'a.txt'), 'a')
  await fs.writeFile(path.join(tree, 'sub', 'b.txt'), 'b')
  await fs.writeFile(path.join(tree, 'sub', 'deep', 'c.txt'), 'c')
  return openFolderBeneath(t.ws, t.ws)
}

describe('walking and removing a tree', () => {
  it('lists every entry, depth first, through the folders it opened', async () => {
    const root = await makeInnerTree()
    const seen: string[] = []
    expect(await walkBeneath(root, 'tree', 'tree', (rel) => (seen.push(rel), false))).toBe(false)
    await root.close()
    expect(seen.sort()).toEqual(['tree/a.txt', 'tree/sub', 'tree/sub/b.txt', 'tree/sub/deep', 'tree/sub/deep/c.txt'])
  })

  it('refuses a folder swapped for a link between listing and descending, showing nothing outside', async () => {
    const root = await makeInnerTree()
    const seen: string[] = []
    const walk = walkBeneath(root, 'tree', 'tree', (rel) => {
      seen.push(rel)
      if (rel === 'tree/sub') {
        renameSync(path.join(t.ws, 'tree', 'sub'), path.join(t.ws, 'tree', 'sub.moved'))
        symlinkSync(t.out, path.join(t.ws, 'tree', 'sub'))
      }
      return false
    })
    await expectCoded(walk, 'PATH_OUTSIDE_WORKSPACE', 403, 'tree/sub changed')
    await root.close()
    expect(seen.some((rel) => rel.includes('secret'))).toBe(false)
  })

  it('removes a tree, and a link in it as a link, leaving what it points to', async () => {
    const root = await makeInnerTree()
    await fs.symlink(t.out, path.join(t.ws, 'tree', 'sub', 'out'))
    await removeBeneath(root, 'tree', 'tree')
    await root.close()
    expect(await exists(path.join(t.ws, 'tree'))).toBe(false)
    expect(await fs.readFile(path.join(t.out, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET')
  })

  it('never empties an outside folder while another process swaps a folder of the tree for a link to it', async () => {
    const victims = ['v1.txt', 'v2.txt', 'v3.txt']
    for (const v of victims) await fs.writeFile(path.join(t.out, v), v)
    // The swapper flips tree/sub between a real folder and a link to the outside folder, by rename(2).
    const swap = [
      'import os, sys',
      'sub, out = sys.argv[1], sys.argv[2]',
      'd, l = sub + ".d", sub + ".l"',
      'while True:',
      '    try:',
      '        if not os.path.lexists(d): os.mkdir(d); open(d + "/x", "w").close()',
      '        if not os.path.lexists(l): os.symlink(out, l)',
      '        os.rename(d, sub); os.rename(sub, d); os.rename(l, sub); os.rename(sub, l)',
      '    except OSError: pass',
    ].join('\n')
    const swapper = spawn('python3', ['-c', swap, path.join(t.ws, 'tree', 'sub'), t.out], { stdio: 'ignore' })
    let removed = 0
    let refused = 0
    try {
      const until = Date.now() + 1500
      while (Date.now() < until) {
        await fs.mkdir(path.join(t.ws, 'tree'), { recursive: true })
        await fs.writeFile(path.join(t.ws, 'tree', 'a.txt'), 'a')
        const root = await openFolderBeneath(t.ws, t.ws)
        await removeBeneath(root, 'tree', 'tree').then(
          () => removed++,
          () => refused++,
        )
        await root.close()
      }
    } finally {
      swapper.kill('SIGKILL')
    }
    expect(removed + refused).toBeGreaterThan(10)
    for (const v of victims) expect(await fs.readFile(path.join(t.out, v), 'utf8')).toBe(v)
    expect(await exists(path.join(t.out, 'secret.txt'))).toBe(true)
  })
})

describe('lstat of many paths', () => {
  it('reaches each through its folders, opened once in order, and gives null through a link or where missing', async () => {
    const { lstatEachBeneath } = await import('../../src/workspace/index.js')
    for (const [rel, text] of [
      ['a/x.txt', 'x'],
      ['a-b/y.txt', 'yy'],
      ['a/b/z.txt', 'zzz'],
      ['top.txt', 'tttt'],
    ]) {
      await fs.mkdir(path.dirname(path.join(t.ws, rel)), { recursive: true })
      await fs.writeFile(path.join(t.ws, rel), text)
    }
    await fs.symlink(t.out, path.join(t.ws, 'dl'))
    const rels = ['a/x.txt', 'a-b/y.txt', 'a/b/z.txt', 'top.txt', 'dl/secret.txt', 'missing/q', 'a/gone.txt']
    const sizes = await lstatEachBeneath(t.ws, rels, (st) => st.size)
    expect(rels.map((r) => sizes.get(r) ?? null)).toEqual([1, 2, 3, 4, null, null, null])
  })
})

describe('edges', () => {
  it('reads at most the limit, however much the file grew since it was opened', async () => {
    const { openForRead, readUpTo, readWithin } = await import('../../src/workspace/index.js')
    await fs.writeFile(path.join(t.ws, 'grows.txt'), 'x'.repeat(10))
    const file = await openForRead(t.ws, 'grows.txt', { maxBytes: 50 })
    try {
      await fs.appendFile(path.join(t.ws, 'grows.txt'), 'y'.repeat(90)) // after the size check at open
      expect(await readUpTo(file.handle, 50)).toBeNull()
      await expectCoded(readWithin(file.handle, 50, 'grows.txt'), 'FILE_TOO_LARGE', 413, 'grows.txt grew past the limit of 50 bytes')
      expect((await readWithin(file.handle, 100, 'grows.txt')).toString()).toBe(`${'x'.repeat(10)}${'y'.repeat(90)}`)
      // sized by the stat taken at open (10 bytes): the rest is still read, and still capped
      expect(await readUpTo(file.handle, 50, file.stat.size)).toBeNull()
      expect((await readUpTo(file.handle, 100, file.stat.size))?.toString()).toBe(`${'x'.repeat(10)}${'y'.repeat(90)}`)
      expect((await readUpTo(file.handle, 1 << 20, 70_000))?.length).toBe(100) // a size larger than the file
      await fs.appendFile(path.join(t.ws, 'grows.txt'), 'z'.repeat(100_000)) // past a 64 KiB chunk
      const all = await readUpTo(file.handle, 1 << 20, file.stat.size)
      expect([all?.length, all?.subarray(-1).toString(), all?.subarray(99, 101).toString()]).toEqual([100_100, 'z', 'yz'])
    } finally {
      await file.handle.close()
    }
  })

  it('a write to the workspace root itself is a 400 naming it, not a refusal about links', async () => {
    const { writeFileInside, appendInside } = await import('../../src/workspace/index.js')
    for (const p of ['.', t.ws]) {
      await expectCoded(writeFileInside(t.ws, p, 'x'), 'INVALID_REQUEST', 400, 'workspace root')
      await expectCoded(appendInside(t.ws, p, 'x'), 'INVALID_REQUEST', 400, 'workspace root')
    }
  })
})
