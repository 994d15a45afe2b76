/**
 * No single request can freeze the server: while one worst-case request within the documented
 * limits is in flight on a real listening server, and until its history row is written, the event
 * loop is never blocked for 100 ms of CPU time and /healthz answers within 100 ms (plus what the
 * machine's other processes took from us: tests share two cores). TOOLGATE_PRINT_LATENCY=1 prints
 * the figures.
 * Each hostile request sits beside a normal one that must still work (the positive controls).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { expectWithin, loopProbe, type LoopProbe } from '../support/loop-probe.js'
import { BODY_ELEMENTS_MAX, CONTENT_MAX, TEXT_MAX } from '../../src/tools/limits.js'
import { LIMITS } from '../../src/workflows/schema.js'
import { j } from '../support/secret-cases.js'

let t: TestApp
let base: string
let probe: LoopProbe
const NAME = 'a'.repeat(250)
/** 15 folders of 200 `a`s: a path of about 3,000 characters. */
const DEEP = Array.from({ length: 15 }, () => 'a'.repeat(200)).join('/')
/** With `**` in front, the 32 `*` wildcards a glob may hold. */
const STARS = '*a'.repeat(31)

beforeAll(async () => {
  t = await buildTestApp()
  // What makes regexes and globs backtrack: 255-character names, a folder chain near PATH_MAX, a 1 MB line of `a`s.
  await fs.writeFile(path.join(t.workspace, 'a.txt'), 'hello world\n')
  await fs.mkdir(path.join(t.workspace, 'long'))
  for (let i = 0; i < 200; i++) await fs.writeFile(path.join(t.workspace, 'long', `${NAME}_${String(i).padStart(4, '0')}`), '')
  await fs.mkdir(path.join(t.workspace, DEEP), { recursive: true })
  await fs.writeFile(path.join(t.workspace, DEEP, `${'a'.repeat(254)}b`), '')
  await fs.writeFile(path.join(t.workspace, 'line.txt'), `${'a'.repeat(1 << 20)}\nend aab\n`)
  // Workflow files at the size limit: as many steps with expressions as fit, and one map of flow lists.
  await fs.writeFile(
    path.join(t.workspace, 'steps.yaml'),
    workflowOf((i) => STEP(i)),
  )
  await fs.writeFile(
    path.join(t.workspace, 'flow.yaml'),
    workflowOf((i) => `      k${i}: [1, 2, {a: b}]\n`, '  - id: a\n    tool: hello\n    with:\n'),
  )
  base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  probe = loopProbe(t, base)
  // Warm up: the first call of a tool compiles code paths that no later call pays for.
  for (const tool of ['Bash', 'shell', 'Grep', 'Glob', 'analyze', 'summarize', 'hello']) {
    await (await post(tool, { command: 'true', pattern: 'x', text: 'Warm up. A sentence.' }, dry)).text()
  }
  await (await post('Write', { file_path: 'w.txt', content: 'password=x '.repeat(100_000) }, dry)).text()
  await (await post('workflow_validate', { path: 'steps.yaml' })).text()
})
afterAll(async () => {
  await probe?.close()
  await t?.close()
})

