/**
 * The pure pieces under Grep and Glob: globs matched as rg's globset does (in linear time), parent
 * .gitignore files rebased for `rg --ignore-file`, the walk order.
 */
import { describe, expect, it } from 'vitest'
import { inWalkOrder } from '../../../src/tools/search/engine/rg.js'
import { MAX_GLOB_CHARS, MAX_GLOB_STARS, compileGlob } from '../../../src/tools/search/engine/glob-match.js'
import { rebaseGitignore } from '../../../src/tools/search/engine/parent-ignores.js'
import { fastestRun } from '../../support/fastest.js'

describe('compileGlob', () => {
  it.each([
    ['**/*.ts', 'a.ts', true],
    ['**/*.ts', 'x/y/a.ts', true],
    ['*.ts', 'x/a.ts', false],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['*.{ts,tsx}', 'q.tsx', true],
    ['[!a]b', 'cb', true],
    ['[!a]b', '/b', false],
    ['\\*x', '*x', true],
    ['\\*x', 'ax', false],
    ['x(y)+', 'x(y)+', true],
    ['[]a]', ']', true],
    ['?.md', 'a.md', true],
    ['?.md', 'ab.md', false],
  ])('%s on %s → %s', (glob, p, want) => expect(compileGlob(glob).test(p)).toBe(want))

  it('refuses what rg refuses', () => {
    expect(() => compileGlob('[ab')).toThrow(/unclosed character class/)
    expect(() => compileGlob('{a,{b}}')).toThrow(/nested/)
    expect(compileGlob('a**b').test('aXb')).toBe(true) // Glob's patterns read it as *
    expect(() => compileGlob('[z-a]')).toThrow(/out of order/)
  })

  it.each([
    ['{a,b,}c', ['ac', 'bc', 'c'], ['abc', 'dc']],
    ['x{,.d/*}', ['x', 'x.d/y'], ['x.d', 'x.d/y/z']],
    ['{*.ts,*.js}', ['a.ts', 'b.js'], ['a/b.ts', 'a.tsx']],
    ['a,b}', ['a,b}'], ['a']],
    ['**', ['', 'a', 'a/b/c'], []],
    ['a/**', ['a/', 'a/b', 'a/b/c'], ['a', 'ab']],
    ['🙂?', ['🙂é'], ['🙂', '🙂ab']],
  ])('%s matches %j and not %j', (glob, yes, no) => {
    const m = compileGlob(glob as string)
    for (const p of yes) expect(m.test(p), p).toBe(true)
    for (const p of no) expect(m.test(p), p).toBe(false)
  })

  it('matches in linear time: many stars against long names never backtrack', () => {
    const name = 'a'.repeat(255)
    const deep = Array.from({ length: 15 }, () => name).join('/')
    const hostile = [
      `${'*a'.repeat(MAX_GLOB_STARS)}b`,
      `${'*a'.repeat(MAX_GLOB_STARS - 1)}${'a'.repeat(900)}b`,
      `**/${'*a'.repeat(MAX_GLOB_STARS - 1)}b`,
      `**/${'a/?/'.repeat(250)}b`,
    ]
    for (const glob of hostile) {
      const m = compileGlob(glob)
      expect(m.test(name) || m.test(deep) || m.test(`${'a/'.repeat(2000)}a`), glob.slice(0, 20)).toBe(false)
      const ms = fastestRun(() => {
        const fresh = compileGlob(glob)
        for (const path of [name, deep, `${'a/'.repeat(2000)}a`]) fresh.test(path)
      }, 200)
      expect(ms, glob.slice(0, 20)).toBeLessThan(200)
    }
    // a RegExp of the same shape backtracks for minutes; this one still answers true where it should
    expect(compileGlob(`${'*a'.repeat(MAX_GLOB_STARS)}b`).test(`${name}b`)).toBe(true)
  })

  it('refuses globs past the caps with a 400 that says so', () => {
    expect(() => compileGlob('*a'.repeat(MAX_GLOB_STARS + 1), { what: 'pattern' })).toThrow(/more than 32 \* or \*\* wildcards/)
    expect(() => compileGlob('a'.repeat(MAX_GLOB_CHARS + 1), { what: 'pattern' })).toThrow(/longer than 1024 characters/)
    let caught: unknown
    try {
      compileGlob('?*'.repeat(40))
    } catch (err) {
      caught = err
    }
    expect(caught).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 })
  })
})

describe('parent .gitignore rebasing', () => {
  it("anchors a folder's rules below it, escaping glob characters in its name", () => {
    const text = '# c\ngen/\n/only-here\n*.tmp\n!keep.tmp\nsub/x\n\n'
    expect(rebaseGitignore(text, 'pkg/a b*')).toBe(
      '/pkg/a b\\*/**/gen/\n/pkg/a b\\*/only-here\n/pkg/a b\\*/**/*.tmp\n!/pkg/a b\\*/**/keep.tmp\n/pkg/a b\\*/sub/x',
    )
    expect(rebaseGitignore('!x\n\\#y\n', '.')).toBe('!x\n\\#y')
  })
})

it('walk order is folder by folder, names compared as strings', async () => {
  expect(await inWalkOrder(['a.txt', 'a-b/x', 'a/b.txt', 'B', '.env'], (p) => p)).toEqual(['.env', 'B', 'a/b.txt', 'a-b/x', 'a.txt'])
})

it('walk order agrees with comparing segment by segment, on random paths', async () => {
  // The definition, written plainly: split into folders and names, compare them in turn.
  const bySegments = (a: string, b: string) => {
    const x = a.split('/')
    const y = b.split('/')
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1
    return x.length - y.length
  }
  const chars = ['a', 'b', 'B', '-', '.', '_', '0', ' ', 'é', '\u{1F600}', '/']
  const pick = (n: number) => Array.from({ length: n }, () => chars[Math.floor(Math.random() * chars.length)]).join('')
  const paths = Array.from(
    { length: 500 },
    () =>
      pick(1 + Math.floor(Math.random() * 8))
        .replace(/^\/+|\/+$/g, '')
        .replace(/\/{2,}/g, '/') || 'a',
  )
  // Past one slice of the sort (4,096), so that its merge is checked too.
  const many = Array.from({ length: 10 }, () => paths).flat()
  expect(await inWalkOrder(many, (p) => p)).toEqual([...many].sort(bySegments))
})
