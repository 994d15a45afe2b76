/**
 * PGlite aborting where JavaScript sees it (a WebAssembly RuntimeError out of a query) leaves the
 * embedded database beyond repair. Its thread ends, and the real server says why and exits 1,
 * freeing its data folder, so that a supervisor starts it again, instead of answering errors until
 * someone notices. The abort is injected at PGlite's `query` (test/support/pglite-abort*.mjs); a
 * throw inside Postgres's own loop, which PGlite 0.5 swallows, is made for real (a jsonb nested
 * deeper than the thread's stack) in a thread of the test's own, and a PGlite without the loop
 * that catches it is refused at open. A server whose folder another process took over (its lock
 * renamed over) exits 1 as well, at its next heartbeat.
 * Always on PGlite, whichever database the suite runs on: the thread is PGlite's.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { lockPathOf } from '../../src/db/pglite-lock.js'
import { pgliteTemplateDump } from '../support/database-template.js'
import { startServerProcess, type ServerProcess } from '../support/server-process.js'

const PRELOAD = pathToFileURL(path.join(import.meta.dirname, '../support/pglite-abort.mjs')).href
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'tg-ws-'))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tg-data-'))
let server: ServerProcess | undefined
afterAll(() => {
  server?.child.kill('SIGKILL')
  for (const dir of [workspace, dataDir]) fs.rmSync(dir, { recursive: true, force: true })
})

const status = (url: string) => fetch(url, { method: url.endsWith('hello') ? 'POST' : 'GET' }).then((r) => r.status)

/** Asks /readyz (a query) every 100 ms until the server exits; its exit code, or 'running' after `ms`. */
async function exitWhileAsking(s: ServerProcess, ms: number): Promise<number | null | 'running'> {
  let code: number | null | undefined
  s.child.on('close', (c) => (code = c))
  for (const end = Date.now() + ms; code === undefined && Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    await status(`${s.address}/readyz`).catch(() => 0)
  }
  return code === undefined ? 'running' : code
}

describe('PGlite aborts in the server', () => {
  it('ends its thread; the server logs why, frees the data folder and exits 1, where it served until then', async () => {
    server = await startServerProcess({ workspace, dataDir }, { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PRELOAD}`.trim() })
    const { child, address, output } = server
    expect(output()).toContain('PGlite (')
    expect(await status(`${address}/v1/tools/hello`)).toBe(200)
    // Positive control: with the preload in place but not armed, queries answer and the server stays.
    expect(await exitWhileAsking(server, 1_000)).toBe('running')
    expect(fs.existsSync(lockPathOf(path.join(dataDir, 'pglite')))).toBe(true)

    child.kill('SIGWINCH') // arms the abort; the server itself ignores this signal
    expect(await exitWhileAsking(server, 30_000), output()).toBe(1)
    expect(output()).toMatch(/embedded database \(PGlite\) stopped: exiting with code 1/)
    expect(output()).toMatch(/PGlite is closed: its thread exited \(1\)/)
    expect(fs.existsSync(lockPathOf(path.join(dataDir, 'pglite')))).toBe(false)
  }, 90_000)
})

/** The suite's migrated template as bytes for the worker's open (initdb took seconds), or none outside it. */
const templateBytes = async () => {
  const dump = await pgliteTemplateDump()
  return dump && new Uint8Array(await dump.arrayBuffer())
}

describe('the PGlite folder taken over while the server was stopped', () => {
  it('makes the server exit 1 at its next beat, writing nothing more, the other lock left in place', async () => {
    const folders = { workspace: fs.mkdtempSync(path.join(os.tmpdir(), 'tg-ws-')), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'tg-data-')) }
    const s = await startServerProcess(folders)
    try {
      const lock = lockPathOf(path.join(folders.dataDir, 'pglite'))
      expect(await status(`${s.address}/v1/tools/hello`)).toBe(200) // positive control: it serves, holding its lock
      const other = JSON.stringify({ pid: 1, token: 'another-process', host: os.hostname(), started_at: '2026-01-01T00:00:00.000Z', command: 'other' })
      fs.writeFileSync(`${lock}.new`, other)
      fs.renameSync(`${lock}.new`, lock) // as a takeover renames its lock over a silent one
      expect(await exitWhileAsking(s, 25_000), s.output()).toBe(1)
      expect(s.output()).toMatch(/Another process holds the embedded database \(PGlite\) folder now: exiting with code 1 at once/)
      expect(fs.readFileSync(lock, 'utf8')).toBe(other)
    } finally {
      s.child.kill('SIGKILL')
      for (const dir of Object.values(folders)) fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)
})

/** A thread of its own on the worker's module (not the suite's shared one), asked one request at a time. */
function pgliteWorker(preload?: string) {
  const execArgv = preload ? ['--import', pathToFileURL(path.join(import.meta.dirname, '../support', preload)).href] : undefined
  const worker = new Worker(new URL('../../src/db/pglite-worker.mjs', import.meta.url), { execArgv })
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve))
  let next = 1
  const ask = (m: Record<string, unknown>) =>
    new Promise<{ value?: { rows?: unknown[] }; error?: { message: string; code?: string } }>((resolve) => {
      const id = next++
      const onMessage = (reply: { id?: number }) => reply.id === id && (worker.off('message', onMessage), resolve(reply))
      worker.on('message', onMessage)
      worker.postMessage({ ...m, id })
    })
  return { worker, exited, ask }
}

describe('a throw inside Postgres’s own loop', () => {
  it('ends the thread with the request told why, where PGlite alone answered no rows', async () => {
    const { worker, exited, ask } = pgliteWorker()
    try {
      expect((await ask({ op: 'open', db: 1, dump: await templateBytes() })).error).toBeUndefined()
      expect((await ask({ op: 'query', db: 1, text: 'SELECT 1 AS x' })).value?.rows).toEqual([{ x: 1 }])
      // Positive controls: Postgres's own errors (its longjmp out of the loop) leave the thread serving.
      expect((await ask({ op: 'query', db: 1, text: 'SELECT 1/0' })).error?.message).toBe('division by zero')
      const nested = (depth: number) => `SELECT length((repeat('[', ${depth}) || repeat(']', ${depth}))::jsonb::text) AS n`
      expect((await ask({ op: 'query', db: 1, text: nested(100) })).value?.rows).toEqual([{ n: 200 }])
      // Deeper than the thread's stack: a RangeError inside the loop, which PGlite 0.5 swallows.
      const deep = await ask({ op: 'query', db: 1, text: nested(100_000) })
      expect(deep.error?.message).toMatch(/^PGlite is closed: it aborted \(RangeError: Maximum call stack size exceeded\)/)
      expect(await exited).toBe(1)
    } finally {
      await worker.terminate()
    }
  }, 60_000)

  it('refuses to open with a PGlite that lacks the loop it wraps, saying so (not as a damaged folder)', async () => {
    const { worker, ask } = pgliteWorker('pglite-no-loop.mjs')
    try {
      const opened = await ask({ op: 'open', db: 1, dump: await templateBytes() })
      expect(opened.error?.code).toBe('PGLITE_VERSION')
      expect(opened.error?.message).toMatch(/no _PostgresMainLoopOnce: install the version package\.json pins/)
      // The thread stays, the database it could not guard is closed and never served.
      expect((await ask({ op: 'query', db: 1, text: 'SELECT 1' })).error?.message).toBe('PGlite is closed')
    } finally {
      await worker.terminate()
    }
  }, 60_000)
})
