/**
 * unifiedDiff: exact output on known cases (the same hunks GNU `diff -u` prints), and on random
 * edits a round trip through the real `patch` tool, which must turn the old text into the new.
 * replacementDiff (Edit's, built from the occurrences): the same text as unifiedDiff of the two
 * whole files on random replacements, and a note instead of the rest past its budget.
 */
import { spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unifiedDiff } from '../../../src/tools/fs/support/diff.js'
import { replacementDiff } from '../../../src/tools/fs/support/replacement-diff.js'

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-diff-'))
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

const hasPatch = spawnSync('patch', ['--version']).status === 0
const hasDiff = spawnSync('diff', ['--version']).status === 0

async function gnuHunks(a: string, b: string): Promise<string> {
  await fs.writeFile(path.join(dir, 'a'), a)
  await fs.writeFile(path.join(dir, 'b'), b)
  const out = spawnSync('diff', ['-u', path.join(dir, 'a'), path.join(dir, 'b')], { encoding: 'utf8' }).stdout
  return out.split('\n').slice(2).join('\n')
}

async function applied(a: string, diff: string): Promise<string> {
  const file = path.join(dir, 'target')
  await fs.writeFile(file, a)
  const r = spawnSync('patch', ['-s', '-f', '--no-backup-if-mismatch', file], { input: diff, encoding: 'utf8' })
  expect(r.status, `${r.stdout}${r.stderr}\n${diff}`).toBe(0)
  return fs.readFile(file, 'utf8')
}

const lines = (n: number, f = (i: number) => `line ${i}`) => Array.from({ length: n }, (_, i) => `${f(i + 1)}\n`).join('')

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n', 'f')).toBe('')
  })

  it('writes one hunk with three lines of context around a change', () => {
    const a = lines(10)
    const b = a.replace('line 5\n', 'line five\n')
    expect(unifiedDiff(a, b, 'src/x.txt')).toBe(
      '--- a/src/x.txt\n+++ b/src/x.txt\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n',
    )
  })

  it.runIf(hasDiff)('prints the same hunks as GNU diff -u on typical edits', async () => {
    const a = lines(40)
    const cases = [
      a.replace('line 1\n', 'first\n'), // at the start
      a.replace('line 40\n', 'last\n'), // at the end
      a.replace('line 10\n', 'x\n').replace('line 30\n', 'y\n'), // two hunks
      a.replace('line 10\n', 'x\n').replace('line 16\n', 'y\n'), // close enough to merge
      a.replace('line 20\n', ''), // a deletion
      a.replace('line 20\n', 'line 20\nnew a\nnew b\n'), // an insertion
      a.replace(/\n$/, ''), // the last newline removed
      `${a}tail without newline`,
      '', // everything removed
    ]
    for (const b of cases) expect(unifiedDiff(a, b, 'f').split('\n').slice(2).join('\n')).toBe(await gnuHunks(a, b))
    expect(unifiedDiff('', 'only\n', 'f').split('\n').slice(2).join('\n')).toBe(await gnuHunks('', 'only\n'))
  })

  it.runIf(hasPatch)('round-trips random edits through patch', async () => {
    let seed = 7
    const r = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    for (let trial = 0; trial < 60; trial++) {
      const n = Math.floor(r() * 60)
      const a = Array.from({ length: n }, () => `w${Math.floor(r() * 8)}`)
      const b = [...a]
      for (let k = Math.floor(r() * 6); k >= 0; k--) {
        const at = Math.floor(r() * (b.length + 1))
        const roll = r()
        if (roll < 0.4) b.splice(at, 1)
        else if (roll < 0.8) b.splice(at, 0, `new${Math.floor(r() * 5)}`)
        else b.splice(at, 1, `changed${k}`)
      }
      const A = a.join('\n') + (r() < 0.8 && n > 0 ? '\n' : '')
      const B = b.join('\n') + (r() < 0.8 && b.length > 0 ? '\n' : '')
      const diff = unifiedDiff(A, B, 'f')
      if (A === B) expect(diff).toBe('')
      else expect(await applied(A, diff)).toBe(B)
    }
  })

  it('falls back to one whole hunk for a rewrite too large to diff line by line, still correct', async () => {
    const a = lines(30_000, (i) => `a${i}`)
    const b = lines(30_000, (i) => `b${i}`)
    const t0 = performance.now()
    const diff = unifiedDiff(a, b, 'big')
    expect(performance.now() - t0).toBeLessThan(5000)
    expect(diff.startsWith('--- a/big\n+++ b/big\n@@ -1,30000 +1,30000 @@\n-a1\n')).toBe(true)
    if (hasPatch) expect(await applied(a, diff)).toBe(b)
  })
})

