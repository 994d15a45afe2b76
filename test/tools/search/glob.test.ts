/**
 * Glob and fs_glob through the real app on the generated tree: newest-first order (mtimes set
 * with utimes), the 1000 cap, .gitignore, blocked names, links (never followed nor listed, as rg
 * walks), every refusal with its status and words, and the 503 without ripgrep.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { appOn, makeSearchTree, type SearchTree } from './fixture.js'

let tree: SearchTree
let t: TestApp
const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12))

beforeAll(async () => {
  tree = await makeSearchTree()
  await fs.mkdir(path.join(tree.ws, 'times'))
  for (const [name, d] of [
    ['a.ts', 2],
    ['b.ts', 3],
    ['c.ts', 1],
  ] as const) {
    const f = path.join(tree.ws, 'times', name)
    await fs.writeFile(f, name)
    await fs.utimes(f, day(d), day(d))
  }
  await fs.mkdir(path.join(tree.ws, 'many'))
  for (let i = 0; i < 1005; i++) {
    const f = path.join(tree.ws, 'many', `f${String(i).padStart(4, '0')}.txt`)
    await fs.writeFile(f, '')
    await fs.utimes(f, new Date(1_700_000_000_000 + i * 1000), new Date(1_700_000_000_000 + i * 1000))
  }
  t = await appOn(tree)
})
afterAll(async () => {
  await t.close()
  await tree.cleanup()
})

const glob = (args: Record<string, unknown>) => t.call('Glob', args)
const TS_FILES = ['.hidden/h.ts', 'pkg/deeper/y.ts', 'pkg/main.ts', 'src/app.ts', 'times/a.ts', 'times/b.ts', 'times/c.ts']

describe('Glob', () => {
  it('lists matches newest first, relative to the workspace', async () => {
    const res = await glob({ pattern: '*.ts', path: 'times' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      success: true,
      error: null,
      output: 'times/b.ts\ntimes/a.ts\ntimes/c.ts',
      metadata: { matches: ['times/b.ts', 'times/a.ts', 'times/c.ts'], count: 3, total: 3, truncated: false },
    })
  })

  it('respects .gitignore (root and nested), never lists links, nor anything outside', async () => {
    const res = await glob({ pattern: '**/*.ts' })
    expect(res.statusCode).toBe(200)
    expect([...res.body.metadata.matches].sort()).toEqual(TS_FILES)
    expect(res.body.output).not.toMatch(/ignored\/|gen\/|outfile|outside-link|link\.ts/)
    // positive control: the ignored and linked-to files exist, and an ignored folder named as path is searched
    expect((await glob({ pattern: '*.ts', path: 'ignored' })).body.output).toBe('ignored/hidden.ts')
    expect((await glob({ pattern: 'src/app.ts' })).body.output).toBe('src/app.ts')
  })

  it('matches `**` inside a name as `*`, and keeps a name with glob characters literal when escaped', async () => {
    expect((await glob({ pattern: 'src/a**.ts' })).body.metadata.matches).toEqual(['src/app.ts'])
    expect((await glob({ pattern: 'src/\\*.ts' })).body.metadata.matches).toEqual([])
    expect((await glob({ pattern: 'src/*.{ts,tsx}' })).body.metadata.matches.sort()).toEqual(['src/app.ts', 'src/view.tsx'])
  })

  it('keeps blocked files and .git out of the results', async () => {
    const res = await glob({ pattern: '**/*' })
    const m: string[] = res.body.metadata.matches
    expect(m).toEqual(expect.arrayContaining(['.gitignore', 'bin.dat', 'src/app.ts', 'notes/crlf.txt']))
    for (const hidden of ['.env', '.env.local', 'config/app.key', 'certs/server.pem', 'secrets/pass.txt', '.git/HEAD', 'debug.log']) {
      expect(m).not.toContain(hidden)
    }
    expect(res.body.output).not.toMatch(/\.env|secrets|\.key|\.pem|\.git\//)
  })

  it('caps the list at 1000, keeping the newest, and says so', async () => {
    const res = await glob({ pattern: 'many/*.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata).toMatchObject({ count: 1000, total: 1005, truncated: true })
    expect(res.body.metadata.matches[0]).toBe('many/f1004.txt')
    expect(res.body.metadata.matches[999]).toBe('many/f0005.txt')
    expect(res.body.output.split('\n')).toHaveLength(1000)
    expect(res.body.messages.join(' ')).toMatch(/1005 files matched; showing the 1000 newest/)
  })

  it('searches below path, and an ignored folder when it is the path', async () => {
    expect((await glob({ pattern: '*.py', path: 'src/sub' })).body.output).toBe('src/sub/deep.py')
    expect((await glob({ pattern: '*.ts', path: 'ignored' })).body.output).toBe('ignored/hidden.ts')
    expect((await glob({ pattern: 'ignored/*.ts' })).body).toMatchObject({ success: true, output: '', metadata: { count: 0 } })
  })

  it('does not follow a symlinked folder out of the workspace', async () => {
    for (const pattern of ['**/o.ts', 'outside-link/*', 'outside-link/**/*']) {
      const res = await glob({ pattern })
      expect(res.body, pattern).toMatchObject({ success: true, output: '', metadata: { matches: [], count: 0 } })
    }
    const res = await glob({ pattern: '*', path: 'outside-link' })
    expect(res.statusCode).toBe(403)
    expect(res.body).toMatchObject({ success: false, error_code: 'PATH_OUTSIDE_WORKSPACE' })
  })

  it('refuses paths outside, files as path, absolute and climbing patterns', async () => {
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ pattern: '*', path: '../' }, 403, 'PATH_OUTSIDE_WORKSPACE', /workspace/],
      [{ pattern: '*', path: 'src/app.ts' }, 400, 'INVALID_REQUEST', /not a folder/],
      [{ pattern: '*', path: 'nope' }, 404, 'FILE_NOT_FOUND', /nope/],
      [{ pattern: '*', path: 'secrets' }, 403, 'PATH_BLOCKED', /blocked/],
      [{ pattern: '/etc/*' }, 400, 'VALIDATION_ERROR', /absolute/],
      [{ pattern: '../*' }, 400, 'VALIDATION_ERROR', /'\.\.'/],
      [{ pattern: '' }, 400, 'VALIDATION_ERROR', /pattern/],
      [{ pattern: 'src/[ab' }, 400, 'VALIDATION_ERROR', /unclosed character class/],
    ]
    for (const [args, status, code, message] of cases) {
      const res = await glob(args)
      expect(res.statusCode, JSON.stringify(args)).toBe(status)
      expect(res.body).toMatchObject({ status: 'error', success: false, error_code: code })
      expect(res.body.error_message).toMatch(message)
      expect(res.body.error_message).not.toContain(tree.ws)
    }
  })
})

