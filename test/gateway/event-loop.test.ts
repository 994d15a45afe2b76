/**
 * No single request can freeze the server: while one worst-case request is in flight on a real
 * listening server, /healthz keeps answering within 100 ms. Each hostile request sits beside a
 * normal one that must still work (the positive control). The workspace holds what makes regexes
 * and globs backtrack: 255-character names, a folder chain near PATH_MAX, a 1 MB line of `a`s.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let base: string
const NAME = 'a'.repeat(250)
/** 15 folders of 200 `a`s: a path of about 3,000 characters. */
const DEEP = Array.from({ length: 15 }, () => 'a'.repeat(200)).join('/')
/** With `**` in front, the 32 `*` wildcards a glob may hold. */
const STARS = '*a'.repeat(31)

beforeAll(async () => {
  t = await buildTestApp()
  await fs.writeFile(path.join(t.workspace, 'a.txt'), 'hello world\n')
  await fs.mkdir(path.join(t.workspace, 'long'))
  for (let i = 0; i < 200; i++) await fs.writeFile(path.join(t.workspace, 'long', `${NAME}_${String(i).padStart(4, '0')}`), '')
  await fs.mkdir(path.join(t.workspace, DEEP), { recursive: true })
  await fs.writeFile(path.join(t.workspace, DEEP, `${'a'.repeat(254)}b`), '')
  await fs.writeFile(path.join(t.workspace, 'line.txt'), `${'a'.repeat(1 << 20)}\nend aab\n`)
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
  ['Grep with (a+)+$ over a 1 MB line of a\'s', 'Grep', { pattern: '(a+)+$', output_mode: 'count' }],
  ['Grep with (a|aa)*c and (.*a){20} in content mode', 'Grep', { pattern: '(a|aa)*c|(.*a){20}x', output_mode: 'content' }],
  ['Glob with ** and 31 *a against 255-character names and deep paths', 'Glob', { pattern: `**/${STARS}c` }],
  ['fs_glob with 32 *a against the same names', 'fs_glob', { pattern: `long/${STARS}*a_*c` }],
  ['Glob with 33 stars (refused)', 'Glob', { pattern: `**/${STARS}*a*c` }],
  ['Glob with ? and * folders against the deep path', 'Glob', { pattern: `**/${'a/?*/'.repeat(7)}c` }],
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
    expect((await glob.json()).metadata.matches.sort()).toEqual(['a.txt', 'line.txt'])
    const risky = await post('Bash', { command: `${'a'.repeat(50_000)}; rm -rf /` }, dry)
    expect(JSON.stringify(await risky.json())).toMatch(/rm -rf/)
  })
})

describe('hostile searches answer correctly, not just quickly', () => {
  it('Grep: a catastrophic regex still finds what it should (rg matches in linear time)', async () => {
    const res = await post('Grep', { pattern: '(a+)+b$', output_mode: 'content' })
    expect(res.status).toBe(200)
    expect((await res.json()).output).toBe('line.txt:2:end aab')
    const count = await (await post('Grep', { pattern: '(a+)+$', output_mode: 'count' })).json()
    expect(count.output).toBe('line.txt:1')
  })

  it('Glob: many stars match long names and deep paths where they should', async () => {
    const deep = await (await post('Glob', { pattern: `**/${STARS}b` })).json()
    expect(deep.metadata.matches).toEqual([`${DEEP}/${'a'.repeat(254)}b`])
    const long = await (await post('fs_glob', { pattern: `long/${STARS}*a_0?99` })).json()
    expect(long.metadata.matches).toEqual([`long/${NAME}_0099`, `long/${NAME}_0199`])
    const none = await (await post('Glob', { pattern: `**/${STARS}c` })).json()
    expect(none.metadata).toMatchObject({ count: 0, total: 0 })
  })

  it('Glob: past 32 stars or 1024 characters, a 400 that says which limit', async () => {
    const stars = await post('Glob', { pattern: `**/${STARS}*a*c` })
    expect(stars.status).toBe(400)
    expect(await stars.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', error_message: expect.stringMatching(/more than 32 \* or \*\* wildcards/) })
    const long = await post('fs_glob', { pattern: 'a'.repeat(1025) })
    expect(long.status).toBe(400)
    expect((await long.json()).error_message).toMatch(/longer than 1024 characters/)
  })
})
