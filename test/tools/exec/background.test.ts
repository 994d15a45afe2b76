/**
 * Background shells through the real app: output across calls with one read cursor, filters,
 * KillShell, ownership (another key sees nothing; another instance is named; a revoked key's shells
 * end), the per-key cap,
 * dry runs, and every shell ended and recorded as killed when the app closes.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../../src/db/client.js'
import { backgroundShells } from '../../../src/db/schema/index.js'
import type { TestApp } from '../../helper.js'
import { allGone, buildExecApp, expectError, gone, running, sleep, until } from './helpers.js'

interface Key {
  id: string
  key: string
}

let t: TestApp
let ws: string
let alice: Key
let bob: Key

const instance = `${os.hostname()}:${process.pid}`

async function makeKey(name: string): Promise<Key> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: { authorization: `Bearer ${t.adminKey}` }, payload: { name, scopes: ['exec'] } })
  return res.json()
}
const as = (k: Key, tool: string, body: Record<string, unknown>, headers?: Record<string, string>) => t.call(tool, body, { key: k.key, headers })
const start = async (k: Key, command: string) => {
  const res = await as(k, 'Bash', { command, run_in_background: true })
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  return res.body.metadata.bash_id as string
}
const output = (k: Key, id: string, filter?: string) => as(k, 'BashOutput', { bash_id: id, ...(filter !== undefined && { filter }) })
const rowOf = async (id: string) => (await t.app.database.db.select().from(backgroundShells).where(eq(backgroundShells.id, id)))[0]
const ended = (id: string) => until(async () => (await rowOf(id))?.status !== 'running')

beforeAll(async () => {
  t = await buildExecApp({ env: { TOOLGATE_MAX_SHELLS: '3' } })
  ws = await fs.realpath(t.workspace)
  alice = await makeKey('alice')
  bob = await makeKey('bob')
})
afterAll(async () => t.close())

describe('Bash run_in_background + BashOutput', () => {
  it('answers at once with a bash_id; each read returns only what is new', async () => {
    const t0 = Date.now()
    const res = await as(alice, 'Bash', { command: 'for i in 1 2 3; do echo line$i; sleep 0.3; done', run_in_background: true })
    expect(Date.now() - t0).toBeLessThan(800)
    expect(res.statusCode).toBe(200)
    const id = res.body.metadata.bash_id
    expect(id).toMatch(/^bash_[0-9a-f]{12}$/)
    expect(res.body).toMatchObject({ success: true, metadata: { bash_id: id, status: 'running', returncode: null, cwd: '.' } })
    expect(res.body.output).toMatch(new RegExp(`^Started background shell ${id}`))

    // Read until the first line is there: a sandboxed start can take longer than a fixed wait on a
    // loaded machine (150 ms was not always enough in a full run). Empty reads return nothing new.
    let first = await output(alice, id)
    let firstOut = first.body.output
    for (const deadline = Date.now() + 5_000; firstOut === '' && Date.now() < deadline; firstOut += first.body.output) {
      await sleep(50)
      first = await output(alice, id)
    }
    expect(first.statusCode).toBe(200)
    expect(first.body).toMatchObject({ success: true, metadata: { bash_id: id, status: 'running', returncode: null, has_more: false, dropped_chars: 0 } })
    expect(firstOut).toMatch(/^line1\n/)

    await ended(id)
    const second = await output(alice, id)
    expect(second.body).toMatchObject({ success: true, metadata: { status: 'exited', returncode: 0, signal: null } })
    expect(second.body.output).not.toContain('line1')
    expect(firstOut + second.body.output).toBe('line1\nline2\nline3\n')

    const third = await output(alice, id)
    expect(third.body).toMatchObject({ output: '', metadata: { status: 'exited', returncode: 0 } })

    const row = await rowOf(id)
    expect(row).toMatchObject({
      id,
      ownerKeyId: alice.id,
      instance,
      command: 'for i in 1 2 3; do echo line$i; sleep 0.3; done',
      cwd: '.',
      status: 'exited',
      exitCode: 0,
    })
    expect(row.pid).toBeGreaterThan(1)
    expect(row.endedAt!.getTime()).toBeGreaterThanOrEqual(row.startedAt.getTime())
  })

  it('filters lines by a regular expression; lines left out are gone', async () => {
    const id = await start(alice, 'for i in 1 2 3 4; do echo keep$i; echo drop$i; done; exit 7')
    await ended(id)
    const res = await output(alice, id, '^keep[13]$|keep4')
    expect(res.body).toMatchObject({ success: true, output: 'keep1\nkeep3\nkeep4\n', metadata: { status: 'exited', returncode: 7 } })
    expect((await output(alice, id)).body.output).toBe('')
    expectError(
      await output(alice, id, '(unclosed'),
      400,
      'VALIDATION_ERROR',
      'Invalid value for filter: not a regular expression ripgrep accepts (unclosed group)',
    )
  })

  it('matches a pattern that backtracks in JavaScript in linear time; a lookahead is refused and loses no output', async () => {
    const id = await start(alice, `echo ${'a'.repeat(32)}!; echo ${'a'.repeat(32)}; echo after`)
    await ended(id)
    expectError(await output(alice, id, '(?=a)a'), 400, 'VALIDATION_ERROR', 'look-around, including look-ahead and look-behind, is not supported')
    const started = Date.now()
    expect((await output(alice, id, '^(a+)+$')).body.output).toBe(`${'a'.repeat(32)}\n`)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('hands out output that does not fit X-Max-Output-Size over several reads', async () => {
    const id = await start(alice, "head -c 5000 /dev/zero | tr '\\0' a; echo")
    await ended(id)
    const headers = { 'x-max-output-size': '2000' }
    let text = ''
    let reads = 0
    for (let i = 0; i < 10; i++) {
      const res = await as(alice, 'BashOutput', { bash_id: id }, headers)
      reads++
      text += res.body.output
      if (!res.body.metadata.has_more) break
      expect(res.body.messages[0]).toMatch(/^\d+ more characters of output are waiting: call BashOutput again$/)
      expect(res.body.metadata.truncated).toBeUndefined()
    }
    expect(reads).toBeGreaterThanOrEqual(4)
    expect(text).toBe(`${'a'.repeat(5000)}\n`)
  })

  it('keeps an unfinished line for the next filtered read', async () => {
    const id = await start(alice, "printf 'match one\\nmatch tw'; sleep 2; printf 'o\\n'")
    // Polled, not waited for: a filtered read before the first line arrives answers nothing and keeps nothing.
    expect(await until(async () => (await output(alice, id, '^match')).body.output)).toBe('match one\n')
    await ended(id)
    expect((await output(alice, id, '^match')).body.output).toBe('match two\n')
  })

  it('records the command redacted', async () => {
    const token = `ghp_${'a1B2'.repeat(9)}`
    const id = await start(alice, `echo ${token} > /dev/null`)
    await ended(id)
    const row = await rowOf(id)
    expect(row.command).not.toContain(token)
    expect(row.command).toContain('[REDACTED')
  })

  it('does not start anything on a dry run', async () => {
    const before = (await t.app.database.db.select().from(backgroundShells)).length
    const res = await as(alice, 'Bash', { command: 'touch bg-dry.txt', run_in_background: true }, { 'x-dry-run': 'true' })
    expect(res.body).toMatchObject({ success: true, dry_run: true, output: '[Dry Run] Would run in the background: touch bg-dry.txt in .' })
    await sleep(100)
    expect((await t.app.database.db.select().from(backgroundShells)).length).toBe(before)
    await expect(fs.stat(path.join(ws, 'bg-dry.txt'))).rejects.toThrow()
  })
})

describe('KillShell', () => {
  it('ends the shell with every process it started, and records it as killed', async () => {
    const id = await start(alice, "sh -c 'exec sleep 3021' & (setsid sleep 3022 &); echo up; wait")
    expect(await until(async () => (await running('sleep 3021')).length > 0 && (await running('sleep 3022')).length > 0)).toBe(true)
    const shellPid = (await rowOf(id)).pid!

    const dry = await as(alice, 'KillShell', { shell_id: id }, { 'x-dry-run': 'true' })
    expect(dry.body).toMatchObject({
      success: true,
      dry_run: true,
      metadata: { shell_id: id, status: 'running', dry_run: true },
      output: `[Dry Run] Would kill background shell ${id} (running in .: sh -c 'exec sleep 3021' & (setsid sleep 3022 &); echo up; wait) and every process it started`,
    })
    // Output reaches the server through the launcher: under load it can lag the processes it names.
    let seen = ''
    const upWhileRunning = async () => {
      const { body } = await output(alice, id)
      seen += body.output
      return seen === 'up\n' && body.metadata.status === 'running'
    }
    expect(await until(upWhileRunning)).toBe(true)

    const res = await as(alice, 'KillShell', { shell_id: id })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      output: `Killed background shell ${id} (sh -c 'exec sleep 3021' & (setsid sleep 3022 &); echo up; wait)`,
      metadata: { shell_id: id, status: 'killed', returncode: null, signal: 'SIGTERM' },
    })
    expect(await allGone('sleep 3021')).toBe(true)
    expect(await allGone('sleep 3022')).toBe(true)
    expect(await gone(shellPid)).toBe(true)
    expect(await rowOf(id)).toMatchObject({ status: 'killed', endedAt: expect.any(Date) })
    expect((await output(alice, id)).body).toMatchObject({ success: true, output: '', metadata: { status: 'killed' } })

    expectError(await as(alice, 'KillShell', { shell_id: id }), 409, 'CONFLICT', `Background shell ${id} has already been killed`)
  })

  it('refuses to kill a shell that already exited', async () => {
    const id = await start(alice, 'exit 4')
    await ended(id)
    expectError(await as(alice, 'KillShell', { shell_id: id }), 409, 'CONFLICT', `Background shell ${id} has already exited with code 4`)
  })
})

describe('ownership', () => {
  it('hides a shell from every other key (404)', async () => {
    const id = await start(alice, 'sleep 30')
    try {
      expectError(await output(bob, id), 404, 'SHELL_NOT_FOUND', `No background shell ${id} for this API key`)
      expectError(await as(bob, 'KillShell', { shell_id: id }), 404, 'SHELL_NOT_FOUND')
      expectError(await output(alice, 'bash_000000000000'), 404, 'SHELL_NOT_FOUND')
      expectError(await output(alice, '../etc/passwd'), 404, 'SHELL_NOT_FOUND')
      expect((await output(alice, id)).body.metadata.status).toBe('running')
    } finally {
      await as(alice, 'KillShell', { shell_id: id })
    }
  })

  it("a revoked key's shells end with it; another key's keep running", async () => {
    const dave = await makeKey('dave')
    // Numbers of its own: a test above that failed half-way may have left its sleeps behind.
    const doomed = await start(dave, 'sleep 3031')
    const kept = await start(bob, 'sleep 3032')
    try {
      expect(await until(async () => (await running('sleep 3031')).length > 0)).toBe(true)
      const revoked = await t.app.inject({ method: 'DELETE', url: `/v1/keys/${dave.id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
      expect(revoked.statusCode).toBe(200)
      await ended(doomed)
      expect((await rowOf(doomed)).status).toBe('killed')
      expect(await allGone('sleep 3031')).toBe(true)
      expect((await output(bob, kept)).body.metadata.status).toBe('running')
      expect((await running('sleep 3032')).length).toBeGreaterThan(0)
    } finally {
      await as(bob, 'KillShell', { shell_id: kept })
    }
  })

  it('names the instance that holds a shell started elsewhere (409)', async () => {
    const carol = await makeKey('carol')
    await t.app.database.db.insert(backgroundShells).values({
      id: 'bash_0123456789ab',
      ownerKeyId: carol.id,
      instance: 'other-host:4242',
      command: 'sleep 100',
      cwd: '.',
      pid: 4242,
      status: 'running',
    })
    const res = await output(carol, 'bash_0123456789ab')
    expectError(res, 409, 'SHELL_ON_OTHER_INSTANCE', 'Background shell bash_0123456789ab runs on instance other-host:4242')
    expect(res.body.details).toMatchObject({ shell_id: 'bash_0123456789ab', instance: 'other-host:4242' })
    expectError(await as(carol, 'KillShell', { shell_id: 'bash_0123456789ab' }), 409, 'SHELL_ON_OTHER_INSTANCE', 'other-host:4242')
    expectError(await output(bob, 'bash_0123456789ab'), 404, 'SHELL_NOT_FOUND')
  })
})

describe('the per-key cap (TOOLGATE_MAX_SHELLS=3)', () => {
  it('refuses a fourth running shell of one key, not of another, and frees a place when one ends', async () => {
    const dave = await makeKey('dave')
    const ids = await Promise.all([1, 2, 3].map(() => start(dave, 'sleep 30')))
    try {
      const refused = await as(dave, 'Bash', { command: 'sleep 30', run_in_background: true })
      expectError(
        refused,
        409,
        'TOO_MANY_SHELLS',
        'This API key already has 3 background shells running (TOOLGATE_MAX_SHELLS=3); end one with KillShell or wait for one to exit',
      )
      expect(refused.body.details).toEqual({ running: 3, limit: 3 })

      const other = await start(bob, 'true')
      await ended(other)

      expect((await as(dave, 'KillShell', { shell_id: ids[0] })).statusCode).toBe(200)
      ids[0] = await start(dave, 'sleep 30')
    } finally {
      for (const id of ids) await as(dave, 'KillShell', { shell_id: id })
    }
  })

  it('holds under concurrent starts', async () => {
    const erin = await makeKey('erin')
    const results = await Promise.all(Array.from({ length: 6 }, () => as(erin, 'Bash', { command: 'sleep 30', run_in_background: true })))
    const started = results.filter((r) => r.statusCode === 200).map((r) => r.body.metadata.bash_id as string)
    expect(started.length).toBe(3)
    expect(results.filter((r) => r.body.error_code === 'TOO_MANY_SHELLS').length).toBe(3)
    for (const id of started) await as(erin, 'KillShell', { shell_id: id })
  })
})

describe('shutdown', () => {
  it('ends every background shell (and foreground command) and records it as killed when the app closes', async () => {
    const app = await buildExecApp({ keep: true })
    try {
      const res = await app.call('Bash', { command: "sh -c 'exec sleep 3023' & (setsid sleep 3024 &); wait", run_in_background: true })
      const id = res.body.metadata.bash_id
      // and a foreground command still running when the server stops
      const foreground = app.call('Bash', { command: 'echo fg; sleep 3025' })
      const markers = ['sleep 3023', 'sleep 3024', 'sleep 3025']
      expect(await until(async () => (await Promise.all(markers.map(running))).every((p) => p.length > 0))).toBe(true)

      await app.app.close()
      for (const m of markers) expect(await allGone(m, 1_000), m).toBe(true)
      const fg = await foreground
      expectError(fg, 503, 'SERVICE_UNAVAILABLE', 'The server is shutting down; the command was ended')
      expect(fg.body).toMatchObject({ success: false, output: 'fg\n', metadata: { returncode: null, timed_out: false } })

      const db = await createDb({ databaseUrl: app.databaseUrl, pgliteDir: path.join(app.dataDir, 'pglite') })
      try {
        const [row] = await db.db.select().from(backgroundShells).where(eq(backgroundShells.id, id))
        expect(row).toMatchObject({ id, status: 'killed', endedAt: expect.any(Date) })
      } finally {
        await db.close()
      }
    } finally {
      await app.destroy()
    }
  })
})
