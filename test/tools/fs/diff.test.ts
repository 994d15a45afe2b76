/**
 * Edit's diff (replacementDiff, built from the occurrences): the same hunks GNU `diff -u` prints
 * where the lines leave no choice, a round trip through the real `patch` tool on random
 * replacements, and a note instead of the rest past its budget.
 */
import { spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replacementDiff } from '../../../src/tools/fs/support/diff.js'

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

describe('replacementDiff', () => {
  const signal = new AbortController().signal
  const occurrences = (text: string, s: string) => {
    const at: number[] = []
    for (let i = text.indexOf(s); i !== -1; i = text.indexOf(s, i + s.length)) at.push(i)
    return at
  }

  it('writes one hunk with three lines of context around a change', async () => {
    const a = lines(10)
    expect(await replacementDiff(a, { at: occurrences(a, 'line 5\n'), oldS: 'line 5\n', newS: 'line five\n' }, 'src/x.txt', 1 << 20, signal)).toBe(
      '--- a/src/x.txt\n+++ b/src/x.txt\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n',
    )
  })

  it.runIf(hasDiff)('prints the hunks GNU diff -u prints where lines are unique', async () => {
    const text = lines(60)
    for (const [oldS, newS] of [
      ['e 1', 'E 1'],
      ['line 1\n', 'first\n'],
      ['line 60\n', 'last\n'],
      ['line 10\n', ''],
      ['line 3\n', ''],
      ['line 30\n', 'new\nlines\n'],
      ['line 20\n', 'line 20\nnew a\nnew b\n'],
      ['0\nline', '0 and'],
      ['line 60\n', 'last'],
      ['e 6', 'E SIX'],
    ]) {
      const at = occurrences(text, oldS)
      const diff = await replacementDiff(text, { at, oldS, newS }, 'f', 1 << 20, signal)
      expect(diff.split('\n').slice(2).join('\n'), oldS).toBe(await gnuHunks(text, text.split(oldS).join(newS)))
    }
  })

  it.runIf(hasPatch)('a rewrite of every line of 30,000 is one hunk of removed and added lines, still correct', async () => {
    const a = lines(30_000, (i) => `a${i}`)
    const t0 = performance.now()
    const diff = await replacementDiff(a, { at: occurrences(a, 'a'), oldS: 'a', newS: 'b' }, 'big', 1 << 24, signal)
    expect(performance.now() - t0).toBeLessThan(5000)
    expect(diff.startsWith('--- a/big\n+++ b/big\n@@ -1,30000 +1,30000 @@\n-a1\n')).toBe(true)
    expect(await applied(a, diff)).toBe(lines(30_000, (i) => `b${i}`))
  })

  it.runIf(hasPatch)('round-trips random replacements through patch', async () => {
    let seed = 11
    const r = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    const pieces = ['a', 'b', 'x\n', 'y\n', '\n', 'ab\n', 'ba']
    const trials: { name: string; updated: string; why: string }[] = []
    let patch = ''
    const tree = await fs.mkdtemp(path.join(dir, 'trials-'))
    for (let trial = 0; trial < 150; trial++) {
      const text = Array.from({ length: Math.floor(r() * 80) }, () => pieces[Math.floor(r() * pieces.length)]).join('')
      const oldS = pieces[Math.floor(r() * pieces.length)] + (r() < 0.3 ? pieces[Math.floor(r() * pieces.length)] : '')
      const newS = ['', 'Z', 'Z\n', '\nQ\n', oldS.toUpperCase(), `${oldS}Q\n`, `Q\n${oldS}`][Math.floor(r() * 7)]
      const at = occurrences(text, oldS)
      if (at.length === 0 || oldS === newS) continue
      const all = r() < 0.5
      const name = `t${trial}`
      await fs.writeFile(path.join(tree, name), text)
      patch += await replacementDiff(text, { at: all ? at : at.slice(0, 1), oldS, newS }, name, 1 << 20, signal)
      trials.push({
        name,
        updated: all ? text.split(oldS).join(newS) : text.slice(0, at[0]) + newS + text.slice(at[0] + oldS.length),
        why: JSON.stringify({ text, oldS, newS, all }),
      })
    }
    // Every trial's diff in one patch, applied by one run of `patch` (a run per trial took ~10 s here).
    const run = spawnSync('patch', ['-f', '-p1', '--fuzz=0', '--no-backup-if-mismatch'], { cwd: tree, input: patch, encoding: 'utf8' })
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0)
    // Applied where each hunk says, not found nearby: wrong line numbers would show as an offset.
    expect(run.stdout).not.toMatch(/offset|fuzz/i)
    expect(trials.length).toBeGreaterThan(100)
    for (const { name, updated, why } of trials) expect(await fs.readFile(path.join(tree, name), 'utf8'), why).toBe(updated)
  })

  it.runIf(hasPatch)('a change beside a run of equal lines keeps three lines of context after it, so it applies', async () => {
    const text = '1\n2\n3\nfoo\n\n\n\n4\n5\n6\n'
    const diff = await replacementDiff(text, { at: occurrences(text, 'foo'), oldS: 'foo', newS: '' }, 'f', 1 << 20, signal)
    expect(diff).toBe('--- a/f\n+++ b/f\n@@ -1,7 +1,7 @@\n 1\n 2\n 3\n-foo\n+\n \n \n \n')
    expect(await applied(text, diff)).toBe('1\n2\n3\n\n\n\n\n4\n5\n6\n')
  })

  it('one change spanning a 10 MB line is left out with the note, not answered whole', async () => {
    const text = `${'a'.repeat(10 << 20)}Z\n`
    const diff = await replacementDiff(text, { at: occurrences(text, 'Z'), oldS: 'Z', newS: 'Q' }, 'f', 50_000, signal)
    expect(diff).toBe('--- a/f\n+++ b/f\n… [1 of 1 replacements not shown: the diff is capped by X-Max-Output-Size]\n')
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
