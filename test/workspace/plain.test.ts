/**
 * The one-descent path for plain paths (src/workspace/plain.ts): it must open a file on a path
 * without links with its folders opened once, and give way to the full guard on every other path,
 * so that each refusal stays what the full guard answers.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openFolderToRead } from '../../src/tools/fs/support/guard.js'
import { defaultPolicy, openForRead } from '../../src/workspace/index.js'
import { openPlainFolder, plainPath } from '../../src/workspace/plain.js'
import { protectPaths } from '../../src/workspace/protected.js'
import { expectCoded, makeTree, outcomesOver, startSwapper, type Tree } from './helpers.js'

let t: Tree
let stop: () => Promise<void> = async () => {}
beforeEach(async () => {
  t = await makeTree()
  await fs.mkdir(path.join(t.ws, 'a', 'b', 'c'), { recursive: true })
  await fs.writeFile(path.join(t.ws, 'a', 'b', 'c', 'f.txt'), 'inside')
})
afterEach(async () => {
  await stop()
  vi.restoreAllMocks()
  await t.cleanup()
})

const readAll = async (rel: string) => {
  const file = await openForRead(t.ws, rel)
  try {
    return { text: (await file.handle.readFile()).toString(), real: file.real, rel: file.rel }
  } finally {
    await file.handle.close()
  }
}

/** The outcomes of `read` (sorted) while `d` and `dl`, a link to the outside, swap places, and what it returned. */
async function whileSwapped(read: () => Promise<string>): Promise<{ outcomes: string[]; values: string[] }> {
  await fs.symlink(t.out, path.join(t.ws, 'dl'))
  stop = await startSwapper(path.join(t.ws, 'd'), path.join(t.ws, 'dl'))
  const values = new Set<string>()
  const counts = await outcomesOver(
    700,
    async () => values.add(await read()),
    (seen) => seen.size > 1,
  )
  await stop()
  return { outcomes: [...counts.keys()].sort(), values: [...values] }
}

describe('plainPath', () => {
  it('normalises a relative path below the root as the full guard does', () => {
    expect(plainPath(t.ws, 'a/./x/../b//c/f.txt', 'read')).toEqual({ rel: 'a/b/c/f.txt', abs: path.join(t.ws, 'a/b/c/f.txt'), root: t.ws })
    // `..` is lexical in both guards: `lo/../a.txt` names a.txt, wherever `lo` leads
    expect(plainPath(t.ws, 'lo/../a.txt', 'read')?.rel).toBe('a.txt')
  })

  it.each([
    ['absolute', () => path.join(t.ws, 'a.txt')],
    ['empty', () => ''],
    ['the root', () => '.'],
    ['NUL', () => 'a\0.txt'],
    ['climbing out', () => '../outside/secret.txt'],
    ['climbing out and back in', () => '../ws/a.txt'],
    ['climbing out further down', () => 'a/../../outside/secret.txt'],
    ['blocked', () => 'a/.env'],
    ['blocked, upper case', () => 'A/SECRETS/x'],
    ['not a string', () => 42 as unknown as string],
  ])('gives way to the full guard: %s', (_, p) => {
    expect(plainPath(t.ws, p(), 'read')).toBeNull()
  })

  it('gives way for a protected path, and not for its neighbour', () => {
    const release = protectPaths([{ path: path.join(t.ws, 'a', 'b'), kind: 'data' }])
    try {
      expect(plainPath(t.ws, 'a/b/c/f.txt', 'read')).toBeNull()
      expect(plainPath(t.ws, 'a/bb', 'read')).not.toBeNull()
    } finally {
      release()
    }
  })
})

describe('openPlainFolder', () => {
  it('opens a folder whose every step is a folder', async () => {
    const folder = await openPlainFolder(t.ws, path.join(t.ws, 'a', 'b'))
    expect(folder?.real).toBe(path.join(t.ws, 'a', 'b'))
    await folder?.close()
  })

  it.each([
    ['a link to a folder inside', () => fs.symlink(path.join(t.ws, 'a'), path.join(t.ws, 'l')), 'l/b'],
    ['a link to the outside', () => fs.symlink(t.out, path.join(t.ws, 'l')), 'l'],
    ['a relative link on the way', () => fs.symlink('b', path.join(t.ws, 'a', 'lb')), 'a/lb/c'],
    ['a missing folder', async () => undefined, 'a/nope'],
    ['a file', async () => undefined, 'a.txt'],
  ])('is null through %s', async (_, make, rel) => {
    await make()
    expect(await openPlainFolder(t.ws, path.join(t.ws, rel))).toBeNull()
  })

  it('is null when the root itself has been swapped for a link', async () => {
    const moved = `${t.ws}-real`
    await fs.rename(t.ws, moved)
    await fs.symlink(moved, t.ws)
    expect(await openPlainFolder(t.ws, path.join(t.ws, 'a'))).toBeNull()
    await expectCoded(openForRead(t.ws, 'a/b/c/f.txt'), 'PATH_OUTSIDE_WORKSPACE', 403, 'replaced by a symbolic link')
  })
})

