/** Shared fixtures for the workspace guard tests: real temp folders, real symlinks. */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
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

/**
 * Another process swapping two names in a tight loop with renameat2(RENAME_EXCHANGE), so both
 * names always exist (as a racing shell would keep a folder and a link to the outside). With
 * `holdMs`, each name keeps each state that long: checks that take a while then pass more often,
 * and what follows them meets the swap. Resolves, once the first swap is done, to a stop function:
 * a slow interpreter start (a pyenv shim takes ~0.4 s) must not eat the race's time.
 */
export async function startSwapper(a: string, b: string, holdMs: [number, number] = [0, 0]): Promise<() => Promise<void>> {
  const code = [
    'import ctypes, os, sys, time',
    'libc = ctypes.CDLL(None, use_errno=True)',
    'a, b = (os.fsencode(p) for p in sys.argv[1:3])',
    'first, second = (float(s) / 1000 for s in sys.argv[3:5])',
    'libc.renameat2(-100, a, -100, b, 2)',
    'libc.renameat2(-100, a, -100, b, 2)',
    'print("swapping", flush=True)',
    'while True:',
    '  libc.renameat2(-100, a, -100, b, 2)',
    '  if first: time.sleep(first)',
    '  libc.renameat2(-100, a, -100, b, 2)',
    '  if second: time.sleep(second)',
  ].join('\n')
  const child = spawn('python3', ['-c', code, a, b, String(holdMs[0]), String(holdMs[1])], { stdio: ['ignore', 'pipe', 'inherit'] })
  // Resolves once it is gone: no rename of its can land after.
  const stop = () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : (child.kill('SIGKILL'), once(child, 'exit').then(() => {})))
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`the swapper exited (${code}) before swapping`)))
  })
  return stop
}

/**
 * How often each outcome (`ok`, or an error's code) came out of `fn`, called for `ms` milliseconds,
 * and on for up to `moreMs` while `enough` is not yet true (a loaded machine races more slowly).
 */
export async function outcomesOver(
  ms: number,
  fn: () => Promise<unknown>,
  enough: (counts: Map<string, number>) => boolean = () => true,
  moreMs = 4 * ms,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  const until = Date.now() + ms
  const atMost = until + moreMs
  while (Date.now() < until || (!enough(counts) && Date.now() < atMost)) {
    const outcome = await fn().then(
      () => 'ok',
      (err: { code?: string }) => err.code ?? `raw ${String(err)}`,
    )
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
  }
  return counts
}
