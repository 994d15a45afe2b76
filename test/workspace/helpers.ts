/** Shared fixtures for the workspace guard tests: real temp folders, real symlinks. */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'

export interface Tree {
  /** Real path of the temp folder holding everything. */
  base: string
  /** The workspace root, `base/ws`. */
  ws: string
  /** A folder outside the workspace, `base/outside`, holding `secret.txt`. */
  out: string
  cleanup: () => Promise<void>
}

export async function makeTree(): Promise<Tree> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolgate-ws-')))
  const ws = path.join(base, 'ws')
  const out = path.join(base, 'outside')
  await fs.mkdir(ws)
  await fs.mkdir(out)
  await fs.writeFile(path.join(out, 'secret.txt'), 'OUTSIDE SECRET')
  await fs.writeFile(path.join(ws, 'a.txt'), 'hello')
  return { base, ws, out, cleanup: () => fs.rm(base, { recursive: true, force: true }) }
}

export async function exists(p: string): Promise<boolean> {
  return fs.lstat(p).then(
    () => true,
    () => false,
  )
}

/** Awaits a promise that must reject with a coded error; checks code, status and message. */
export async function expectCoded(
  promise: Promise<unknown>,
  code: string,
  statusCode: number,
  messagePart: string,
): Promise<Error & { code: string; statusCode: number }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e as Error & { code: string; statusCode: number },
  )
  expect(err, `expected ${code}, but it resolved`).not.toBeNull()
  const e = err as Error & { code: string; statusCode: number }
  expect(e.code).toBe(code)
  expect(e.statusCode).toBe(statusCode)
  expect(e.message).toContain(messagePart)
  // never leak the server's absolute paths
  expect(e.message).not.toContain(os.tmpdir())
  return e
}
