/**
 * Child processes are started by the launcher (src/sandbox/launch.ts, launcher.mjs), not forked
 * from the server: what comes back must behave as the child itself would (bytes, stdin, exit
 * codes, signals, spawn errors), the launcher must hold nothing of the server's (environment,
 * descriptors), and nothing it started may outlive it or the server.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startCommand } from '../../src/exec/process.js'
import { createSandbox, DEFAULT_PATH, type LaunchedChild, type Sandbox, spawnConfined, type SandboxPolicy } from '../../src/sandbox/index.js'
import { nodeArgs } from '../support/compiled-src.js'

const off = createSandbox({ mode: 'off', memoryBytes: 1 << 30 })
const bwrap = createSandbox({ mode: 'bwrap', memoryBytes: 1 << 30 })
let dir: string

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tg-launch-')))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const policy = (extra: Partial<SandboxPolicy> = {}): SandboxPolicy => ({ writable: [dir], network: false, cwd: dir, env: { PATH: DEFAULT_PATH }, ...extra })

/** Runs to the end; everything it printed, and how it ended. */
async function run(sandbox: Sandbox, argv: string[], input?: Buffer) {
  const child = spawnConfined(sandbox, argv, policy(), { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] })
  const out: Buffer[] = []
  const err: Buffer[] = []
  child.stdout!.on('data', (b: Buffer) => out.push(b))
  child.stderr!.on('data', (b: Buffer) => err.push(b))
  if (input) child.stdin!.end(input)
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null]
  return { stdout: Buffer.concat(out), stderr: Buffer.concat(err), code, signal, child }
}

/** Processes whose command line contains `text`, with their parent pid. */
function processesWith(text: string): { pid: number; ppid: number }[] {
  const found: { pid: number; ppid: number }[] = []
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      if (!fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(text)) continue
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8')
      found.push({ pid: Number(name), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) })
    } catch {
      /* gone meanwhile */
    }
  }
  return found
}

const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

async function waitFor(what: () => boolean, ms = 5_000): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (what()) return true
    await new Promise((r) => setTimeout(r, 20))
  }
  return what()
}

/** Whether anything accepts a connection on Node's inspector port within `ms`. */
async function inspectorAnswers(ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    const socket = net.connect(9229, '127.0.0.1')
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true))
      socket.once('error', () => resolve(false))
    })
    socket.destroy()
    if (connected) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

const ourLauncher = () => processesWith('launcher.mjs').find((p) => p.ppid === process.pid)

