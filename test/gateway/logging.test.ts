/**
 * Logs: pino JSON lines, exactly one per tool call (tool, redacted args, success, duration), a
 * warning for a failed call, and seed 002 §10's human format with LOG_FORMAT=pretty.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, formatPretty } from '../../src/logging/logger.js'
import { RequestLogger } from '../../src/logging/request-logger.js'
import { createRedactor } from '../../src/redaction/index.js'
import { Type } from 'typebox'
import { defineTool, type AnyTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { buildTestApp, LogCapture, type TestApp } from '../helper.js'

const j = (...parts: string[]) => parts.join('')
const GH_TOKEN = j('ghp_', 'LOGPROBEfakeFAKEfake0123456789abcdefAB')

const boom: AnyTool = defineTool({
  name: 'boom',
  toolset: 'test',
  category: 'OTHER',
  description: 'Throws a plain error.',
  scope: 'public',
  input: Type.Object({}),
  output: Type.Object({}),
  execute: () => {
    throw new Error('kaboom in the tool')
  },
}) as AnyTool

const PRETTY =
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} (INFO |DEBUG|WARN |ERROR) \[tools\] (Executing tool: hello|Parameters: |Context: |Result: |Tool hello succeeded)/
const PRETTY_ANY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) \[[\w-]+\] \S/

describe('JSON lines', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ tools: [...allTools, boom] })
    await fs.writeFile(path.join(t.workspace, 'notes.txt'), 'hello\n')
  })
  afterAll(async () => t?.close())

  const recordsOf = (executionId: string) => t.logs.records().filter((r) => r.execution_id === executionId)

  it('a successful call: INFO "Executing tool" then INFO "succeeded", with execution id, tool, caller, duration and redacted args', async () => {
    const before = t.logs.lines.length
    const res = await t.call('hello', { name: `token ${GH_TOKEN}` })
    expect(res.statusCode).toBe(200)
    const added = t.logs.lines.slice(before).map((l) => JSON.parse(l))
    expect(added).toHaveLength(2)
    const [start, end] = added
    const ids = { component: 'tools', tool: 'hello', execution_id: res.body.execution_id, caller: expect.stringMatching(/^key_/) }
    expect(start).toMatchObject({ level: 'info', service: 'toolgate', msg: 'Executing tool: hello', ...ids })
    expect(end).toMatchObject({
      level: 'info',
      service: 'toolgate',
      msg: 'Tool hello succeeded',
      success: true,
      args: { name: 'token [REDACTED:github_token]' },
      ...ids,
    })
    expect(typeof end.duration_ms).toBe('number')
    expect(end.duration_ms).toBeGreaterThanOrEqual(0)
    expect(new Date(end.time).toISOString()).toBe(end.time)
    expect(t.logs.text).not.toContain(GH_TOKEN)
  })

  it('also for a read with a key, naming the caller', async () => {
    const res = await t.call('read_repo_file', { path: 'notes.txt' })
    expect(res.statusCode).toBe(200)
    const recs = recordsOf(res.body.execution_id)
    expect(recs.map((r) => r.msg)).toEqual(['Executing tool: read_repo_file', 'Tool read_repo_file succeeded'])
    expect(recs[1]).toMatchObject({ level: 'info', tool: 'read_repo_file', success: true, args: { path: 'notes.txt' } })
    for (const r of recs) expect(r.caller).toMatch(/^key_/)
  })

  it('a failed call logs a warn line "Tool read_repo_file failed: …"', async () => {
    const res = await t.call('read_repo_file', { path: 'missing.txt' })
    expect(res.statusCode).toBe(404)
    const recs = recordsOf(res.body.execution_id)
    expect(recs.map((r) => r.level)).toEqual(['info', 'warn'])
    expect(recs[1]).toMatchObject({ level: 'warn', tool: 'read_repo_file', success: false, error_code: res.body.error_code, args: { path: 'missing.txt' } })
    expect(recs[1].msg).toBe(`Tool read_repo_file failed: ${res.body.error_message}`)
    expect(typeof recs[1].duration_ms).toBe('number')
  })

  it('a call that fails validation never runs: one warn line with the seed 002 §5 message', async () => {
    const res = await t.call('read_repo_file', {})
    expect(res.statusCode).toBe(400)
    const recs = recordsOf(res.body.execution_id)
    expect(recs).toHaveLength(1)
    expect(recs[0]).toMatchObject({ level: 'warn', success: false, msg: 'Tool read_repo_file failed: Missing required parameter: path' })
  })

  it("a tool's own failure (Bash exiting 3) is a failure in the log and an error in history, though the answer is 200", async () => {
    const key = await t.key(['exec'], 'runner')
    const res = await t.call('Bash', { command: 'echo partial; exit 3' }, { key })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: false, error: 'Command exited with code 3', metadata: { returncode: 3 } })
    const recs = recordsOf(res.body.execution_id)
    expect(recs.map((r) => [r.level, r.msg])).toEqual([
      ['info', 'Executing tool: Bash'],
      ['warn', 'Tool Bash failed: Command exited with code 3'],
    ])
    expect(recs[1]).toMatchObject({ success: false, error_code: 'TOOL_FAILED' })
    const row = await executionRow(res.body.execution_id)
    expect(row).toMatchObject({ status: 'error', error_code: 'TOOL_FAILED', error: 'Command exited with code 3', http_status: 200 })
    // Positive control: the same command exiting 0 is a success everywhere.
    const ok = await t.call('Bash', { command: 'echo fine' }, { key })
    expect(recordsOf(ok.body.execution_id).map((r) => r.msg)).toEqual(['Executing tool: Bash', 'Tool Bash succeeded'])
    expect(await executionRow(ok.body.execution_id)).toMatchObject({ status: 'ok', error_code: null })
  })

  it('git_commit while commits are disabled is a failure too', async () => {
    const res = await t.call('git_commit', { message: 'x' }, { key: await t.key(['write'], 'committer') })
    expect(res.statusCode).toBe(200)
    expect(res.body.success).toBe(false)
    const end = recordsOf(res.body.execution_id).find((r) => r.msg.startsWith('Tool git_commit'))
    expect(end).toMatchObject({ level: 'warn', success: false })
    expect(end!.msg).toMatch(/^Tool git_commit failed: /)
    expect(await executionRow(res.body.execution_id)).toMatchObject({ status: 'error', error_code: 'TOOL_FAILED' })
  })

  it('an unexpected error: ERROR "Tool boom raised exception: Error: …" with the stack; the answer does not leak it', async () => {
    const res = await t.call('boom', {}, { key: '' })
    expect(res.statusCode).toBe(500)
    expect(JSON.stringify(res.body)).not.toContain('kaboom')
    const raised = recordsOf(res.body.execution_id).find((r) => r.level === 'error')
    expect(raised).toMatchObject({ tool: 'boom', msg: 'Tool boom raised exception: Error: kaboom in the tool' })
    expect(raised!.err.stack).toContain('logging.test.ts')
  })

  it('no debug lines at the default info level', () => {
    expect(t.logs.records().filter((r) => r.level === 'debug')).toEqual([])
  })

  async function executionRow(id: string) {
    await t.app.history.flush()
    const res = await t.app.inject({ url: `/v1/executions/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    return res.json().execution
  }
})

describe('DEBUG lines (seed 002 §10)', () => {
  it('Parameters (redacted), Context and Result between the INFO lines, all with the execution id', async () => {
    const t = await buildTestApp({ env: { LOG_LEVEL: 'debug' } })
    try {
      const res = await t.call('hello', { name: `dbg ${GH_TOKEN}` }, { headers: { 'x-session-id': 'sess_1', 'x-timeout-ms': '5000' } })
      const recs = t.logs.records().filter((r) => r.execution_id === res.body.execution_id)
      const { message, timestamp } = res.body
      const size = Buffer.byteLength(JSON.stringify({ message, timestamp }))
      expect(recs.map((r) => [r.level, r.msg])).toEqual([
        ['info', 'Executing tool: hello'],
        ['debug', 'Parameters: {"name":"dbg [REDACTED:github_token]"}'],
        [
          'debug',
          expect.stringMatching(/^Context: working_dir=\S+, timeout=5s, max_output_size=\d+, dry_run=false, session_id=sess_1, agent_id=-, request_id=\S+$/),
        ],
        ['debug', expect.stringMatching(new RegExp(`^Result: success=true, output_size=${size}, duration_ms=[\\d.]+$`))],
        ['info', 'Tool hello succeeded'],
      ])
      expect(recs[2].msg).toContain(`working_dir=${t.app.workspaceRoot}, timeout=5s, max_output_size=${t.config.maxOutputSize},`)
      expect(t.logs.text).not.toContain(GH_TOKEN)
    } finally {
      await t.close()
    }
  })
})

describe('redaction of bindings', () => {
  it("cleans child-logger bindings such as Fastify's reqId (taken from X-Request-Id)", () => {
    const out = new LogCapture()
    const log = createLogger({ logLevel: 'info', logFormat: 'json' }, createRedactor(), out)
    log.child({ reqId: GH_TOKEN }).child({ password: 'plain-words' }).info({ ok: 1 }, 'hi')
    const [rec] = out.records()
    expect(rec).toMatchObject({ service: 'toolgate', reqId: '[REDACTED:github_token]', password: '[REDACTED]', ok: 1, msg: 'hi' })
    expect(out.text).not.toContain(GH_TOKEN)
  })
})

describe('request loggers', () => {
  it('are made on the first line a request logs, bound to its request id and cleaned like any child', () => {
    const out = new LogCapture()
    const log = createLogger({ logLevel: 'info', logFormat: 'json' }, createRedactor(), out)
    let children = 0
    const child = log.child
    log.child = function (this: typeof log, ...args: Parameters<typeof child>) {
      children++
      return child.apply(this, args)
    } as typeof log.child
    const quiet = new RequestLogger(log, { reqId: 'r-1' }, {})
    expect(quiet.level).toBe('info')
    expect(children).toBe(0)
    const loud = new RequestLogger(log, { reqId: GH_TOKEN }, {})
    loud.info({ ok: 1 }, 'first')
    loud.warn('second')
    loud.debug('below the level')
    expect(children).toBe(1)
    expect(out.records()).toMatchObject([
      { level: 'info', reqId: '[REDACTED:github_token]', ok: 1, msg: 'first' },
      { level: 'warn', reqId: '[REDACTED:github_token]', msg: 'second' },
    ])
    loud.child({ part: 'upload' }).error('third')
    expect(children).toBe(2)
    expect(out.records()[2]).toMatchObject({ level: 'error', reqId: '[REDACTED:github_token]', part: 'upload', msg: 'third' })
  })

  it("serve Fastify's request.log: a route that logs through it writes its line with the request id", async () => {
    const t = await buildTestApp()
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/snapshots',
        headers: { authorization: `Bearer ${t.adminKey}`, 'x-request-id': 'trace-7' },
        payload: { type: 'manual', thread_id: 1, thread_position: 0 },
      })
      expect(res.statusCode).toBeLessThan(300)
      expect(t.logs.records().find((r) => typeof r.msg === 'string' && r.msg.startsWith('Snapshot '))).toMatchObject({ reqId: 'trace-7', level: 'info' })
    } finally {
      await t.close()
    }
  })
})

describe('pretty format (seed 002 §10)', () => {
  it('formatPretty prints "date time.ms LEVEL [component] message"', () => {
    const time = new Date(2024, 0, 15, 10, 23, 45, 123).getTime()
    expect(formatPretty({ time, level: 'info', component: 'tools', msg: 'Executing tool: Read' })).toBe(
      '2024-01-15 10:23:45.123 INFO  [tools] Executing tool: Read',
    )
    expect(formatPretty({ time, level: 'debug', component: 'tools', msg: 'Executing tool: Read' })).toBe(
      '2024-01-15 10:23:45.123 DEBUG [tools] Executing tool: Read',
    )
    expect(formatPretty({ time, level: 'warn', component: 'tools', msg: 'Tool Read failed: File not found: /path/to/file' })).toBe(
      '2024-01-15 10:23:45.123 WARN  [tools] Tool Read failed: File not found: /path/to/file',
    )
    expect(formatPretty({ time, level: 40, component: 'tools', msg: 'numeric level' })).toBe('2024-01-15 10:23:45.123 WARN  [tools] numeric level')
    const err = formatPretty({
      time,
      level: 'error',
      component: 'tools',
      msg: 'Tool Bash raised exception: OSError',
      err: { stack: 'Error: boom\n    at execute (tools/base.ts:45)' },
    }).split('\n')
    expect(err[0]).toBe('2024-01-15 10:23:45.123 ERROR [tools] Tool Bash raised exception: OSError')
    expect(err[1]).toMatch(/^ {20,}Error: boom$/)
    expect(err[2]).toMatch(/^ {20,}at execute \(tools\/base\.ts:45\)$/)
  })

  it('fields after the message, logfmt-style; no stack below ERROR but the error message', () => {
    const time = new Date(2024, 0, 15, 10, 23, 45, 123).getTime()
    const rec = { time, level: 'info', component: 'tools', service: 'toolgate', msg: 'Tool Read succeeded', execution_id: 'e1', tool: 'Read', caller: 'key_1' }
    expect(formatPretty({ ...rec, success: true, duration_ms: 12.5, args: { file_path: 'x' } })).toBe(
      '2024-01-15 10:23:45.123 INFO  [tools] Tool Read succeeded execution_id=e1 tool=Read caller=key_1 success=true duration_ms=12.5',
    )
    expect(formatPretty({ time, level: 'info', component: 'corpus', msg: 'import', counts: { lines: 3 }, note: 'two words' })).toBe(
      '2024-01-15 10:23:45.123 INFO  [corpus] import counts={"lines":3} note="two words"',
    )
    expect(formatPretty({ time, level: 'warn', msg: 'Redis unavailable', err: { message: 'ECONNREFUSED', stack: 'Error: ECONNREFUSED\n    at x' } })).toBe(
      '2024-01-15 10:23:45.123 WARN  [server] Redis unavailable err=ECONNREFUSED',
    )
  })

  it('LOG_FORMAT=pretty with LOG_LEVEL=debug prints the five lines of a call, each with its execution id and caller', async () => {
    const t = await buildTestApp({ env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' } })
    try {
      const before = t.logs.lines.length
      const res = await t.call('hello', { name: `pretty ${GH_TOKEN}` })
      expect(res.statusCode).toBe(200)
      const lines = t.logs.lines.slice(before)
      const tools = lines.filter((l) => l.includes(' [tools] '))
      expect(tools).toHaveLength(5)
      for (const l of tools) {
        expect(l).toMatch(PRETTY)
        expect(l).toContain(` execution_id=${res.body.execution_id} tool=hello caller=key_`)
      }
      expect(tools[0]).toMatch(/ INFO {2}\[tools\] Executing tool: hello execution_id=/)
      expect(tools[1]).toMatch(/ DEBUG \[tools\] Parameters: \{"name":"pretty \[REDACTED:github_token\]"\} execution_id=/)
      expect(tools[2]).toMatch(/ DEBUG \[tools\] Context: working_dir=/)
      expect(tools[3]).toMatch(/ DEBUG \[tools\] Result: success=true, output_size=\d+, duration_ms=/)
      expect(tools[4]).toMatch(/ INFO {2}\[tools\] Tool hello succeeded execution_id=\S+ tool=hello caller=key_\w+ success=true duration_ms=[\d.]+$/)
      // Nothing in pretty mode is a raw JSON line, and no secret reaches it either.
      for (const l of t.logs.lines) expect(l.startsWith('{')).toBe(false)
      for (const l of t.logs.lines.filter((x) => !/^\s/.test(x))) expect(l).toMatch(PRETTY_ANY)
      expect(t.logs.text).not.toContain(GH_TOKEN)
    } finally {
      await t.close()
    }
  })
})
