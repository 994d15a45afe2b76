/**
 * No single request can freeze the server: while one worst-case request is in flight on a real
 * listening server, /healthz keeps answering within 100 ms. Each hostile request sits beside a
 * normal one that must still work (the positive control).
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let base: string
beforeAll(async () => {
  t = await buildTestApp()
  await fs.writeFile(path.join(t.workspace, 'a.txt'), 'hello world\n')
  base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  // Warm up: the first call of a tool compiles code paths that no later call pays for.
  for (const tool of ['Bash', 'shell', 'Grep', 'Glob']) await (await post(tool, { command: 'true', pattern: 'x' }, { 'x-dry-run': 'true' })).text()
})
afterAll(async () => t?.close())

const post = (tool: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/v1/tools/${tool}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** Polls /healthz every 10 ms while `work` runs; returns the slowest answer and the work's status. */
async function healthDuring(work: () => Promise<Response>): Promise<{ worstMs: number; status: number; body: any }> {
  let done = false
  let worstMs = 0
  const poll = (async () => {
    while (!done) {
      const started = performance.now()
      const res = await fetch(`${base}/healthz`)
      await res.text()
      worstMs = Math.max(worstMs, performance.now() - started)
      await new Promise((r) => setTimeout(r, 10))
    }
  })()
  const res = await work()
  const body = await res.json()
  done = true
  await poll
  return { worstMs, status: res.status, body }
}

const dry = { 'x-dry-run': 'true' }
const hostile: [name: string, tool: string, body: unknown, headers?: Record<string, string>][] = [
  ['a 100,000-character one-word Bash command, dry run', 'Bash', { command: 'a'.repeat(100_000) }, dry],
  ['a 100,000-character Bash command of chmod -R words, dry run', 'Bash', { command: ' chmod -R'.repeat(11_000).slice(0, 100_000) }, dry],
  ['a 100,000-character shell command of dd words, dry run', 'shell', { command: ' dd'.repeat(33_000) }, dry],
  ['a long grep pattern', 'Grep', { pattern: 'a'.repeat(8192) }],
  ['a long glob pattern', 'Glob', { pattern: `${'*'.repeat(100)}a`.repeat(40).slice(0, 8192) }],
  ['a parameter named by 100,000 capitals', 'hello', { ['A'.repeat(100_000)]: 1 }],
]

describe('/healthz while one hostile request runs', () => {
  it.each(hostile)('stays under 100 ms during %s', async (name, tool, body, headers) => {
    const { worstMs, status } = await healthDuring(() => post(tool, body, headers))
    if (process.env.TOOLGATE_PRINT_LATENCY) process.stdout.write(`healthz worst ${worstMs.toFixed(1)} ms during ${name}\n`)
    expect(status).toBeLessThan(500)
    expect(worstMs).toBeLessThan(100)
  }, 60_000)

  it('positive controls: normal calls of the same tools still work', async () => {
    const bash = await post('Bash', { command: 'echo ok' }, dry)
    expect(bash.status).toBe(200)
    const grep = await post('Grep', { pattern: 'hello' })
    expect((await grep.json()).output).toContain('a.txt')
    const glob = await post('Glob', { pattern: '*.txt' })
    expect((await glob.json()).metadata.matches).toEqual(['a.txt'])
    const risky = await post('Bash', { command: `${'a'.repeat(50_000)}; rm -rf /` }, dry)
    expect(JSON.stringify(await risky.json())).toMatch(/rm -rf/)
  })
})