describe('the process launcher', () => {
  it.each([
    ['off', off],
    ['bwrap', bwrap],
  ])('passes output back byte for byte, stdin in, and exit codes out (%s)', async (_, sandbox) => {
    // Bytes that are not UTF-8, and more than the launcher may hold unsent (it pauses the child).
    const input = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x80]), Buffer.alloc(9 << 20, 'x'), Buffer.from('\nend')])
    const echoed = await run(sandbox, ['/bin/sh', '-c', 'cat; printf oops >&2; exit 7'], input)
    expect(echoed.code).toBe(7)
    expect(echoed.stdout.equals(input)).toBe(true)
    expect(echoed.stderr.toString()).toBe('oops')
    const ok = await run(sandbox, ['/bin/sh', '-c', 'printf done'])
    expect([ok.code, ok.stdout.toString()]).toEqual([0, 'done'])
  })

  it('a command whose every message arrives at once (started, output, exited, closed) still ends its call', async () => {
    for (const sandbox of [off, bwrap]) {
      let output = ''
      const starting = startCommand({ command: 'echo quick', cwd: dir, home: dir, sandbox, network: false, onOutput: (text) => (output += text) })
      // The loop held while the command runs and ends: its messages are read in one go.
      const until = Date.now() + 400
      while (Date.now() < until) {}
      const running = await starting
      const ended = await Promise.race([running.done, new Promise((r) => setTimeout(() => r('no end'), 5_000))])
      expect(ended).toEqual({ code: 0, signal: null })
      expect(output).toBe('quick\n')
    }
  })

  it('reports a signal as the child died of it, and a program that cannot start as spawn does', async () => {
    const child = spawnConfined(off, ['/bin/sleep', '30'], policy(), { stdio: ['ignore', 'pipe', 'pipe'] })
    await once(child, 'spawn')
    expect(alive(child.pid!)).toBe(true)
    child.kill('SIGKILL')
    const [code, signal] = await once(child, 'close')
    expect([code, signal]).toEqual([null, 'SIGKILL'])
    const missing = spawnConfined(off, [path.join(dir, 'no-such-program')], policy(), { stdio: ['ignore', 'pipe', 'pipe'] })
    const [err] = (await once(missing, 'error')) as [NodeJS.ErrnoException]
    expect(err.code).toBe('ENOENT')
    expect(missing.pid).toBeUndefined()
  })

  it('gives a child nothing of its own: no environment, and no descriptor but the three it asked for', async () => {
    // The launcher itself holds no secret the server was given: only what Node's channel to it needs.
    const launcher = ourLauncher()
    expect(launcher).toBeDefined()
    const names = fs
      .readFileSync(`/proc/${launcher!.pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((v) => v.split('=')[0])
    expect(names.sort()).toEqual(['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE'])
    for (const sandbox of [off, bwrap]) {
      const { stdout } = await run(sandbox, ['/bin/sh', '-c', 'ls /proc/self/fd; env'])
      const [fds, env] = [
        stdout
          .toString()
          .split('\n')
          .filter((l) => /^\d+$/.test(l)),
        stdout.toString(),
      ]
      // 0-2 and the one ls opens to list them; the launcher's channel to the server is not there.
      expect(fds).toEqual(['0', '1', '2', '3'])
      expect(env).not.toMatch(/NODE_CHANNEL_FD|TOOLGATE|DATABASE_URL/)
    }
  })

  it('ends what it started when it is killed, says so to the callers, and is started again', async () => {
    // Sleeps no other test runs (tests beside this one sleep 30 too), matched whole.
    const children: LaunchedChild[] = []
    for (const sandbox of [off, bwrap]) {
      const child = spawnConfined(sandbox, ['/bin/sleep', '3131'], policy(), { stdio: ['ignore', 'pipe', 'pipe'] })
      await once(child, 'spawn')
      children.push(child)
    }
    expect(processesWith('sleep\u00003131\u0000').filter((p) => alive(p.pid)).length).toBeGreaterThanOrEqual(2)
    const closed = children.map((c) => once(c, 'close'))
    // One more asked for while the launcher cannot answer: it was never started, and says to retry.
    const launcher = ourLauncher()!.pid
    process.kill(launcher, 'SIGSTOP')
    const unstarted = spawnConfined(off, ['/bin/echo', 'never'], policy(), { stdio: ['ignore', 'pipe', 'pipe'] })
    const refused = once(unstarted, 'error')
    process.kill(launcher, 'SIGKILL')
    for (const c of await Promise.all(closed)) expect(c).toEqual([null, 'SIGKILL'])
    const [err] = (await refused) as [{ statusCode: number; code: string }]
    expect([err.statusCode, err.code]).toEqual([503, 'SERVICE_UNAVAILABLE'])
    expect(await waitFor(() => processesWith('sleep\u00003131\u0000').every((p) => !alive(p.pid)))).toBe(true)
    const again = await run(off, ['/bin/echo', 'back'])
    expect(again.stdout.toString()).toBe('back\n')
  })

  it('signals no command it already reaped when it is killed: that number may belong to another process by then', async () => {
    // The shell exits; a process that left its group (setsid) holds its pipes, so it has exited but not closed.
    const child = spawnConfined(off, ['/bin/bash', '-c', 'setsid /bin/sleep 3108 & sleep 0.1; exit 0'], policy(), { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout!.resume()
    child.stderr!.resume()
    await once(child, 'exit')
    const closed = once(child, 'close')
    const kill = vi.spyOn(process, 'kill')
    try {
      process.kill(ourLauncher()!.pid, 'SIGKILL')
      expect(await closed).toEqual([0, null]) // as it exited, not as killed
      expect(kill.mock.calls.filter(([pid]) => pid === -(child.pid as number))).toEqual([])
      expect(kill.mock.calls.length).toBeGreaterThan(0) // the control: the spy saw the launcher killed
    } finally {
      kill.mockRestore()
      for (const p of processesWith('sleep\u00003108')) process.kill(p.pid, 'SIGKILL')
    }
  })

  it('ends what it started, and itself, when the server process dies; passes on nothing the server inherited', async () => {
    // A server of its own, given a descriptor without close-on-exec (as a supervisor might leak
    // one): it lists a child's descriptors, starts a sleep without a sandbox and one with, ends a
    // command that leaves a process in its grace, and is killed.
    const script = `
      import { spawnSync } from 'node:child_process'
      import { once } from 'node:events'
      import { createSandbox, spawnConfined, DEFAULT_PATH } from ${JSON.stringify(nodeArgs('src/sandbox/index.ts').at(-1))}
      const policy = { writable: [${JSON.stringify(dir)}], network: false, cwd: ${JSON.stringify(dir)}, env: { PATH: DEFAULT_PATH } }
      const sandboxes = [createSandbox({ mode: 'off', memoryBytes: 1 << 30 }), createSandbox({ mode: 'bwrap', memoryBytes: 1 << 30 })]
      const fds = []
      for (const sandbox of sandboxes) {
        const c = spawnConfined(sandbox, ['/bin/ls', '/proc/self/fd'], policy, { stdio: ['ignore', 'pipe', 'pipe'] })
        let out = ''
        c.stdout.on('data', (b) => (out += b))
        await once(c, 'close')
        fds.push(out.split('\\n').filter(Boolean))
      }
      const sleeps = sandboxes.map((s) => spawnConfined(s, ['/bin/sleep', '3132'], policy, { stdio: ['ignore', 'pipe', 'pipe'] }))
      await Promise.all(sleeps.map((c) => once(c, 'spawn')))
      // A command ended with a long grace, whose leftover ignores SIGTERM: it is in its grace when the server dies.
      const ended = spawnConfined(sandboxes[0], ['/bin/bash', '-c', "(trap '' TERM; exec /bin/sleep 3133) & exec /bin/sleep 3134"], policy, { stdio: ['ignore', 'pipe', 'pipe'] })
      await once(ended, 'spawn')
      // Until its sleep runs: the subshell has set its trap by then.
      const { readdirSync, readFileSync } = await import('node:fs')
      const cmdline = (n) => { try { return readFileSync('/proc/' + n + '/cmdline', 'utf8') } catch { return '' } }
      while (!readdirSync('/proc').some((n) => cmdline(n) === '/bin/sleep\\u00003133\\u0000')) await new Promise((r) => setTimeout(r, 20))
      ended.end(60_000)
      await once(ended, 'exit')
      console.log(JSON.stringify({ own: spawnSync('/bin/ls', ['/proc/self/fd'], { encoding: 'utf8' }).stdout.split('\\n').filter(Boolean), fds }))
      setInterval(() => {}, 1000)`
    // A shell opens descriptor 200 without close-on-exec and becomes the server.
    const server = spawn('/bin/bash', ['-c', `exec 200>"$1"; exec "$2" --input-type=module -e "$0"`, script, path.join(dir, 'leaked'), process.execPath], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const [line] = await once(server.stdout!, 'data')
    const { own, fds } = JSON.parse(String(line))
    expect(own).toContain('200') // the control: a child the server spawns itself gets it
    expect(fds).toEqual([
      ['0', '1', '2', '3'],
      ['0', '1', '2', '3'],
    ])
    const launcher = processesWith('launcher.mjs').find((p) => p.ppid === server.pid)
    try {
      expect(launcher).toBeDefined()
      expect(processesWith('sleep\u00003132\u0000').filter((p) => alive(p.pid)).length).toBeGreaterThanOrEqual(2)
      expect(processesWith('sleep\u00003133\u0000').filter((p) => alive(p.pid)).length).toBe(1)
      // Signals meant for the server do not end the launcher (it must outlive a graceful drain); USR1 opens no inspector.
      for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR1'] as const) process.kill(launcher!.pid, sig)
      expect(await inspectorAnswers(2_000)).toBe(false)
      expect(alive(launcher!.pid)).toBe(true)
    } finally {
      server.kill('SIGKILL')
    }
    expect(await waitFor(() => !alive(launcher!.pid))).toBe(true)
    expect(await waitFor(() => processesWith('sleep\u00003132\u0000').every((p) => !alive(p.pid)))).toBe(true)
    expect(await waitFor(() => processesWith('sleep\u00003133\u0000').every((p) => !alive(p.pid)))).toBe(true)
  })
})
