/**
 * A dead PGlite thread (a WebAssembly abort) closes the embedded database for good. The real server
 * says so and exits 1, so that a supervisor starts it again, instead of answering 503 until someone
 * notices. Always on PGlite, whichever database the suite runs on: the thread is PGlite's.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN_KEY } from '../helper.js'
import { startServerProcess, type ServerProcess } from '../support/server-process.js'

const ENDER = pathToFileURL(path.join(import.meta.dirname, '../support/pglite-thread-ender.mjs')).href
let server: ServerProcess | undefined
let dirs: string[] = []
afterAll(async () => {
  server?.child.kill('SIGKILL')
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })))
})

const hello = (address: string) =>
  fetch(`${address}/v1/tools/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' }).then((r) => r.status)
const ready = (address: string) => fetch(`${address}/readyz`).then((r) => r.status)
const exited = (child: ServerProcess['child']) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('close', (code) => resolve(code))))

describe('the PGlite thread dies', () => {
  it('makes the server log why and exit 1, where it served until then', async () => {
    const workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-ws-'))
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-data-'))
    dirs = [workspace, dataDir]
    server = await startServerProcess({ workspace, dataDir }, { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${ENDER}`.trim() })
    const { child, address, output } = server
    expect(output()).toContain('PGlite (')
    expect(await hello(address)).toBe(200)
    expect(await ready(address)).toBe(200)

    // The preload ends the thread (the server itself ignores SIGWINCH); the log names the thread's exit as the cause.
    child.kill('SIGWINCH')
    const code = await Promise.race([exited(child), new Promise<'running'>((r) => setTimeout(() => r('running'), 15_000))])
    expect(code, output()).toBe(1)
    expect(output()).toMatch(/embedded database \(PGlite\) stopped: exiting with code 1/)
    expect(output()).toMatch(/PGlite is closed: its thread exited/)
    expect(output()).not.toContain(ADMIN_KEY)
  }, 90_000)
})
