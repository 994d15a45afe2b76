/**
 * Bash as an attacker with an `exec` key would use it, in the OS sandbox: the server's secrets,
 * files, other tenants, the host's processes and the network are out of reach, each tried several
 * ways, beside positive controls showing the same shell still builds, greps, runs git and (with
 * the `network` scope) reaches a host.
 */
import { promises as fs } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildExecApp } from './helpers.js'

const CHECKOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const SECRET = 'ab'.repeat(32)

let t: TestApp
let ws: string
let execKey: string
let netKey: string
let tenantKey: string
let server: http.Server
let port: number

beforeAll(async () => {
  t = await buildExecApp({ env: { TOOLGATE_SECRET_KEY: SECRET, LLM_API_KEY: 'sk-llm-secret-value-1234567890' } })
  ws = await fs.realpath(t.workspace)
  execKey = await t.key(['exec'], 'runner')
  netKey = await t.key(['exec', 'network'], 'net-runner')
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { authorization: `Bearer ${t.adminKey}` },
    payload: { name: 'tenant', scopes: ['exec'], workspace: 'tenant-a' },
  })
  tenantKey = res.json().key
  await fs.mkdir(path.join(ws, 'tenant-b'), { recursive: true })
  await fs.writeFile(path.join(ws, 'tenant-b/private.txt'), 'tenant b only')
  server = http.createServer((_req, res) => res.end('reached'))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.close()
  await t.close()
})

const bash = async (command: string, key = execKey) => {
  const res = await t.call('Bash', { command }, { key })
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  return res.body as { success: boolean; output: string; metadata: { returncode: number | null } }
}

const sandboxed = () => t.app.sandbox.mode === 'bwrap'

describe('the sandbox is on here', () => {
  it('uses bwrap (CI installs bubblewrap) and says so on /readyz', async () => {
    expect(t.app.sandbox.mode).toBe('bwrap')
    const res = await t.app.inject({ url: '/readyz' })
    expect(res.json()).toMatchObject({ sandbox: { mode: 'bwrap' } })
  })
})

describe('secrets of the server', () => {
  it.each(['cat /proc/$PPID/environ', 'cat /proc/1/environ', 'cat /proc/*/environ', 'env', 'for p in /proc/[0-9]*; do tr "\\0" "\\n" < $p/environ; done'])(
    'are not in any environment it can read: %s',
    async (command) => {
      const out = (await bash(`${command} 2>&1; true`)).output
      for (const secret of [t.adminKey, SECRET, 'sk-llm-secret-value', 'TOOLGATE_', 'DATABASE_URL']) expect(out).not.toContain(secret)
    },
  )

  it('sees only its own processes', async () => {
    const out = (await bash('ls -d /proc/[0-9]* | wc -l; cat /proc/1/cmdline | tr "\\0" " "')).output
    expect(Number(out.split('\n')[0])).toBeLessThan(8)
    expect(out).not.toContain('node')
  })

  it.each([
    () => `ls ${t.dataDir}`,
    () => `ls ${CHECKOUT}/src`,
    () => `cat ${CHECKOUT}/package.json`,
    () => 'ls /root',
    () => 'cat /etc/shadow',
    () => 'ls /var/lib/postgresql',
  ])('cannot read the data dir, checkout, home folders or host files (%#)', async (command) => {
    const res = await bash(`${command()} 2>&1`)
    expect(res.success).toBe(false)
    expect(res.output).toMatch(/No such file or directory|cannot access|Permission denied/)
  })
})

