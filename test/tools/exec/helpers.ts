/** The real app with every tool plus the exec tools, and small helpers for process checks. */
import { promises as fs } from 'node:fs'
import { allTools } from '../../../src/tools/index.js'
import { execTools } from '../../../src/tools/exec/index.js'
import type { AnyTool } from '../../../src/tools/define.js'
import { buildTestApp, type TestApp, type TestAppOptions } from '../../helper.js'

export const tools: AnyTool[] = [...new Map([...allTools, ...execTools].map((t) => [t.name, t])).values()]

export const buildExecApp = (opts: TestAppOptions = {}): Promise<TestApp> => buildTestApp({ tools, ...opts })

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** True while `pid` runs; a zombie (ended, not yet reaped by its new parent) counts as gone. */
export async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  return !/^\d+ \(.*\) Z/.test(stat)
}

/** Waits up to `ms` for `pid` to be gone; returns whether it is. */
export async function gone(pid: number, ms = 3_000): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (!(await alive(pid))) return true
    await sleep(50)
  }
  return !(await alive(pid))
}

/** Waits until `read()` gives a truthy value (polling), or fails after `ms`. */
export async function until<T>(read: () => Promise<T>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (v || Date.now() > end) return v
    await sleep(50)
  }
}

export function expectError(res: { statusCode: number; body: any }, status: number, code: string, message?: string) {
  if (res.statusCode !== status || res.body.error_code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.statusCode}: ${JSON.stringify(res.body)}`)
  }
  if (message !== undefined && !String(res.body.error_message).includes(message)) {
    throw new Error(`expected error_message to contain ${JSON.stringify(message)}, got ${JSON.stringify(res.body.error_message)}`)
  }
}

/**
 * Host pids of live processes whose command line contains `marker` (a sandboxed process numbers
 * itself in its own pid namespace, so `$$` inside says nothing outside). Use a marker unique to
 * the test, such as `sleep 3017`.
 */
export async function running(marker: string): Promise<number[]> {
  const pids: number[] = []
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue
    const cmd = await fs.readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '')
    if (cmd.split('\0').join(' ').includes(marker) && (await alive(Number(name)))) pids.push(Number(name))
  }
  return pids
}

/** Waits up to `ms` for every process running `marker` to be gone; returns whether they are. */
export async function allGone(marker: string, ms = 3_000): Promise<boolean> {
  return Boolean(await until(async () => (await running(marker)).length === 0, ms))
}