describe('fs_glob', () => {
  it('returns relative paths sorted by path in metadata.matches', async () => {
    const res = await t.call('fs_glob', { pattern: '**/*.ts' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      error: null,
      output: TS_FILES.join('\n'),
      metadata: { matches: TS_FILES, count: TS_FILES.length, truncated: false },
    })
  })

  it('lists files only, with the same exclusions as Glob', async () => {
    expect((await t.call('fs_glob', { pattern: 'src/*' })).body.metadata.matches).toEqual(['src/app.ts', 'src/util.js', 'src/view.tsx'])
    expect((await t.call('fs_glob', { pattern: '**/.env*' })).body.metadata).toEqual({ matches: [], count: 0, truncated: false })
    expect((await t.call('fs_glob', { pattern: 'secrets/**' })).body.metadata.matches).toEqual([])
  })
})

describe('Glob and fs_glob without ripgrep', () => {
  it('answer 503 GREP_NOT_AVAILABLE saying how to install it; with rg the same call works', async () => {
    const app = await appOn(tree, { TOOLGATE_RG: path.join(tree.ws, 'no-rg-here') })
    try {
      for (const tool of ['Glob', 'fs_glob']) {
        const res = await app.call(tool, { pattern: '**/*.ts' })
        expect(res.statusCode, tool).toBe(503)
        expect(res.body).toMatchObject({ success: false, error_code: 'GREP_NOT_AVAILABLE' })
        expect(res.body.error_message).toMatch(new RegExp(`^${tool} needs ripgrep.*apt-get install ripgrep`, 's'))
        expect((await t.call(tool, { pattern: '**/*.ts' })).body.metadata.count).toBe(TS_FILES.length)
      }
    } finally {
      await app.close()
    }
  })
})