describe('files', () => {
  it('writes only its workspace and a private /tmp', async () => {
    const marker = `tg-sbx-${process.pid}-${Date.now()}`
    const res = await bash(`echo x > /tmp/${marker} && cat /tmp/${marker}; touch /usr/${marker} 2>&1; touch /etc/${marker} 2>&1; echo in > ws-file`)
    expect(res.output).toContain('x\n')
    expect(res.output).toMatch(/Read-only file system|Permission denied|No such file/)
    expect(await fs.readFile(path.join(ws, 'ws-file'), 'utf8')).toBe('in\n')
    await expect(fs.access(`/tmp/${marker}`)).rejects.toThrow()
    await expect(fs.access(`/usr/${marker}`)).rejects.toThrow()
    // the host's /tmp (other tests' workspaces, this app's data dir) is not there: only the mount point of its own workspace
    const listed = (await bash(`ls -A ${path.dirname(ws)}`)).output.split('\n').filter(Boolean)
    expect(listed).toEqual([path.basename(ws)])
    expect((await fs.readdir(path.dirname(ws))).length).toBeGreaterThan(1)
  })

  it('shows a confined key its own workspace and not its neighbours', async () => {
    const res = await bash(`pwd; ls ../tenant-b 2>&1; cat ${ws}/tenant-b/private.txt 2>&1; echo mine > own.txt`, tenantKey)
    expect(res.output.split('\n')[0]).toBe(path.join(ws, 'tenant-a'))
    expect(res.output).not.toContain('tenant b only')
    expect(await fs.readFile(path.join(ws, 'tenant-a/own.txt'), 'utf8')).toBe('mine\n')
  })
})

describe('network', () => {
  it('is unreachable without the network scope', async () => {
    const res = await bash(`exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`)
    expect(res.success).toBe(false)
    expect(res.output).not.toContain('connected')
  })

  it('reaches a host with the network scope (positive control)', async () => {
    const res = await bash(`exec 3<>/dev/tcp/127.0.0.1/${port}; printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3; cat <&3`, netKey)
    expect(res.output).toContain('reached')
  })
})

describe('limits', () => {
  it('caps CPU seconds at the timeout and data memory at TOOLGATE_SANDBOX_MEMORY_MB', async () => {
    const res = await t.call('Bash', { command: 'ulimit -t; ulimit -d; ulimit -c', timeout: 5000 }, { key: execKey })
    expect(res.body.output).toBe(`6\n${t.config.sandboxMemoryMb * 1024}\n0\n`)
  })

  it('sizes each private tmpfs, which is the host memory outside that limit: a write past /run fails, a small one in /tmp works', async () => {
    const mb = t.config.sandboxMemoryMb
    const sizes = await t.call('Bash', { command: 'df -B1M --output=size /tmp /dev/shm /var/tmp /run | tail -n +2 | tr -d " "' }, { key: execKey })
    expect(sizes.body.output).toBe(`${mb}\n${mb / 4}\n${mb / 4}\n64\n`)
    const past = await bash('head -c 70000000 /dev/zero > /run/fill; echo rc=$?; rm -f /run/fill; head -c 1000000 /dev/zero > /tmp/ok && echo tmp ok')
    expect(past.output).toMatch(/No space left on device/)
    expect(past.output).toContain('tmp ok')
  })
})

describe('positive controls: real work still works inside', () => {
  it('builds a C program, greps and runs git in the workspace', async () => {
    const command = [
      'mkdir -p proj && cd proj',
      'printf "int main(void){return 0;}\\n" > a.c && cc a.c -o a && ./a && echo built',
      'grep -rn "main" . | head -1',
      'git init -q && git -c user.name=a -c user.email=a@b add a.c && git -c user.name=a -c user.email=a@b commit -qm one && git log --oneline | wc -l',
    ].join('\n')
    const res = await bash(command)
    expect(res.output).toContain('built\n')
    expect(res.output).toContain('./a.c:1:int main')
    expect(res.output.trim().endsWith('1')).toBe(true)
    expect(res.success).toBe(true)
  })

  it('is really confined, not only by chance of this machine', () => {
    expect(sandboxed()).toBe(true)
  })
})

describe('from the attacker review', () => {
  it.each([
    'cat /proc/sys/kernel/core_pattern > /proc/sys/kernel/core_pattern',
    'echo 10 > /proc/sys/kernel/printk_ratelimit',
    'cat /proc/sys/kernel/hostname > /proc/sys/kernel/hostname',
  ])('cannot write a host sysctl, even as the host uid it may map to: %s', async (command) => {
    const res = await bash(`${command} 2>&1`)
    expect(res.success).toBe(false)
    expect(res.output).toMatch(/Read-only file system|Permission denied/)
  })

  it('still reads sysctls (positive control)', async () => {
    expect((await bash('cat /proc/sys/kernel/ostype')).output).toBe('Linux\n')
  })
})
