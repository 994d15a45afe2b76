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
import { buildTestApp, LogCapture, type TestApp } from '../helper.js'

const j = (...parts: string[]) => parts.join('')
const GH_TOKEN = j('ghp_', 'LOGPROBEfakeFAKEfake0123456789abcdefAB')

const PRETTY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} (INFO |DEBUG|WARN |ERROR) \[tools\] (Executing tool: hello|Tool hello succeeded)$/
const PRETTY_ANY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) \[[\w-]+\] \S/

describe('JSON lines', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
    await fs.writeFile(path.join(t.workspace, 'notes.txt'), 'hello\n')
  })
  afterAll(async () => t?.close())

  const recordsOf = (executionId: string) => t.logs.records().filter((r) => r.execution_id === executionId)

  it('one info line per successful call: tool, redacted args, success, duration_ms', async () => {
    const before = t.logs.lines.length
    const res = await t.call('hello', { name: `token ${GH_TOKEN}` })
    expect(res.statusCode).toBe(200)
    const added = t.logs.lines.slice(before).map((l) => JSON.parse(l))
    expect(added).toHaveLength(1)
    const [rec] = added
    expect(rec).toMatchObject({
      level: 'info',
      service: 'toolgate',
      component: 'tools',
      msg: 'Tool hello succeeded',
      tool: 'hello',
      success: true,
      execution_id: res.body.execution_id,
      args: { name: 'token [REDACTED:github_token]' },
    })
    expect(typeof rec.duration_ms).toBe('number')
    expect(rec.duration_ms).toBeGreaterThanOrEqual(0)
    expect(new Date(rec.time).toISOString()).toBe(rec.time)
    expect(t.logs.text).not.toContain(GH_TOKEN)
  })

  it('also for a read with a key, naming the caller', async () => {
    const res = await t.call('read_repo_file', { path: 'notes.txt' })
    expect(res.statusCode).toBe(200)
    const recs = recordsOf(res.body.execution_id)
    expect(recs).toHaveLength(1)
    expect(recs[0]).toMatchObject({ level: 'info', tool: 'read_repo_file', success: true, args: { path: 'notes.txt' } })
    expect(recs[0].caller).toMatch(/^key_/)
  })

  it('a failed call logs one warn line "Tool read_repo_file failed: …"', async () => {
    const res = await t.call('read_repo_file', { path: 'missing.txt' })
    expect(res.statusCode).toBe(404)
    const recs = recordsOf(res.body.execution_id)
    expect(recs).toHaveLength(1)
    expect(recs[0]).toMatchObject({ level: 'warn', tool: 'read_repo_file', success: false, error_code: res.body.error_code, args: { path: 'missing.txt' } })
    expect(recs[0].msg).toBe(`Tool read_repo_file failed: ${res.body.error_message}`)
    expect(typeof recs[0].duration_ms).toBe('number')
  })

  it('a call that fails validation logs a warn line with the seed 002 §5 message', async () => {
    const res = await t.call('read_repo_file', {})
    expect(res.statusCode).toBe(400)
    const recs = recordsOf(res.body.execution_id)
    expect(recs).toHaveLength(1)
    expect(recs[0]).toMatchObject({ level: 'warn', success: false, msg: 'Tool read_repo_file failed: Missing required parameter: path' })
  })

  it('no debug lines at the default info level', () => {
    expect(t.logs.records().filter((r) => r.level === 'debug')).toEqual([])
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

  it('LOG_FORMAT=pretty with LOG_LEVEL=debug prints the executing and succeeded lines', async () => {
    const t = await buildTestApp({ env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' } })
    try {
      const before = t.logs.lines.length
      const res = await t.call('hello', { name: `pretty ${GH_TOKEN}` })
      expect(res.statusCode).toBe(200)
      const lines = t.logs.lines.slice(before)
      const tools = lines.filter((l) => l.includes(' [tools] '))
      expect(tools).toHaveLength(2)
      for (const l of tools) expect(l).toMatch(PRETTY)
      expect(tools[0]).toMatch(/ DEBUG \[tools\] Executing tool: hello$/)
      expect(tools[1]).toMatch(/ INFO {2}\[tools\] Tool hello succeeded$/)
      // Nothing in pretty mode is a raw JSON line, and no secret reaches it either.
      for (const l of t.logs.lines) expect(l.startsWith('{')).toBe(false)
      for (const l of t.logs.lines.filter((x) => !/^\s/.test(x))) expect(l).toMatch(PRETTY_ANY)
      expect(t.logs.text).not.toContain(GH_TOKEN)
    } finally {
      await t.close()
    }
  })
})
