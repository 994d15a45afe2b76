/**
 * What the kernel does not namespace, from an attacker review: the keyrings (a sandboxed command
 * running as the server's uid linked the host user's keyring and read its keys) and nested user
 * namespaces (`unshare -Urm` mounted a tmpfs past /tmp's size). The sandbox now loads a seccomp
 * filter that refuses the keyring calls and runs bwrap with --disable-userns. Each refusal has a
 * positive control: the same attack working outside the sandbox, or the same shell still working.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seccompProgram } from '../../src/sandbox/seccomp.js'
import type { TestApp } from '../helper.js'
import { buildExecApp } from '../tools/exec/helpers.js'

const SECRET = `HOST-KEY-${process.pid}-7f3c`
const NAME = `toolgate-test-${process.pid}`
/** add_key and keyctl by architecture (the two the filter covers). */
const CALLS: Record<string, { addKey: number; keyctl: number }> = { x64: { addKey: 248, keyctl: 250 }, arm64: { addKey: 217, keyctl: 219 } }
const { addKey, keyctl } = CALLS[process.arch] ?? CALLS.x64

// KEY_SPEC_USER_KEYRING = -4, KEYCTL_SEARCH = 10, KEYCTL_READ = 11, KEYCTL_INVALIDATE = 21.
const py = (body: string) => `import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.syscall.restype = ctypes.c_long\n${body}`
const ADD = py(`print(libc.syscall(${addKey}, b"user", b"${NAME}", b"${SECRET}", ${SECRET.length}, -4))`)
/**
 * The reviewer's attack: the host user's keyring (`_uid.N`, listed in /proc/keys) linked into a
 * new session keyring, the key searched there and read; prints what it holds, or why not.
 */
const STEAL = py(`try:
    keys = [l.split() for l in open("/proc/keys")]
except OSError:
    keys = []
serial = next((int(f[0], 16) for f in keys if f[7] == "keyring" and f[8] == "_uid.${process.getuid?.() ?? 0}:"), None)
libc.syscall(${keyctl}, 1, None)
libc.syscall(${keyctl}, 8, serial or 0, -3)
key = libc.syscall(${keyctl}, 10, -3, b"user", b"${NAME}", 0)
if key < 0:
    print("search refused:", os.strerror(ctypes.get_errno()))
else:
    buf = ctypes.create_string_buffer(256)
    n = libc.syscall(${keyctl}, 11, key, buf, 256)
    print("read:", buf.raw[:max(n, 0)].decode(errors="replace") if n >= 0 else os.strerror(ctypes.get_errno()))`)
const UNLINK = py(`key = libc.syscall(${keyctl}, 10, -4, b"user", b"${NAME}", 0)
if key >= 0: libc.syscall(${keyctl}, 21, key)`)

const hostPython = (code: string) => execFileSync('python3', ['-c', code], { encoding: 'utf8' })

let t: TestApp
let key: string
const bash = async (command: string) => {
  const res = await t.call('Bash', { command }, { key })
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  return res.body as { success: boolean; output: string }
}

beforeAll(async () => {
  t = await buildExecApp({ env: { TOOLGATE_SANDBOX: 'bwrap' } })
  key = await t.key(['exec'], 'attacker')
  expect(Number(hostPython(ADD))).toBeGreaterThan(0)
}, 60_000)
afterAll(async () => {
  hostPython(UNLINK)
  await t?.close()
})

describe('the kernel keyrings', () => {
  it('the attack reads the key outside the sandbox (positive control)', () => {
    expect(hostPython(STEAL)).toContain(`read: ${SECRET}`)
  })

  it.each([
    ['linking the host keyring into a session of its own', STEAL],
    ['searching the user keyring', py(`print("search:", libc.syscall(${keyctl}, 10, -4, b"user", b"${NAME}", 0), os.strerror(ctypes.get_errno()))`)],
    ['adding a key of its own', py(`print("add:", libc.syscall(${addKey}, b"user", b"x", b"y", 1, -4), os.strerror(ctypes.get_errno()))`)],
  ])('is refused inside: %s', async (_, code) => {
    const res = await bash(`python3 -c '${code}' 2>&1; echo ran`)
    expect(res.output).not.toContain(SECRET)
    expect(res.output).toMatch(/Operation not permitted/)
    expect(res.output).toContain('ran') // the shell and python ran: only the calls were refused
  })

  it("does not list the host user's keys in /proc/keys, as the host does (positive control)", async () => {
    expect(execFileSync('cat', ['/proc/keys'], { encoding: 'utf8' })).toContain(NAME)
    const res = await bash('cat /proc/keys /proc/key-users 2>&1; echo ran')
    expect(res.output).not.toContain(NAME)
    expect(res.output).toContain('ran')
  })

  it('leaves every other call alone (positive control)', async () => {
    expect((await bash(`python3 -c 'import os; print("pid", os.getpid() > 0)'`)).output).toBe('pid True\n')
  })
})

describe('nested user namespaces', () => {
  it('work under a plain bwrap here (positive control)', () => {
    const r = spawnSync('bwrap', ['--unshare-all', '--unshare-user', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', 'unshare', '-Ur', 'true'])
    expect(r.status).toBe(0)
  })

  it.each(['unshare -Ur true', 'unshare -Urm sh -c "mount -t tmpfs none /tmp && echo mounted"', 'unshare -U true'])(
    'are refused inside: %s',
    async (command) => {
      const res = await bash(`${command} 2>&1; echo "exit $?"`)
      expect(res.output).not.toContain('mounted')
      expect(res.output).not.toMatch(/exit 0$/m)
    },
  )
})

describe('the filter', () => {
  it('is built for this machine, a whole number of 8-byte instructions', () => {
    const program = seccompProgram()
    expect(program).not.toBeNull()
    expect((program as Buffer).length % 8).toBe(0)
    expect(seccompProgram('riscv64')).toBeNull()
  })
})
