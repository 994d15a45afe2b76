/**
 * A protected path two or more levels below the workspace: the shell could rename a folder above
 * it (`mv config config2`, since only the protected file itself was a mount point), after which
 * `Read config2/tok.txt` returned the secret and the next sandbox hid nothing. The sandbox now
 * binds every folder between the workspace and the protected path onto itself, and the kernel
 * refuses to rename or remove a mount point. Each refusal has a positive control beside it.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { promises as fsp } from 'node:fs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closeSources } from '../../src/sandbox/bind-sources.js'
import { createSandbox, DEFAULT_PATH, type SandboxPolicy } from '../../src/sandbox/index.js'
import { heldOpen } from '../support/held-open.js'
import { startSwapper } from '../workspace/helpers.js'
import { protectPaths } from '../../src/workspace/protected.js'
import { buildTestApp, type TestApp } from '../helper.js'

const SECRET_HEX = 'a7'.repeat(32)
const LLM_SECRET = 'LLM-SECRET-5d2e'
const SEARCH_SECRET = 'SEARCH-SECRET-91c0'
const SERVER_ONLY = 'SERVER-ONLY-0b4d'

interface Shell {
  success: boolean
  output: string
  metadata: { returncode: number | null }
}

describe('folders above a protected path cannot be renamed or removed from the shell', () => {
  let t: TestApp
  let ws: string
  let key: string
  const bash = async (command: string): Promise<Shell> => {
    const res = await t.call('Bash', { command }, { key })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  const call = (tool: string, body: Record<string, unknown>) => t.call(tool, body, { key })
  /** The secrets are where they were, and the file tools still refuse them by name. */
  const stillProtected = async () => {
    expect(await fsp.readFile(path.join(ws, 'config', 'tok.txt'), 'utf8')).toBe(`${SECRET_HEX}\n`)
    expect(await fsp.readFile(path.join(ws, 'keys', 'llm', 'api.key'), 'utf8')).toBe(`${LLM_SECRET}\n`)
    expect(await fsp.readFile(path.join(ws, 'srv', 'app', 'data', 'probe.txt'), 'utf8')).toBe(`${SERVER_ONLY}\n`)
    for (const p of ['config/tok.txt', 'keys/llm/api.key', 'keys/llm/search.key', 'srv/app/data/probe.txt']) {
      const res = await call('Read', { file_path: p })
      expect(res.statusCode, p).toBe(403)
      expect(res.body.details.rule, p).toMatch(/^server-(secret|data)$/)
    }
    for (const p of ['config2/tok.txt', 'keys2/llm/api.key', 'keys/llm2/api.key', 'srv2/app/data/probe.txt', 'srv/app2/data/probe.txt']) {
      const res = await call('Read', { file_path: p })
      expect(res.statusCode, p).not.toBe(200)
      expect(JSON.stringify(res.body)).not.toMatch(new RegExp(`${SECRET_HEX}|${LLM_SECRET}|${SERVER_ONLY}`))
    }
  }

  beforeAll(async () => {
    ws = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'tg-pinned-')))
    // 2 levels (config/tok.txt), 3 levels (keys/llm/api.key, two files sharing their folders) and a 3-level data folder.
    await fsp.mkdir(path.join(ws, 'config'))
    await fsp.mkdir(path.join(ws, 'keys', 'llm'), { recursive: true })
    await fsp.mkdir(path.join(ws, 'srv', 'app', 'data'), { recursive: true })
    await fsp.writeFile(path.join(ws, 'config', 'tok.txt'), `${SECRET_HEX}\n`)
    await fsp.writeFile(path.join(ws, 'keys', 'llm', 'api.key'), `${LLM_SECRET}\n`)
    await fsp.writeFile(path.join(ws, 'keys', 'llm', 'search.key'), `${SEARCH_SECRET}\n`)
    t = await buildTestApp({
      workspace: ws,
      dataDir: path.join(ws, 'srv', 'app', 'data'),
      env: {
        TOOLGATE_SANDBOX: 'bwrap',
        TOOLGATE_SECRET_KEY_FILE: path.join(ws, 'config', 'tok.txt'),
        LLM_API_KEY_FILE: path.join(ws, 'keys', 'llm', 'api.key'),
        SEARCH_API_KEY_FILE: path.join(ws, 'keys', 'llm', 'search.key'),
      },
    })
    await fsp.writeFile(path.join(ws, 'srv', 'app', 'data', 'probe.txt'), `${SERVER_ONLY}\n`)
    await fsp.writeFile(path.join(ws, 'config', 'other.txt'), 'WORKSPACE-OK config\n')
    await fsp.writeFile(path.join(ws, 'srv', 'app', 'notes.txt'), 'WORKSPACE-OK app\n')
    await fsp.mkdir(path.join(ws, 'plain', 'sub'), { recursive: true })
    await fsp.writeFile(path.join(ws, 'plain', 'sub', 'f.txt'), 'WORKSPACE-OK plain\n')
    key = await t.key(['read', 'write', 'exec'], 'attacker')
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await fsp.rm(ws, { recursive: true, force: true })
  })

  it('runs in bwrap, with all four protected', () => {
    expect(t.app.sandbox.mode).toBe('bwrap')
    const line = t.logs.records().find((r) => r.component === 'workspace' && r.protected)
    expect(line?.protected).toEqual(
      expect.arrayContaining([
        path.join(ws, 'config', 'tok.txt'),
        path.join(ws, 'keys', 'llm', 'api.key'),
        path.join(ws, 'keys', 'llm', 'search.key'),
        path.join(ws, 'srv', 'app', 'data'),
      ]),
    )
  })

  it.each([
    ['2 levels: mv of the folder holding the file', 'mv config config2'],
    ['2 levels: rm -rf of the folder holding the file', 'rm -rf config'],
    ['3 levels: mv of the outermost folder', 'mv keys keys2'],
    ['3 levels: mv of the folder holding the file', 'mv keys/llm keys/llm2'],
    ['3 levels: rm -rf of the outermost folder', 'rm -rf keys'],
    // rename(2) across mount points is EXDEV: mv falls back to copy-and-remove, and copies nothing of /dev/null.
    ['3 levels: mv of a folder into another', 'mkdir -p plain/into && mv keys/llm plain/into/'],
    ['data folder, 3 levels: mv of the outermost folder', 'mv srv srv2'],
    ['data folder, 3 levels: mv of the folder holding it', 'mv srv/app srv/app2'],
    ['data folder, 3 levels: rm -rf of the outermost folder', 'rm -rf srv'],
    ['python os.rename of the outermost folder', `python3 -c "import os; os.rename('keys', 'keys2')"`],
  ])('%s fails (%s); the file tools still refuse the protected paths', async (_label, command) => {
    const r = await bash(`${command}; echo "rc=$?"`)
    expect(r.output).toMatch(/Device or resource busy|cannot create special file/)
    expect(r.output).not.toMatch(new RegExp(`rc=0|${SECRET_HEX}|${LLM_SECRET}|${SEARCH_SECRET}|${SERVER_ONLY}`))
    await stillProtected()
    // The next sandbox hides them as before.
    const next = await bash('cat config/tok.txt keys/llm/api.key keys/llm/search.key srv/app/data/probe.txt 2>&1; ls -A srv/app/data | wc -l')
    expect(next.output).not.toMatch(new RegExp(`${SECRET_HEX}|${LLM_SECRET}|${SEARCH_SECRET}|${SERVER_ONLY}`))
    expect(next.output.trim().split('\n').pop()).toBe('0')
    await fsp.rm(path.join(ws, 'plain', 'into'), { recursive: true, force: true })
  })

  it('positive control: an ordinary folder beside them, and files beside the protected ones, are renamed and removed', async () => {
    // The tests above removed what rm -rf could: everything but the mount points.
    const r = await bash(
      'mv plain plain2 && mv plain2/sub plain2/sub2 && cat plain2/sub2/f.txt && echo WORKSPACE-OK config > config/other.txt && mv config/other.txt config/renamed.txt && cat config/renamed.txt && mkdir keys/llm/tmp && mv keys/llm/tmp keys/llm/tmp2 && rm -r keys/llm/tmp2 && touch srv/app/notes.txt && rm srv/app/notes.txt && echo done',
    )
    expect(r.output).toBe('WORKSPACE-OK plain\nWORKSPACE-OK config\ndone\n')
    expect(await fsp.readdir(ws)).toEqual(expect.arrayContaining(['plain2', 'config', 'keys', 'srv']))
    expect(await fsp.readdir(path.join(ws, 'config'))).toEqual(['renamed.txt', 'tok.txt'])
    expect(await fsp.readdir(path.join(ws, 'srv', 'app'))).toEqual(['data'])
    await stillProtected()
    await fsp.rename(path.join(ws, 'plain2'), path.join(ws, 'plain'))
    await fsp.rename(path.join(ws, 'plain', 'sub2'), path.join(ws, 'plain', 'sub'))
  })

  it('positive control: the protected file reads as hidden (/dev/null, not openable) and the data folder as an empty tmpfs', async () => {
    const r = await bash('cat config/tok.txt; echo "rc=$?"; cat keys/llm/api.key; echo "rc=$?"; stat -c %t:%T config/tok.txt; ls -A srv/app/data | wc -l')
    expect(r.output).toMatch(/config\/tok\.txt: (Permission denied|No such device)/)
    expect(r.output).not.toContain('rc=0')
    expect(r.output).toContain('1:3\n') // major 1, minor 3: /dev/null
    expect(r.output.trim().split('\n').pop()).toBe('0')
    expect(r.output).not.toMatch(new RegExp(`${SECRET_HEX}|${LLM_SECRET}`))
    const beside = await call('Read', { file_path: 'config/renamed.txt' })
    expect(beside.statusCode).toBe(200)
    expect(beside.body.output).toContain('WORKSPACE-OK config')
  })
})

