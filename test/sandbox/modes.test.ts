/**
 * TOOLGATE_SANDBOX: `auto` falls back loudly when bwrap cannot work, `bwrap` refuses to start
 * without it, `off` says what it gives away; the policy bwrap gets is the one the call asked for.
 */
import { spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { closeSources } from '../../src/sandbox/bind-sources.js'
import { createSandbox, type SandboxPolicy } from '../../src/sandbox/index.js'
import { protectPaths } from '../../src/workspace/protected.js'
import { buildTestApp } from '../helper.js'

const base = { memoryBytes: 1 << 30 }

describe('createSandbox', () => {
  it('auto: uses bwrap where it works (as here), and falls back with the reason where it does not', () => {
    expect(createSandbox({ ...base, mode: 'auto' }).mode).toBe('bwrap')
    const fallback = createSandbox({ ...base, mode: 'auto', bwrapPath: '/nonexistent/bwrap' })
    expect(fallback).toMatchObject({ mode: 'off', fallbackReason: 'bubblewrap (bwrap) is not installed' })
    const broken = createSandbox({ ...base, mode: 'auto', bwrapPath: '/bin/false' })
    expect(broken.mode).toBe('off')
    expect(broken.fallbackReason).toMatch(/^bwrap does not work here/)
  })

  it('names a bwrap too old for --bind-fd as such (auto falls back, bwrap refuses)', async () => {
    // What bubblewrap before 0.10 (without Debian 12's backport) answers.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-old-bwrap-'))
    const old = path.join(dir, 'bwrap')
    await fs.writeFile(old, '#!/bin/sh\necho "bwrap: Unknown option --bind-fd" >&2\nexit 1\n', { mode: 0o755 })
    try {
      expect(createSandbox({ ...base, mode: 'auto', bwrapPath: old }).fallbackReason).toMatch(/^bwrap is too old: it lacks --bind-fd/)
      expect(() => createSandbox({ ...base, mode: 'bwrap', bwrapPath: old })).toThrow(/TOOLGATE_SANDBOX=bwrap but bwrap is too old/)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })

  it('bwrap: refuses to start without a working bwrap', () => {
    expect(() => createSandbox({ ...base, mode: 'bwrap', bwrapPath: '/nonexistent/bwrap' })).toThrow(
      'TOOLGATE_SANDBOX=bwrap but bubblewrap (bwrap) is not installed',
    )
    expect(createSandbox({ ...base, mode: 'bwrap' }).mode).toBe('bwrap')
  })

  it('plans the policy it is given: the workspace, network only when asked, protected paths hidden', async () => {
    const ws = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-plan-'))
    const data = path.join(ws, 'data')
    const secret = path.join(ws, 'secret.hex')
    const release = protectPaths([
      { path: data, kind: 'data' },
      { path: secret, kind: 'secret' },
    ])
    try {
      const sandbox = createSandbox({ ...base, mode: 'bwrap' })
      const plan = (network: boolean, policy: Partial<SandboxPolicy> = {}) => {
        const made = sandbox.plan(['/bin/true'], { writable: [ws], network, cwd: ws, env: { PATH: '/usr/bin' }, ...policy })
        closeSources(made.fds)
        return made
      }
      expect(plan(false).args.join(' ')).toContain('--unshare-net --unshare-user')
      expect(plan(true).args).toContain('--share-net')
      expect(plan(false).args.join(' ')).toContain(`--bind-fd 3 ${ws}`)
      expect(plan(false).args.join(' ')).not.toContain(`--tmpfs ${data}`) // not there: nothing to hide
      await fs.mkdir(data)
      await fs.writeFile(secret, 'x')
      const args = plan(false).args.join(' ')
      expect(args).toContain(`--tmpfs ${data} --remount-ro ${data}`)
      expect(args).toContain(`--ro-bind /dev/null ${secret}`)
      // After the bind that would show them; read-only binds (rg's) hide them too.
      expect(args.indexOf(`--tmpfs ${data}`)).toBeGreaterThan(args.indexOf(`--bind-fd 3 ${ws}`))
      expect(plan(false, { writable: [], readable: [ws] }).args.join(' ')).toContain(`--tmpfs ${data}`)
      expect(plan(false).env).toEqual({ PATH: '/usr/bin' })
      // A protected folder is never bound itself.
      expect(() => plan(false, { writable: [data] })).toThrow(/server's own files/)
      expect(() => plan(false, { writable: [], readable: [path.join(data, 'x')] })).toThrow(/server's own files/)
    } finally {
      release()
      await fs.rm(ws, { recursive: true, force: true })
    }
  })

  it('bareEtc: of /etc only the loader cache, and the program still runs', async () => {
    const sandbox = createSandbox({ ...base, mode: 'bwrap' })
    const policy = { writable: [], network: false, cwd: '/', env: { PATH: '/usr/bin' } }
    const full = sandbox.plan(['/bin/true'], policy)
    closeSources(full.fds)
    expect(full.args).toContain('/etc/passwd')
    const bare = sandbox.plan(['/bin/echo', 'ran'], { ...policy, bareEtc: true })
    expect(bare.args.filter((a) => a.startsWith('/etc/') && a !== '/etc/ld.so.cache')).toEqual([])
    // Its descriptors (the seccomp filter's here) from 3 on, as the launcher passes them.
    const run = spawnSync(bare.file, bare.args, { env: bare.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', ...bare.fds] })
    closeSources(bare.fds)
    expect(run.stdout, run.stderr).toBe('ran\n')
  })
})

describe('the app', () => {
  it('off: says so in the log and on /readyz', async () => {
    const t = await buildTestApp({ env: { TOOLGATE_SANDBOX: 'off' } })
    try {
      expect((await t.app.inject({ url: '/readyz' })).json().sandbox).toEqual({ mode: 'off' })
      expect(t.logs.text).toContain('TOOLGATE_SANDBOX=off: child processes run with full host access')
    } finally {
      await t.close()
    }
  })

  it('refuses a bad TOOLGATE_SANDBOX value at start', async () => {
    await expect(buildTestApp({ env: { TOOLGATE_SANDBOX: 'maybe' } })).rejects.toThrow('TOOLGATE_SANDBOX="maybe" must be auto, bwrap or off')
  })
})
