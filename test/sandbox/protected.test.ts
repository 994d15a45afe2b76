/**
 * Issue 17 item 2, in the shell: when the server's own files lie inside the workspace, bubblewrap
 * hides them from every child process (an empty read-only folder over a folder, an unopenable
 * node over a file), so `cat`, `git -C`, `rg`, a link or `..` find nothing, and nothing can be
 * written there. Then the two workspaces an operator might set by mistake: the checkout itself
 * (TOOLGATE_WORKSPACE=.) and `/`. Each refusal has a positive control beside it.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_ROOT } from '../../src/workspace/server-paths.js'
import { buildTestApp, type TestApp } from '../helper.js'

const SERVER_ONLY = 'SERVER-ONLY-77c1'
const SECRET_HEX = 'ef'.repeat(32)

interface Shell {
  success: boolean
  output: string
  metadata: { returncode: number | null }
}

const runner =
  (t: TestApp, key: string) =>
  async (command: string): Promise<Shell> => {
    const res = await t.call('Bash', { command }, { key })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

describe('the data folder and a secret file inside the workspace', () => {
  let t: TestApp
  let ws: string
  let bash: (command: string) => Promise<Shell>

  beforeAll(async () => {
    ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-hidden-')))
    const data = path.join(ws, 'data')
    await fs.mkdir(data)
    await fs.writeFile(path.join(ws, 'key.hex'), `${SECRET_HEX}\n`)
    t = await buildTestApp({ workspace: ws, dataDir: data, env: { TOOLGATE_SANDBOX: 'bwrap', TOOLGATE_SECRET_KEY_FILE: path.join(ws, 'key.hex') } })
    await fs.writeFile(path.join(data, 'probe.txt'), `${SERVER_ONLY}\n`)
    await fs.writeFile(path.join(ws, 'notes.txt'), 'WORKSPACE-OK\n')
    await fs.mkdir(path.join(ws, 'database'))
    await fs.writeFile(path.join(ws, 'database', 'probe.txt'), 'WORKSPACE-OK sibling\n')
    bash = runner(t, await t.key(['exec'], 'attacker'))
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await fs.rm(ws, { recursive: true, force: true })
  })

  it('runs in bwrap, and the start-up log names what is protected', () => {
    expect(t.app.sandbox.mode).toBe('bwrap')
    const line = t.logs.records().find((r) => r.component === 'workspace' && r.protected)
    expect(line?.msg).toContain(`protected from every tool: ${path.join(ws, 'data')} (data), ${path.join(ws, 'key.hex')} (secret)`)
    expect(line?.protected).toEqual(expect.arrayContaining([path.join(ws, 'data'), path.join(ws, 'key.hex'), path.join(PACKAGE_ROOT, 'src')]))
  })

  it.each([
    'cat data/probe.txt',
    'ls -R data; ls -R data/pglite',
    `cat ${'$'}PWD/data/probe.txt`,
    'cat ./data/../data/probe.txt',
    'cd data && cat probe.txt',
    'ln -s data d && cat d/probe.txt; rm -f d',
    'ln -s data/probe.txt p && cat p; rm -f p',
    'cat DATA/probe.txt',
    'find . -path ./proc -prune -o -type f -print0 | xargs -0 cat',
    'rg --no-config -uuu SERVER-ONLY .',
    'grep -r SERVER-ONLY .',
    'tar cf - . | strings',
    'cat key.hex',
    'cp key.hex /tmp/k && cat /tmp/k',
    'python3 -c "print(open(\'data/probe.txt\').read())"',
  ])('%s reads nothing of them', async (command) => {
    const r = await bash(command)
    expect(r.output).not.toContain(SERVER_ONLY)
    expect(r.output).not.toContain(SECRET_HEX)
    expect(r.output).not.toContain('PG_VERSION')
  })

  it('git cannot make a repository of it, nor see its files', async () => {
    const r = await bash(
      'git init -q data 2>&1; git -C data add -A 2>&1; git -C data status --porcelain 2>&1; git -C . status --porcelain --untracked-files=all 2>&1',
    )
    expect(r.output).not.toMatch(/probe\.txt|pglite/)
    expect(await fs.readdir(path.join(ws, 'data'))).not.toContain('.git')
  })

  it('the same commands reach the workspace files beside them', async () => {
    expect((await bash('cat notes.txt database/probe.txt')).output).toBe('WORKSPACE-OK\nWORKSPACE-OK sibling\n')
    expect((await bash('grep -r WORKSPACE-OK . | sort')).output).toContain('./notes.txt:WORKSPACE-OK')
    expect((await bash('ls -A data | wc -l')).output.trim()).toBe('0')
    expect((await bash('ls')).output).toContain('notes.txt')
  })

  it('nothing can be written, removed or replaced there', async () => {
    // What the server keeps there: pglite/ and more on PGlite, instance-id alone on Postgres.
    const before = await fs.readdir(path.join(ws, 'data'))
    const r = await bash('echo evil > data/probe.txt; echo evil > data/new.txt; rm -rf data/pglite; mv data gone; echo evil > key.hex; ls -A data')
    expect(r.output).toMatch(/Read-only file system|Permission denied|Device or resource busy/)
    expect(await fs.readFile(path.join(ws, 'data', 'probe.txt'), 'utf8')).toBe(`${SERVER_ONLY}\n`)
    expect(before).toContain('probe.txt')
    expect(await fs.readdir(path.join(ws, 'data'))).toEqual(before)
    expect(await fs.readdir(path.join(ws, 'data'))).not.toContain('new.txt')
    expect(await fs.readFile(path.join(ws, 'key.hex'), 'utf8')).toBe(`${SECRET_HEX}\n`)
    // The server still works on its data: a call is recorded after all that.
    expect((await t.call('hello', { name: 'still' })).statusCode).toBe(200)
  })
})

describe('TOOLGATE_WORKSPACE=. in the checkout', () => {
  let t: TestApp
  let bash: (command: string) => Promise<Shell>
  let key: string

  beforeAll(async () => {
    t = await buildTestApp({ workspace: PACKAGE_ROOT, env: { TOOLGATE_SANDBOX: 'bwrap' } })
    key = await t.key(['read', 'exec'], 'checkout')
    bash = runner(t, key)
  }, 120_000)
  afterAll(async () => t?.close())

  it("the server's code is refused to the file tools; the docs beside it are read", async () => {
    for (const p of [
      'package.json',
      'src/server.ts',
      'dist',
      './node_modules/.package-lock.json',
      '.git/config',
      'src/seed.ts',
      'migrations',
      'SRC/server.ts',
    ]) {
      const res = await t.call('Read', { file_path: p }, { key })
      expect(res.statusCode, p).toBe(403)
      expect(res.body.details.rule, p).toBe('server-code')
    }
    expect((await t.call('Read', { file_path: 'README.md', limit: 1 }, { key })).statusCode).toBe(200)
    const listed = await t.call('fs_list', { path: '.' }, { key })
    expect(listed.body.metadata.entries).toEqual(expect.arrayContaining(['README.md', 'docs', 'test']))
    expect(listed.body.metadata.entries).not.toEqual(expect.arrayContaining(['package.json']))
    expect(listed.body.metadata.entries.filter((e: string) => ['src', 'dist', '.git', 'node_modules', 'package.json'].includes(e))).toEqual([])
    const found = await t.call('Grep', { pattern: 'buildApp', output_mode: 'files_with_matches' }, { key })
    expect(JSON.stringify(found.body)).not.toMatch(/"src\/|"dist\//)
    expect(JSON.stringify(found.body)).toContain('test/helper.ts')
  })

  it('and hidden from the shell', async () => {
    const r = await bash('cat package.json src/server.ts 2>&1; ls -A src dist .git node_modules 2>&1 | wc -l; git log -1 2>&1 | head -1')
    expect(r.output).not.toContain('"name": "toolgate"')
    expect(r.output).not.toContain('closeWithGrace')
    expect(r.output).toMatch(/not a git repository/)
    expect((await bash('head -1 README.md')).output).toBe('# toolgate\n')
  })
})

describe('TOOLGATE_WORKSPACE=/', () => {
  let t: TestApp
  let data: string
  let key: string

  beforeAll(async () => {
    t = await buildTestApp({ workspace: '/', env: { TOOLGATE_SANDBOX: 'bwrap' } })
    data = await fs.realpath(t.dataDir)
    await fs.writeFile(path.join(data, 'probe.txt'), `${SERVER_ONLY}\n`)
    await fs.writeFile(path.join(os.tmpdir(), 'tg-root-visible.txt'), 'WORKSPACE-OK root\n')
    key = await t.key(['read'], 'root-reader')
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await fs.rm(path.join(os.tmpdir(), 'tg-root-visible.txt'), { force: true })
  })

  it('the data folder and the checkout are refused by absolute path; other files are read', async () => {
    for (const p of [path.join(data, 'probe.txt'), path.join(data, 'pglite'), path.join(PACKAGE_ROOT, 'package.json'), path.join(PACKAGE_ROOT, 'README.md')]) {
      const res = await t.call('Read', { file_path: p }, { key })
      expect(res.statusCode, p).toBe(403)
      expect(JSON.stringify(res.body)).not.toContain(SERVER_ONLY)
    }
    const ok = await t.call('Read', { file_path: path.join(os.tmpdir(), 'tg-root-visible.txt') }, { key })
    expect(ok.statusCode).toBe(200)
    expect(ok.body.output).toContain('WORKSPACE-OK root')
  })
})