const dry = { 'x-dry-run': 'true' }
const post = (tool: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/v1/tools/${tool}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const MB = 1_000_000
const words = (word: string, chars: number) => word.repeat(Math.ceil(chars / word.length)).slice(0, chars)
/** `{"f0":"v","f1":"v",…}` of about `bytes` bytes, built as text: JSON.stringify of it is the slow part. */
function manyFields(count: number): string {
  const parts: string[] = []
  for (let i = 0; i < count; i++) parts.push(`"f${i}":"v"`)
  return `{${parts.join(',')}}`
}
/** A workflow file of nearly LIMITS.fileBytes: `line(i)` repeated after `head`. */
function workflowOf(line: (i: number) => string, head = ''): string {
  let text = `version: 1\nname: big\nparams:\n  p: { type: string, default: x }\nsteps:\n${head}`
  for (let i = 0; text.length + line(i).length < LIMITS.fileBytes; i++) text += line(i)
  return text
}
const STEP = (i: number) =>
  `  - id: s${i}\n    if: \${{ params.p == 'x' && steps.s0.status != 'ok' }}\n    tool: fs_read\n    with: { path: "a/\${{ steps.s${Math.max(0, i - 1)}.output.output }}", tail: 5 }\n`
const AWS = j('AKIA', 'ABCDEFGHIJKLMNOP')
const ANTHROPIC = j('sk-', 'ant-', 'A'.repeat(24))
/** The largest file content a 10 MiB body can carry beside its path. */
const CONTENT = CONTENT_MAX - 1024
const sentences = (chars: number) =>
  Array.from({ length: chars / 10 }, (_, i) => `Word${i} is here.`)
    .join(' ')
    .slice(0, chars)

const hostile: [name: string, tool: string, body: () => unknown, headers?: Record<string, string>][] = [
  ['a 100,000-character one-word Bash command, dry run', 'Bash', () => ({ command: 'a'.repeat(100_000) }), dry],
  ['a 100,000-character Bash command of chmod -R words, dry run', 'Bash', () => ({ command: ' chmod -R'.repeat(11_000).slice(0, 100_000) }), dry],
  ['a 100,000-character shell command of dd words, dry run', 'shell', () => ({ command: ' dd'.repeat(33_000) }), dry],
  ['a long grep pattern', 'Grep', () => ({ pattern: 'a'.repeat(8192) })],
  ['a long glob pattern', 'Glob', () => ({ pattern: `${'*'.repeat(100)}a`.repeat(40).slice(0, 8192) })],
  ["Grep with (a+)+$ over a 1 MB line of a's", 'Grep', () => ({ pattern: '(a+)+$', output_mode: 'count' })],
  ['Grep with (a|aa)*c and (.*a){20} in content mode', 'Grep', () => ({ pattern: '(a|aa)*c|(.*a){20}x', output_mode: 'content' })],
  ['Glob with ** and 31 *a against 255-character names and deep paths', 'Glob', () => ({ pattern: `**/${STARS}c` })],
  ['fs_glob with 32 *a against the same names', 'fs_glob', () => ({ pattern: `long/${STARS}*a_*c` })],
  ['Glob with 33 stars (refused)', 'Glob', () => ({ pattern: `**/${STARS}*a*c` })],
  ['Glob with ? and * folders against the deep path', 'Glob', () => ({ pattern: `**/${'a/?*/'.repeat(7)}c` })],
  ['a parameter named by 100,000 capitals', 'hello', () => ({ ['A'.repeat(100_000)]: 1 })],
  ['a parameter named by 1 MB of capitals', 'hello', () => ({ ['A'.repeat(MB)]: 1 })],
  ['a parameter named by 9 MB of capitals and _password', 'hello', () => ({ [`${'A'.repeat(9 * MB)}_password`]: 'hunter2' })],
  ['analyze of 1 MB of token=AAAA words (over the limit)', 'analyze', () => ({ text: words('token=AAAA ', MB) })],
  ['analyze of token=AAAA words at the limit', 'analyze', () => ({ text: words('token=AAAA ', TEXT_MAX) })],
  ['analyze of "Mr. Mr. …" at the limit', 'analyze', () => ({ text: words('Mr. ', TEXT_MAX) })],
  ['analyze of short sentences at the limit', 'analyze', () => ({ text: sentences(TEXT_MAX) })],
  ['summarize of ". . …" at the limit', 'summarize', () => ({ text: words('. ', TEXT_MAX) })],
  ['summarize of password=x words at the limit', 'summarize', () => ({ text: words('password=hunter2 ', TEXT_MAX) })],
  ['summarize of short sentences at the limit', 'summarize', () => ({ text: sentences(TEXT_MAX) })],
  ['a 10 MiB Write of secret-looking tokens', 'Write', () => ({ file_path: 'big.txt', content: words(`api_key=${ANTHROPIC} ${AWS} `, CONTENT) })],
  ['a 10 MiB Write of password=x words', 'Write', () => ({ file_path: 'big2.txt', content: words('password=x ', CONTENT) })],
  ['a 10 MiB body of small fields (over the limit)', 'hello', () => manyFields(900_000)],
  ['a body of small fields at the limit', 'hello', () => manyFields(BODY_ELEMENTS_MAX)],
  ['workflow_validate of a file of steps with expressions at the size limit', 'workflow_validate', () => ({ path: 'steps.yaml' })],
  ['workflow_validate of a map of flow lists at the size limit', 'workflow_validate', () => ({ path: 'flow.yaml' })],
  // Two containers, n objects and n - 1 commas: 2n + 1 elements.
  [
    'a body of empty objects at the limit',
    'hello',
    () =>
      `{"x":[${Array(Math.floor((BODY_ELEMENTS_MAX - 1) / 2))
        .fill('{}')
        .join(',')}]}`,
  ],
]

describe('the event loop and /healthz while one hostile request runs', () => {
  it.each(hostile)(
    'stay under 100 ms during %s',
    async (name, tool, body, headers) => {
      const payload = Buffer.from(typeof body() === 'string' ? (body() as string) : JSON.stringify(body()))
      const d = await probe.bestOf3(() => probe.send(tool, payload, headers), name)
      expect(d.status).toBeLessThan(500)
      // What the request itself holds the loop for, on an idle machine; /healthz within 100 ms, but
      // for the time the machine's neighbours took from us, and a turn of its own.
      expectWithin(d)
    },
    120_000,
  )

  it('the monitor sees a block: a request that holds the loop for 150 ms is measured as such', async () => {
    const { loopMs, cpuMs, healthMs } = await probe.during(async () => {
      // 150 ms of CPU, not of wall time: on a busy machine we may get a fraction of a core.
      const started = process.cpuUsage()
      for (let used = 0; used < 150_000; used = process.cpuUsage(started).user + process.cpuUsage(started).system);
      const res = await fetch(`${base}/healthz`)
      return { status: res.status, text: await res.text() }
    })
    expect(loopMs).toBeGreaterThanOrEqual(100)
    expect(cpuMs).toBeGreaterThanOrEqual(100)
    // The /healthz poller saw it too: a round trip waited out the block.
    expect(healthMs).toBeGreaterThanOrEqual(100)
  })

  // A block that spends no CPU passed as ~6 ms when blocks were measured in CPU time (an attacker review).
  it('the monitor sees a block that spends no CPU: a sync child process of 500 ms fails the bound', async () => {
    const d = await probe.during(async () => {
      execFileSync('sleep', ['0.5']) // over the bound however slow the machine (it scales to 250 ms at most)
      const res = await fetch(`${base}/healthz`)
      return { status: res.status, text: await res.text() }
    })
    expect(d.heldMs, JSON.stringify({ ...d, body: undefined })).toBeGreaterThanOrEqual(450)
    expect(d.cpuMs).toBeLessThan(100)
    expect(() => expectWithin(d)).toThrow()
  })

  it('positive controls: normal calls of the same tools still work', async () => {
    const bash = await post('Bash', { command: 'echo ok' }, dry)
    expect(bash.status).toBe(200)
    const grep = await post('Grep', { pattern: 'hello' })
    expect((await grep.json()).output).toContain('a.txt')
    const glob = await post('Glob', { pattern: 'a.*' })
    expect((await glob.json()).metadata.matches).toEqual(['a.txt'])
    const risky = await post('Bash', { command: `${'a'.repeat(50_000)}; rm -rf /` }, dry)
    expect(JSON.stringify(await risky.json())).toMatch(/rm -rf/)
    const analyze = await (await post('analyze', { text: 'Mr. Smith went home. He slept.' })).json()
    expect(analyze.metadata).toMatchObject({ sentences: 2, words: 6 })
    const summary = await (await post('summarize', { text: sentences(TEXT_MAX) })).json()
    expect(summary.metadata.sentences_total).toBeGreaterThan(2500)
    const many = await post('http', manyFields(10), dry)
    expect((await many.json()).error_code).toBe('VALIDATION_ERROR')
  })
})

describe('what a large call leaves in the log and in history', () => {
  it('a 10 MiB Write lands whole on disk; its log line and history row are short and hold no secret in clear', async () => {
    const content = words(`api_key=${ANTHROPIC} ${AWS} `, CONTENT)
    const res = await post('Write', { file_path: 'secrets.txt', content })
    const body = await res.json()
    expect(body.metadata.bytes_written).toBe(CONTENT)
    expect((await fs.stat(path.join(t.workspace, 'secrets.txt'))).size).toBe(CONTENT)
    await t.app.history.flush()
    const line = t.logs.lines.find((l) => l.includes(body.execution_id) && l.includes('succeeded'))!
    expect(line.length).toBeLessThan(20_000)
    expect(line).toContain('[REDACTED:')
    const row = await t.app.history.get(body.execution_id)
    const stored = (row!.params as { content: string }).content
    expect(stored.length).toBeLessThan(70_000)
    expect(stored).toMatch(/characters cut\]$/)
    for (const text of [line, JSON.stringify(row)]) {
      expect(text).not.toContain(AWS)
      expect(text).not.toContain(ANTHROPIC)
      expect(text).not.toContain(AWS.slice(0, 8))
    }
  }, 60_000)

  it('a body over the element limit is refused with 413 before it is parsed', async () => {
    const res = await post('hello', manyFields(BODY_ELEMENTS_MAX + 1))
    expect(res.status).toBe(413)
    expect((await res.json()).error_message).toContain(`${BODY_ELEMENTS_MAX} JSON elements`)
  })
})

describe('hostile searches answer correctly, not just quickly', () => {
  it('Grep: a catastrophic regex still finds what it should (rg matches in linear time)', async () => {
    const res = await post('Grep', { pattern: '(a+)+b$', output_mode: 'content' })
    expect(res.status).toBe(200)
    expect((await res.json()).output).toBe('line.txt:2:end aab')
    const count = await (await post('Grep', { pattern: '(a+)+$', output_mode: 'count', glob: '*.txt' })).json()
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
