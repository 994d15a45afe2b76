/**
 * What the sandbox binds is bound by descriptor, opened and checked when the command is planned:
 * a workspace folder swapped for a link before bwrap starts (by another process writing in the
 * workspace) must not bind the link's target, a host folder, into the sandbox.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeSources } from '../../src/sandbox/bind-sources.js'
import { heldOpen } from '../support/held-open.js'
import { createSandbox, DEFAULT_PATH, spawnConfined, type SandboxPolicy } from '../../src/sandbox/index.js'

const sandbox = createSandbox({ mode: 'bwrap', memoryBytes: 1 << 30 })
let base: string
let ws: string
let outside: string

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tg-bind-')))
  ws = path.join(base, 'ws')
  outside = path.join(base, 'outside')
  fs.mkdirSync(path.join(ws, 'a'), { recursive: true })
  fs.mkdirSync(outside)
})
afterEach(() => fs.rmSync(base, { recursive: true, force: true }))

const policyFor = (dir: string, extra: Partial<SandboxPolicy> = {}): SandboxPolicy => ({
  writable: [dir],
  network: false,
  cwd: '/',
  env: { PATH: DEFAULT_PATH },
  ...extra,
})
/** The folders and files of this test held open here. */
const openFds = () => heldOpen(base, '/').length

/** Runs a planned command to its end; resolves with its exit code. */
async function runPlanned(plan: ReturnType<typeof sandbox.plan>): Promise<number | null> {
  const child = spawn(plan.file, plan.args, { cwd: plan.cwd, env: plan.env, stdio: ['ignore', 'ignore', 'inherit', ...plan.fds] })
  closeSources(plan.fds)
  const [code] = await once(child, 'exit')
  return code
}

describe('bind sources', () => {
  it('binds the folder that was checked, even when it is swapped for a link to the outside before bwrap starts', async () => {
    const dir = path.join(ws, 'a')
    const plan = sandbox.plan(['/bin/sh', '-c', `touch ${dir}/marker`], policyFor(dir))
    // The swap an attacker makes between the server's checks and bwrap's mounts.
    fs.renameSync(dir, path.join(ws, 'a.moved'))
    fs.symlinkSync(outside, dir)
    expect(await runPlanned(plan)).toBe(0)
    expect(fs.existsSync(path.join(outside, 'marker'))).toBe(false)
    expect(fs.existsSync(path.join(ws, 'a.moved', 'marker'))).toBe(true)
  })

  it('positive control: with no swap the command writes in the folder itself', async () => {
    const dir = path.join(ws, 'a')
    expect(await runPlanned(sandbox.plan(['/bin/sh', '-c', `touch ${dir}/marker`], policyFor(dir)))).toBe(0)
    expect(fs.existsSync(path.join(dir, 'marker'))).toBe(true)
  })

  it('refuses a source that is, or passes through, a link, and one that is gone, with one answer; nothing is left open', () => {
    const before = openFds()
    fs.symlinkSync(outside, path.join(ws, 'out'))
    fs.symlinkSync('a', path.join(ws, 'alias'))
    const refusals: [string, Partial<SandboxPolicy>, string][] = [
      [path.join(ws, 'out'), {}, 'PATH_OUTSIDE_WORKSPACE'],
      [path.join(ws, 'alias'), {}, 'PATH_OUTSIDE_WORKSPACE'],
      [path.join(ws, 'out', '.'), {}, 'PATH_OUTSIDE_WORKSPACE'],
      // the same answer whether what a link leads to exists or not: no oracle on host paths
      [path.join(ws, 'out', 'missing'), {}, 'PATH_OUTSIDE_WORKSPACE'],
      [path.join(ws, 'gone'), {}, 'PATH_OUTSIDE_WORKSPACE'],
      // read-only binds and private files alike, after a good one was opened
      [path.join(ws, 'a'), { readable: [path.join(ws, 'out')] }, 'PATH_OUTSIDE_WORKSPACE'],
      [path.join(ws, 'a'), { privateDir: { path: '/run/tg-test', files: { config: path.join(ws, 'alias') } } }, 'PATH_OUTSIDE_WORKSPACE'],
    ]
    for (const [dir, extra, code] of refusals) {
      expect(() => sandbox.plan(['/bin/true'], policyFor(dir, extra)), dir).toThrow(expect.objectContaining({ code }))
    }
    expect(openFds()).toBe(before)
  })

  it('answers a socket where a folder should be with a 400, never a raw error', async () => {
    const sock = path.join(ws, 'sock')
    const server = net.createServer().listen(sock)
    await once(server, 'listening')
    try {
      expect(() => sandbox.plan(['/bin/true'], policyFor(sock))).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST', statusCode: 400 }))
    } finally {
      server.close()
    }
  })

  it('probes bwrap in a temp folder named by its real path, TMPDIR being a link', () => {
    const realTmp = path.join(base, 'tmp')
    fs.mkdirSync(realTmp)
    fs.symlinkSync(realTmp, path.join(base, 'tmplink'))
    // Another path to the same bwrap: its probe is not the cached one.
    const bwrap = path.join(base, 'bwrap')
    fs.symlinkSync(fs.realpathSync('/usr/bin/bwrap'), bwrap)
    const saved = process.env.TMPDIR
    process.env.TMPDIR = path.join(base, 'tmplink')
    try {
      expect(createSandbox({ mode: 'auto', memoryBytes: 1 << 30, bwrapPath: bwrap }).mode).toBe('bwrap')
    } finally {
      if (saved === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = saved
    }
  })

  it('spawnConfined passes the descriptors and closes its own copies once the launcher has them', async () => {
    const dir = path.join(ws, 'a')
    const run = () => spawnConfined(sandbox, ['/bin/true'], policyFor(dir), { stdio: ['ignore', 'ignore', 'ignore'] })
    await once(run(), 'exit') // the launcher runs, with its channel open here
    const before = openFds()
    fs.writeFileSync(path.join(outside, 'note'), 'read-only')
    const child = spawnConfined(sandbox, ['/bin/sh', '-c', `cat ${outside}/note > ${dir}/copy`], policyFor(dir, { readable: [path.join(outside, 'note')] }), {
      stdio: ['ignore', 'ignore', 'ignore'],
    })
    expect(openFds()).toBeGreaterThan(before) // held for the launcher to open its own copies
    await once(child, 'spawn')
    expect(openFds()).toBe(before) // stdio ignored: nothing of the child's stays open here
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
    expect(fs.readFileSync(path.join(dir, 'copy'), 'utf8')).toBe('read-only')
  })
})
