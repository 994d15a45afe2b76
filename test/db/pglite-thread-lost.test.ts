/**
 * PGlite aborting where JavaScript sees it (a WebAssembly RuntimeError out of a query) leaves the
 * embedded database beyond repair. Its thread ends, and the real server says why and exits 1,
 * freeing its data folder, so that a supervisor starts it again, instead of answering errors until
 * someone notices. The abort is injected at PGlite's `query` (test/support/pglite-abort*.mjs); a
 * trap inside Postgres's own loop is swallowed by PGlite 0.5 and not covered (docs/operations.md).
 * Always on PGlite, whichever database the suite runs on: the thread is PGlite's.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { lockPathOf } from '../../src/db/pglite-lock.js'
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