describe('the planner: folders bound onto themselves', () => {
  const sandbox = createSandbox({ mode: 'bwrap', memoryBytes: 1 << 30 })
  let base: string
  let ws: string
  let release: () => void

  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tg-pin-plan-')))
    ws = path.join(base, 'ws')
    fs.mkdirSync(path.join(ws, 'a', 'b', 'c'), { recursive: true })
    fs.mkdirSync(path.join(base, 'outside'))
    fs.writeFileSync(path.join(ws, 'a', 'b', 'c', 'x.key'), 'SECRET-X\n')
    fs.writeFileSync(path.join(ws, 'a', 'b', 'y.key'), 'SECRET-Y\n')
    release = protectPaths([
      { path: path.join(ws, 'a', 'b', 'c', 'x.key'), kind: 'secret' },
      { path: path.join(ws, 'a', 'b', 'y.key'), kind: 'secret' },
    ])
  })
  afterEach(() => {
    release()
    fs.rmSync(base, { recursive: true, force: true })
  })

  const policy = (extra: Partial<SandboxPolicy> = {}): SandboxPolicy => ({ writable: [ws], network: false, cwd: ws, env: { PATH: DEFAULT_PATH }, ...extra })

  async function run(plan: ReturnType<typeof sandbox.plan>): Promise<{ code: number | null; out: string }> {
    const child = spawn(plan.file, plan.args, { cwd: plan.cwd, env: plan.env, stdio: ['ignore', 'pipe', 'pipe', ...plan.fds] })
    closeSources(plan.fds)
    let out = ''
    child.stdout.on('data', (b: Buffer) => {
      out += b
    })
    child.stderr.on('data', (b: Buffer) => {
      out += b
    })
    const [code] = await once(child, 'exit')
    return { code, out }
  }

  it('binds each folder once, outermost first, after the workspace and before the covers', () => {
    const plan = sandbox.plan(['/bin/true'], policy())
    closeSources(plan.fds)
    const targets = (flag: string) => plan.args.flatMap((a, i) => (a === flag ? [plan.args[i + 2]] : []))
    expect(targets('--bind-fd')).toEqual([ws, path.join(ws, 'a'), path.join(ws, 'a', 'b'), path.join(ws, 'a', 'b', 'c')])
    const lastPin = plan.args.lastIndexOf(path.join(ws, 'a', 'b', 'c'))
    const cover = plan.args.findIndex((a, i) => a === '/dev/null' && plan.args[i + 1] === path.join(ws, 'a', 'b', 'y.key'))
    expect(cover).toBeGreaterThan(lastPin)
    // Read-only binds (ripgrep's) pin read-only.
    const ro = sandbox.plan(['/bin/true'], policy({ writable: [], readable: [ws] }))
    closeSources(ro.fds)
    expect(ro.args.flatMap((a, i) => (a === '--ro-bind-fd' ? [ro.args[i + 2]] : []))).toEqual([
      ws,
      path.join(ws, 'a'),
      path.join(ws, 'a', 'b'),
      path.join(ws, 'a', 'b', 'c'),
    ])
    expect(ro.args).not.toContain('--bind-fd')
  })

  it('a read-only bind pins read-only: nothing is renamed, nothing written', async () => {
    const r = await run(sandbox.plan(['/bin/sh', '-c', 'mv a a2; touch a/new; cat a/b/y.key; ls a/b/c'], policy({ writable: [], readable: [ws] })))
    expect(r.out).toMatch(/Read-only file system|Device or resource busy/)
    expect(r.out).not.toContain('SECRET-Y')
    expect(fs.readdirSync(ws)).toEqual(['a'])
    expect(fs.existsSync(path.join(ws, 'a', 'new'))).toBe(false)
  })

  it("a private folder (git's common folder) lies outside the binds: its file and links are seen inside", async () => {
    fs.mkdirSync(path.join(ws, 'a', '.git'))
    fs.writeFileSync(path.join(ws, 'a', '.git', 'HEAD'), 'ref: refs/heads/main\n')
    const inert = path.join(base, 'inert.config')
    fs.writeFileSync(inert, '[core]\n\tbare = false\n')
    const privateDir = { path: '/run/tg-test', links: { HEAD: path.join(ws, 'a', '.git', 'HEAD') }, files: { config: inert } }
    const r = await run(sandbox.plan(['/bin/sh', '-c', 'cat /run/tg-test/config /run/tg-test/HEAD'], policy({ privateDir })))
    expect(r).toEqual({ code: 0, out: '[core]\n\tbare = false\nref: refs/heads/main\n' })
    // Read-only once laid out: a write there fails rather than vanishing with the sandbox.
    const w = await run(sandbox.plan(['/bin/sh', '-c', 'echo x > /run/tg-test/new'], policy({ privateDir })))
    expect(w.code).not.toBe(0)
    expect(w.out).toContain('Read-only file system')
  })

  it('refuses a private folder inside a bound one, or holding one, before opening anything', () => {
    const inert = path.join(base, 'inert.config')
    fs.writeFileSync(inert, '')
    const before = heldOpen(base, '/')
    for (const dir of [path.join(ws, 'a', 'p'), ws, base, '/']) {
      const privateDir = { path: dir, files: { config: inert } }
      expect(() => sandbox.plan(['/bin/true'], policy({ privateDir })), dir).toThrow(expect.objectContaining({ code: 'PATH_BLOCKED', statusCode: 403 }))
    }
    expect(heldOpen(base, '/')).toEqual(before)
  })

  /** A secret configured as `current/tok.txt`, where `current` is a link to `releases/v1`. */
  function protectThroughLink(): void {
    release()
    fs.mkdirSync(path.join(ws, 'releases', 'v1'), { recursive: true })
    fs.writeFileSync(path.join(ws, 'releases', 'v1', 'tok.txt'), 'SECRET-TOK\n')
    fs.symlinkSync('releases/v1', path.join(ws, 'current'))
    release = protectPaths([{ path: path.join(ws, 'current', 'tok.txt'), kind: 'secret' }])
  }

  it('a protected path spelt through a link is covered at its real form only: nothing is mounted through the link', async () => {
    protectThroughLink()
    const plan = sandbox.plan(['/bin/sh', '-c', 'cat current/tok.txt releases/v1/tok.txt'], policy())
    // Covered with /dev/null: the workspace's files (the system's /proc/keys is covered too).
    const targets = plan.args.flatMap((a, i) => (a === '/dev/null' && !plan.args[i + 1].startsWith('/proc/') ? [plan.args[i + 1]] : []))
    expect(targets).toEqual([path.join(ws, 'releases', 'v1', 'tok.txt')])
    const r = await run(plan)
    expect(r.out).not.toContain('SECRET-TOK')
    expect(r.out).toContain('Permission denied') // /dev/null on a nodev bind: not even opened
  })

  it('a link above a protected path swapped while sandboxes start creates nothing outside', async () => {
    protectThroughLink()
    const out = path.join(base, 'outside')
    fs.symlinkSync(path.join('/oldroot', out), path.join(ws, 'current-evil'))
    const stop = await startSwapper(path.join(ws, 'current'), path.join(ws, 'current-evil'), [3, 10])
    let ran = 0
    try {
      for (const until = Date.now() + 1500; Date.now() < until; ) {
        const plan = sandbox.plan(['/bin/true'], policy())
        if ((await run(plan)).code === 0) ran++
      }
    } finally {
      await stop()
    }
    expect(fs.readdirSync(out)).toEqual([])
    expect(ran).toBeGreaterThan(0) // positive control
  })

  it('a pinned folder swapped for a link after planning still binds the folder that was checked, never the outside', async () => {
    const plan = sandbox.plan(['/bin/sh', '-c', 'touch a/b/c/outside/marker; cat a/b/c.moved/x.key'], policy())
    // The folder above the workspace: on the host, and inside too (bwrap made it to hold the workspace).
    fs.renameSync(path.join(ws, 'a', 'b', 'c'), path.join(ws, 'a', 'b', 'c.moved'))
    fs.symlinkSync('../../..', path.join(ws, 'a', 'b', 'c'))
    const r = await run(plan)
    expect(r.out).not.toContain('SECRET-X')
    expect(fs.readdirSync(path.join(base, 'outside'))).toEqual([])
  })

  it('a folder that is a link, or missing, ends the walk (refused by nothing, pinned by nothing)', () => {
    release()
    fs.symlinkSync('a', path.join(ws, 'alias'))
    release = protectPaths([
      { path: path.join(ws, 'alias', 'b', 'y.key'), kind: 'secret' },
      { path: path.join(ws, 'gone', 'deeper', 'z.key'), kind: 'secret' },
    ])
    const plan = sandbox.plan(['/bin/true'], policy())
    closeSources(plan.fds)
    const targets = plan.args.flatMap((a, i) => (a === '--bind-fd' ? [plan.args[i + 2]] : []))
    // The link's real form (a/b/y.key) is pinned in its own right; nothing through `alias` or `gone`.
    expect(targets).toEqual([ws, path.join(ws, 'a'), path.join(ws, 'a', 'b')])
  })
})
