/**
 * Bash and shell in the foreground, through the real app and real processes: exit codes, output
 * order and cap, the clean environment, working directories confined to the workspace, timeouts
 * that end the whole process group, risky-command warnings and dry runs.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PATH } from '../../../src/exec/process.js'
import type { TestApp } from '../../helper.js'
import { allGone, buildExecApp, expectError, running, until } from './helpers.js'

let t: TestApp
let ws: string
let execKey: string

beforeAll(async () => {
  t = await buildExecApp()
  ws = await fs.realpath(t.workspace)
  execKey = await t.key(['exec'], 'runner')
})
afterAll(async () => t.close())

const bash = (body: Record<string, unknown>, headers?: Record<string, string>) => t.call('Bash', body, { key: execKey, headers })
const shell = (body: Record<string, unknown>, headers?: Record<string, string>) => t.call('shell', body, { key: execKey, headers })

describe('Bash', () => {
  it('runs a command in the workspace and answers in ToolResult shape', async () => {
    const res = await bash({ command: 'echo hello; pwd', description: 'Print a greeting and the folder' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      success: true,
      output: `hello\n${ws}\n`,
      error: null,
      messages: [],
      metadata: { returncode: 0, signal: null, truncated: false, stdout_bytes: 6 + ws.length + 1, stderr_bytes: 0 },
    })
    expect(res.body.metadata.duration_ms).toBeGreaterThanOrEqual(0)
    expect(res.body.execution_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers 200 with success false and the exit code when the command fails', async () => {
    const res = await bash({ command: 'echo out; sleep 0.05; echo err >&2; sleep 0.05; echo again; exit 3' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      success: false,
      output: 'out\nerr\nagain\n',
      error: 'Command exited with code 3',
      metadata: { returncode: 3, signal: null, stdout_bytes: 10, stderr_bytes: 4 },
    })
  })

  it('reports a command ended by a signal', async () => {
    const res = await bash({ command: 'kill -KILL $$' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: false, error: 'Command was ended by SIGKILL', metadata: { returncode: null, signal: 'SIGKILL' } })
  })

  it('closes stdin', async () => {
    const res = await bash({ command: 'cat; echo "read $?"' })
    expect(res.body).toMatchObject({ success: true, output: 'read 0\n' })
  })

  it('caps output at X-Max-Output-Size with a marker, and still counts every byte', async () => {
    const res = await bash({ command: "head -c 100000 /dev/zero | tr '\\0' a; echo tail >&2" }, { 'x-max-output-size': '2000' })
    expect(res.statusCode).toBe(200)
    const { success, output, error, metadata } = res.body
    expect(success).toBe(true)
    expect(metadata).toMatchObject({ truncated: true, stdout_bytes: 100000, stderr_bytes: 5, returncode: 0 })
    expect(output).toMatch(/^a+\n…\[truncated: \d+ bytes omitted\]$/)
    expect(Buffer.byteLength(JSON.stringify({ success, output, error, metadata }))).toBeLessThanOrEqual(2000)
  })

  it("gives the command a clean environment: none of the server's variables", async () => {
    process.env.TOOLGATE_CANARY_SECRET = 'canary-3f9e1b'
    process.env.LLM_API_KEY = 'sk-canary-should-not-leak'
    try {
      const res = await bash({ command: 'env' })
      expect(res.statusCode).toBe(200)
      const vars = Object.fromEntries(
        (res.body.output as string)
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      )
      expect(Object.keys(vars).sort()).toEqual(expect.arrayContaining(['HOME', 'LANG', 'PATH', 'PWD', 'TERM']))
      for (const name of Object.keys(vars)) expect(['HOME', 'LANG', 'PATH', 'PWD', 'TERM', 'SHLVL', '_', 'OLDPWD']).toContain(name)
      expect(vars).toMatchObject({ HOME: ws, LANG: 'C.UTF-8', PATH: DEFAULT_PATH, PWD: ws, TERM: 'dumb' })
      expect(res.body.output).not.toContain('canary')
      for (const name of ['DATABASE_URL', 'TOOLGATE_WORKSPACE', 'TOOLGATE_CANARY_SECRET', 'LLM_API_KEY', 'NODE_OPTIONS', 'VITEST']) {
        expect(res.body.output).not.toContain(`${name}=`)
      }
    } finally {
      delete process.env.TOOLGATE_CANARY_SECRET
      delete process.env.LLM_API_KEY
    }
  })

  it('times out with 504, the output so far, and the whole process group ended', async () => {
    const command = "(sh -c 'exec sleep 3011' & wait) & (setsid sleep 3012 &) ; echo started; sleep 300"
    const t0 = Date.now()
    const call = bash({ command, timeout: 1500 })
    expect(await until(async () => (await running('sleep 3012')).length > 0)).toBe(true)
    const res = await call
    expect(Date.now() - t0).toBeLessThan(4_000)
    expectError(res, 504, 'TIMEOUT', 'Tool timed out after 1.5s')
    expect(res.body).toMatchObject({
      status: 'error',
      success: false,
      output: 'started\n',
      error: 'Tool timed out after 1.5s',
      metadata: { returncode: null, timed_out: true, truncated: false },
    })
    expect(await allGone('sleep 3011')).toBe(true)
    expect(await allGone('sleep 3012')).toBe(true)
  })

  it('honours X-Timeout-Ms when the timeout argument is left at its default', async () => {
    const res = await bash({ command: 'echo waiting; sleep 30' }, { 'x-timeout-ms': '1200' })
    expectError(res, 504, 'TIMEOUT', 'Tool timed out after 1.2s')
    expect(res.body.output).toBe('waiting\n')
  })

  it('kills `&` jobs left behind when the command ends, `setsid` ones too', async () => {
    const res = await bash({ command: "sh -c 'exec sleep 3013' & (setsid sleep 3014 &); sleep 0.2; echo done" })
    expect(res.body).toMatchObject({ success: true, output: 'done\n' })
    expect(await allGone('sleep 3013')).toBe(true)
    expect(await allGone('sleep 3014')).toBe(true)
  })

  it('validates its input as seed 002 gives it', async () => {
    expectError(await bash({}), 400, 'VALIDATION_ERROR', 'Missing required parameter: command')
    expectError(await bash({ command: 'true', timeout: 999 }), 400, 'VALIDATION_ERROR', 'timeout')
    expectError(await bash({ command: 'true', timeout: 600001 }), 400, 'VALIDATION_ERROR', 'timeout')
    expectError(await bash({ command: '   ' }), 400, 'VALIDATION_ERROR', 'command is empty')
  })

  it('needs the exec scope', async () => {
    const reader = await t.key(['read'], 'reader')
    expectError(await t.call('Bash', { command: 'true' }, { key: reader }), 403, 'SCOPE_REQUIRED', 'exec')
    expectError(await t.call('Bash', { command: 'true' }, { key: '' }), 401, 'UNAUTHORIZED')
  })

  it('warns about risky commands in messages, and still runs them', async () => {
    await fs.mkdir(path.join(ws, 'build/sub'), { recursive: true })
    const res = await bash({ command: 'rm -rf build && echo removed' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: true, output: 'removed\n', messages: ['Risky command: rm -rf build (deletes files recursively without asking)'] })
    await expect(fs.stat(path.join(ws, 'build'))).rejects.toThrow()
  })

  it('runs nothing on a dry run and says what it would run', async () => {
    const res = await bash({ command: 'touch made-by-dry-run.txt' }, { 'x-dry-run': 'true' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      dry_run: true,
      success: true,
      output: '[Dry Run] Would run: touch made-by-dry-run.txt in .',
      metadata: { dry_run: true, returncode: null },
    })
    await expect(fs.stat(path.join(ws, 'made-by-dry-run.txt'))).rejects.toThrow()
    const risky = await bash({ command: 'git reset --hard' }, { 'x-dry-run': 'true' })
    expect(risky.body.messages).toEqual(['Risky command: git reset --hard (throws away uncommitted changes)'])
  })
})

describe('shell (codex)', () => {
  it('runs in the workspace root by default, with returncode in metadata', async () => {
    const res = await shell({ command: 'pwd; exit 2' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: false, output: `${ws}\n`, metadata: { returncode: 2, cwd: '.' } })
  })

  it('runs in a folder of the workspace given as cwd', async () => {
    await fs.mkdir(path.join(ws, 'pkg/src'), { recursive: true })
    for (const cwd of ['pkg/src', './pkg/src/', `${ws}/pkg/src`, 'pkg/../pkg/src']) {
      const res = await shell({ command: 'pwd', cwd })
      expect(res.body, cwd).toMatchObject({ success: true, output: `${ws}/pkg/src\n`, metadata: { returncode: 0, cwd: 'pkg/src' } })
    }
  })

  it('refuses a cwd outside the workspace with 403', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-outside-'))
    await fs.symlink(outside, path.join(ws, 'escape'))
    try {
      for (const cwd of ['..', '../..', '/', '/etc', outside, 'escape', 'escape/', `${ws}_evil`]) {
        expectError(await shell({ command: 'touch pwned', cwd }), 403, 'PATH_OUTSIDE_WORKSPACE')
      }
      // no parameter takes a NUL: the validator refuses it before any path is resolved
      expectError(await shell({ command: 'touch pwned', cwd: 'a\0b' }), 400, 'VALIDATION_ERROR')
      expect(await fs.readdir(outside)).toEqual([])
    } finally {
      await fs.rm(outside, { recursive: true, force: true })
    }
  })

  it('refuses a missing cwd (404) and a file as cwd (400)', async () => {
    expectError(await shell({ command: 'pwd', cwd: 'no/such/dir' }), 404, 'FILE_NOT_FOUND', 'Folder not found: no/such/dir')
    await fs.writeFile(path.join(ws, 'plain.txt'), 'x')
    expectError(await shell({ command: 'pwd', cwd: 'plain.txt' }), 400, 'INVALID_REQUEST', 'is a file, not a folder')
  })

  it('takes its timeout in seconds and ends the process group', async () => {
    const t0 = Date.now()
    const res = await shell({ command: "sh -c 'exec sleep 3015' & echo begun; wait", timeout: 1 })
    expect(Date.now() - t0).toBeLessThan(3_500)
    expectError(res, 504, 'TIMEOUT', 'Tool timed out after 1s')
    expect(res.body).toMatchObject({ output: 'begun\n', metadata: { timed_out: true, returncode: null } })
    expect(await allGone('sleep 3015')).toBe(true)
    expectError(await shell({ command: 'true', timeout: 0 }), 400, 'VALIDATION_ERROR', 'timeout')
    expectError(await shell({ command: 'true', timeout: 601 }), 400, 'VALIDATION_ERROR', 'timeout')
  })

  it('warns about risky commands and dry-runs without running', async () => {
    const risky = await shell({ command: 'git push --force origin main' }, { 'x-dry-run': 'true' })
    expect(risky.body).toMatchObject({
      success: true,
      output: '[Dry Run] Would run: git push --force origin main in .',
      messages: ['Risky command: git push --force (rewrites the remote branch history)'],
    })
    const dry = await shell({ command: 'touch nope.txt', cwd: 'pkg' }, { 'x-dry-run': 'true' })
    expect(dry.body).toMatchObject({ output: '[Dry Run] Would run: touch nope.txt in pkg', metadata: { cwd: 'pkg', dry_run: true } })
    await expect(fs.stat(path.join(ws, 'pkg/nope.txt'))).rejects.toThrow()
  })

  it('is listed under EXECUTION in the codex toolset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tools/shell', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'shell', toolset: 'codex', category: 'EXECUTION' })
  })
})