describe('openForRead on a plain path', () => {
  it('opens each folder once: the root, a, b, c and the file', async () => {
    const opens = vi.spyOn(fs, 'open')
    expect((await readAll('a/b/c/f.txt')).text).toBe('inside')
    expect(opens).toHaveBeenCalledTimes(5)
  })

  it("answers a missing file in a plain folder in that one descent, with the full guard's words", async () => {
    const opens = vi.spyOn(fs, 'open')
    const err = await expectCoded(openForRead(t.ws, 'a/b/c/none.txt'), 'FILE_NOT_FOUND', 404, 'File not found: a/b/c/none.txt')
    expect(opens).toHaveBeenCalledTimes(4) // the root, a, b, c
    expect((err as { details?: unknown }).details).toEqual({ path: 'a/b/c/none.txt' })
    // a missing folder gives way to the full guard, which answers the same
    await expectCoded(openForRead(t.ws, 'a/nope/none.txt'), 'FILE_NOT_FOUND', 404, 'File not found: a/nope/none.txt')
  })

  it('reads through links that stay inside as before (the full guard), and names the real file', async () => {
    await fs.symlink('a/b', path.join(t.ws, 'lb'))
    await fs.symlink('c/f.txt', path.join(t.ws, 'a', 'b', 'lf'))
    const opens = vi.spyOn(fs, 'open')
    for (const rel of ['lb/c/f.txt', 'a/b/lf', 'lb/lf']) {
      const got = await readAll(rel)
      expect(got).toEqual({ text: 'inside', real: path.join(t.ws, 'a/b/c/f.txt'), rel })
    }
    expect(opens.mock.calls.length).toBeGreaterThan(3 * 5) // more than one descent each: the full guard ran
  })

  it.each([
    ['a folder link to the outside', 'lo/secret.txt', 'PATH_OUTSIDE_WORKSPACE', 403],
    ['a file link to the outside', 'a/ls', 'PATH_OUTSIDE_WORKSPACE', 403],
    ['a link that climbs out', 'a/up/outside/secret.txt', 'PATH_OUTSIDE_WORKSPACE', 403],
    ['a missing file', 'a/b/c/none.txt', 'FILE_NOT_FOUND', 404],
    ['a folder', 'a/b', 'INVALID_REQUEST', 400],
    ['a blocked name', 'a/.env', 'PATH_BLOCKED', 403],
  ])('answers as the full guard does for %s', async (_, rel, code, status) => {
    await fs.symlink(t.out, path.join(t.ws, 'lo'))
    await fs.symlink(path.join(t.out, 'secret.txt'), path.join(t.ws, 'a', 'ls'))
    await fs.symlink('../..', path.join(t.ws, 'a', 'up'))
    await fs.writeFile(path.join(t.ws, 'a', '.env'), 'K=V')
    await expectCoded(openForRead(t.ws, rel), code, status, '')
  })

  it('refuses a FIFO without opening it (the open would wait for a writer)', async () => {
    const fifo = path.join(t.ws, 'a', 'pipe')
    const { execFileSync } = await import('node:child_process')
    execFileSync('mkfifo', [fifo])
    await expectCoded(openForRead(t.ws, 'a/pipe'), 'INVALID_REQUEST', 400, 'not a regular file')
  })

  it('never reads the outside while a folder on the path is swapped for a link to it', async () => {
    await fs.writeFile(path.join(t.out, 'f.txt'), 'OUTSIDE')
    await fs.mkdir(path.join(t.ws, 'd'))
    await fs.writeFile(path.join(t.ws, 'd', 'f.txt'), 'inside')
    const { outcomes, values } = await whileSwapped(async () => (await readAll('d/f.txt')).text)
    expect(outcomes).toEqual(['PATH_OUTSIDE_WORKSPACE', 'ok'])
    expect(values).toEqual(['inside'])
  })
})

describe('openFolderToRead (fs_list)', () => {
  const names = async (rel: string) => {
    const { dir, rel: shown, real } = await openFolderToRead(t.ws, rel, defaultPolicy)
    try {
      return { names: (await fs.readdir(dir.at('.'))).sort(), shown, real }
    } finally {
      await dir.close()
    }
  }

  it('opens a plain folder, and one behind a link inside through the full guard', async () => {
    await fs.symlink('a/b', path.join(t.ws, 'lb'))
    expect(await names('a/b')).toEqual({ names: ['c'], shown: 'a/b', real: path.join(t.ws, 'a/b') })
    expect(await names('lb')).toEqual({ names: ['c'], shown: 'lb', real: path.join(t.ws, 'a/b') })
    await fs.symlink(t.out, path.join(t.ws, 'lo'))
    await expectCoded(names('lo'), 'PATH_OUTSIDE_WORKSPACE', 403, '')
  })

  it('never lists the outside while the folder is swapped for a link to it', async () => {
    await fs.mkdir(path.join(t.ws, 'd'))
    await fs.writeFile(path.join(t.ws, 'd', 'inside.txt'), 'x')
    const { outcomes, values } = await whileSwapped(async () => (await names('d')).names.join(','))
    expect(outcomes).toEqual(['PATH_OUTSIDE_WORKSPACE', 'ok'])
    expect(values).toEqual(['inside.txt'])
  })
})