describe('replacementDiff', () => {
  const signal = new AbortController().signal
  const occurrences = (text: string, s: string) => {
    const at: number[] = []
    for (let i = text.indexOf(s); i !== -1; i = text.indexOf(s, i + s.length)) at.push(i)
    return at
  }

  it('writes what unifiedDiff of the two whole files writes where lines are unique', async () => {
    const text = lines(60)
    for (const [oldS, newS] of [
      ['e 1', 'E 1'],
      ['line 3\n', ''],
      ['line 30\n', 'new\nlines\n'],
      ['0\nline', '0 and'],
      ['line 60\n', 'last'],
    ]) {
      const at = occurrences(text, oldS)
      const diff = await replacementDiff(text, { at, oldS, newS }, 'f', 1 << 20, signal)
      expect(diff, oldS).toBe(unifiedDiff(text, text.split(oldS).join(newS), 'f'))
    }
  })

  it.runIf(hasPatch)('round-trips random replacements through patch', async () => {
    let seed = 11
    const r = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    const pieces = ['a', 'b', 'x\n', 'y\n', '\n', 'ab\n', 'ba']
    for (let trial = 0; trial < 150; trial++) {
      const text = Array.from({ length: Math.floor(r() * 80) }, () => pieces[Math.floor(r() * pieces.length)]).join('')
      const oldS = pieces[Math.floor(r() * pieces.length)] + (r() < 0.3 ? pieces[Math.floor(r() * pieces.length)] : '')
      const newS = ['', 'Z', 'Z\n', '\nQ\n', oldS.toUpperCase()][Math.floor(r() * 5)]
      const at = occurrences(text, oldS)
      if (at.length === 0 || oldS === newS) continue
      const all = r() < 0.5
      const updated = all ? text.split(oldS).join(newS) : text.slice(0, at[0]) + newS + text.slice(at[0] + oldS.length)
      const diff = await replacementDiff(text, { at: all ? at : at.slice(0, 1), oldS, newS }, 'f', 1 << 20, signal)
      expect(await applied(text, diff), JSON.stringify({ text, oldS, newS, all })).toBe(updated)
    }
  })

  it('stops near its budget and says how many replacements it leaves out', async () => {
    const text = lines(10_000)
    const at = occurrences(text, 'line')
    const diff = await replacementDiff(text, { at, oldS: 'line', newS: 'LINE' }, 'f', 4096, signal)
    expect(diff.length).toBeLessThan(4096 + 200)
    expect(diff).toMatch(/… \[\d+ of 10000 replacements not shown: the diff is capped by X-Max-Output-Size\]\n$/)
  })

  it('a change in one line of a large file is one small hunk with its true line numbers', async () => {
    const text = lines(200_000)
    const at = occurrences(text, 'line 150000\n')
    const diff = await replacementDiff(text, { at, oldS: 'line 150000\n', newS: 'changed\n' }, 'f', 1 << 20, signal)
    expect(diff).toBe(
      '--- a/f\n+++ b/f\n@@ -149997,7 +149997,7 @@\n line 149997\n line 149998\n line 149999\n-line 150000\n+changed\n line 150001\n line 150002\n line 150003\n',
    )
  })
})
