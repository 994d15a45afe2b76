/**
 * Shared fixtures for the file tool suites: the real app with every tool plus the file tools,
 * a folder outside the workspace and a prefix sibling (`<ws>_evil`) to escape to, and a snapshot
 * of whole trees to prove that a call changed nothing.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { allTools } from '../../../src/tools/index.js'
import { fileTools } from '../../../src/tools/fs/index.js'
import { buildTestApp, type TestApp, type TestAppOptions } from '../../helper.js'

export interface FsFixture {
  t: TestApp
  /** Real path of the workspace root. */
  ws: string
  /** Real path of a folder outside the workspace, holding `secret.txt`. */
  outside: string
  /** `<ws>_evil`: shares the root's name as a prefix, holding `x`. */
  sibling: string
  call(tool: string, body: unknown, headers?: Record<string, string>): ReturnType<TestApp['call']>
  file(rel: string, content?: string | Buffer): Promise<string>
  close(): Promise<void>
}

export async function fsFixture(opts: TestAppOptions = {}): Promise<FsFixture> {
  const tools = [...new Map([...allTools, ...fileTools].map((t) => [t.name, t])).values()]
  const t = await buildTestApp({ tools, ...opts })
  const ws = await fs.realpath(t.workspace)
  const outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-fs-outside-')))
  await fs.writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE SECRET\n')
  const sibling = `${ws}_evil`
  await fs.mkdir(sibling, { recursive: true })
  await fs.writeFile(path.join(sibling, 'x'), 'EVIL SIBLING\n')
  return {
    t,
    ws,
    outside,
    sibling,
    call: (tool, body, headers) => t.call(tool, body, { headers }),
    async file(rel, content = '') {
      const p = path.join(ws, rel)
      await fs.mkdir(path.dirname(p), { recursive: true })
      await fs.writeFile(p, content)
      return p
    },
    async close() {
      await t.close()
      await fs.rm(outside, { recursive: true, force: true })
      await fs.rm(sibling, { recursive: true, force: true })
    },
  }
}

type Res = { statusCode: number; body: any }

/** A successful ToolResult answer. */
export function expectOk(res: Res): any {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  expect(res.body).toMatchObject({ status: 'ok', success: true, error: null })
  expect(typeof res.body.output).toBe('string')
  return res.body
}

/**
 * A failed ToolResult answer: status, code, message part, `success: false` with the message in
 * `error`, and no server path anywhere in the body.
 */
export function expectFail(res: Res, status: number, code: string, message: string | RegExp, fx?: FsFixture): any {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(status)
  expect(res.body).toMatchObject({ status: 'error', error_code: code, success: false })
  expect(res.body.error).toBe(res.body.error_message)
  if (typeof message === 'string') expect(res.body.error_message).toContain(message)
  else expect(res.body.error_message).toMatch(message)
  const text = JSON.stringify(res.body)
  expect(text).not.toContain(os.tmpdir() + path.sep)
  if (fx) for (const p of [fx.ws, fx.outside, fx.sibling]) expect(text).not.toContain(p)
  return res.body
}

/** Every path under `dirs` with its kind and content (link targets, file bytes), for before/after. */
export async function snapshot(...dirs: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (p: string): Promise<void> => {
    const st = await fs.lstat(p)
    if (st.isSymbolicLink()) out[p] = `link ${await fs.readlink(p)}`
    else if (st.isDirectory()) {
      out[p] = `dir ${(st.mode & 0o777).toString(8)}`
      for (const name of (await fs.readdir(p)).sort()) await walk(path.join(p, name))
    } else out[p] = `file ${st.size} ${st.mtimeMs} ${(await fs.readFile(p)).toString('base64')}`
  }
  for (const d of dirs) await walk(d)
  return out
}

export const exists = (p: string) =>
  fs.lstat(p).then(
    () => true,
    () => false,
  )
export const DRY = { 'x-dry-run': 'true' }
