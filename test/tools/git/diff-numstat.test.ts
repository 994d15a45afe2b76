/**
 * git_diff reads numstat and patch from one run (`--numstat -z --patch`): split, they are what two
 * runs of git give, for renames, binary files, mode changes and names with tabs and newlines.
 */
import { execFileSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { splitNumstat as splitChunks } from '../../../src/tools/git/diff.js'
import { git, makeRepo } from './helpers.js'

let base: string
let repo: string
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-numstat-'))
  repo = await makeRepo(path.join(base, 'r'))
})
afterAll(() => fs.rm(base, { recursive: true, force: true }))

/** The split with its patch joined, of the text whole or cut into chunks of `size` characters (as git's output is read). */
async function splitNumstat(text: string, size = text.length) {
  const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size))
  const split = await splitChunks(chunks)
  return { ...split, patch: split.patch.text }
}

const diff = (...args: string[]) => execFileSync('git', ['diff', '--no-color', ...args], { cwd: repo, encoding: 'utf8' })
/** The oracle: numstat and patch from two runs, parsed the plain way. */
function twoRuns(rev: string) {
  const recs = diff('--numstat', '-z', rev).split('\0')
  const files: string[] = []
  const renamedFrom: string[] = []
  let insertions = 0
  let deletions = 0
  for (let i = 0; i < recs.length; i++) {
    const [, ins, del, name] = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(recs[i]) ?? []
    if (name === undefined) continue
    insertions += ins === '-' ? 0 : Number(ins)
    deletions += del === '-' ? 0 : Number(del)
    if (name === '') renamedFrom.push(recs[i + 1])
    files.push(name === '' ? recs[(i += 2)] : name)
  }
  return { insertions, deletions, files, touched: [...renamedFrom, ...files], patch: diff(rev) }
}

describe('git diff --numstat -z --patch, split', () => {
  it('is the two runs it replaces, for every kind of change', async () => {
    await fs.writeFile(path.join(repo, 'README.md'), 'hello\nWORLD\nmore\n')
    git(repo, 'mv', 'src/app.txt', 'src/renamed app.txt')
    await fs.writeFile(path.join(repo, 'bin.dat'), Buffer.from([0, 1, 2, 0, 255]))
    await fs.writeFile(path.join(repo, 'tab\tand\nnewline.txt'), 'odd name\n')
    await fs.writeFile(path.join(repo, 'run.sh'), 'echo\n')
    git(repo, 'add', '-A')
    git(repo, 'commit', '-q', '-m', 'third')
    await fs.chmod(path.join(repo, 'run.sh'), 0o755)
    await fs.writeFile(path.join(repo, 'bin.dat'), Buffer.from([0, 9, 9, 0]))
    for (const rev of ['HEAD', 'HEAD~1', 'HEAD~2']) {
      const text = diff('--numstat', '-z', '--patch', rev)
      const one = await splitNumstat(text)
      expect(one, rev).toEqual(twoRuns(rev))
      // Chunks cut anywhere, a record or a NUL across two of them, read the same.
      for (const size of [1, 2, 7, 64]) expect(await splitNumstat(text, size), `${rev} in chunks of ${size}`).toEqual(one)
      expect(one.files.length, rev).toBeGreaterThan(0)
    }
    expect((await splitNumstat(diff('--numstat', '-z', '--patch', 'HEAD~1'))).files).toContain('tab\tand\nnewline.txt')
  })

  it('200,000 files: all counted (one push of them all overflowed the stack: a 500)', async () => {
    const numstat = `${Array.from({ length: 200_000 }, (_, i) => `1\t0\tf${i}`).join('\0')}\0`
    const split = await splitNumstat(`${numstat}diff --git a/f0 b/f0\n`)
    expect(split).toMatchObject({ insertions: 200_000, deletions: 0, patch: 'diff --git a/f0 b/f0\n' })
    expect(split.files).toHaveLength(200_000)
    expect(split.touched).toHaveLength(200_000)
  })

  it('no changes: nothing on either side', async () => {
    expect(await splitNumstat('')).toEqual({ insertions: 0, deletions: 0, files: [], touched: [], patch: '' })
  })

  it('a patch right after the last record, with no empty record between, is kept whole', async () => {
    expect(await splitNumstat('1\t0\tx\0diff --git a/x b/x\n+a\n')).toEqual({
      insertions: 1,
      deletions: 0,
      files: ['x'],
      touched: ['x'],
      patch: 'diff --git a/x b/x\n+a\n',
    })
  })
})
