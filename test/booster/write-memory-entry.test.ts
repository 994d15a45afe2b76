/**
 * write_memory_entry through the real app: the checks made before a call is held, dry runs, the
 * append itself once approved (exact bytes, no interleaving under concurrency), and a memory folder
 * that is a symlink out of the workspace.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let ws: string
let reviewer: string // four eyes: calls are made with the admin key, so another key approves them

const call = (file: unknown, entry: unknown, headers?: Record<string, string>) => t.call('write_memory_entry', { file, entry }, { headers })
const approve = (id: string) =>
  t.app.inject({ method: 'POST', url: `/v1/approvals/${id}/approve`, headers: { authorization: `Bearer ${reviewer}` }, payload: {} })
const approvalsAll = async (): Promise<any[]> =>
  (await t.app.inject({ method: 'GET', url: '/v1/approvals?status=all&limit=500', headers: { authorization: `Bearer ${t.adminKey}` } })).json().approvals
const memFile = (name: string) => path.join(ws, 'memory', name)
const readOrNull = (p: string) => fs.readFile(p, 'utf8').catch(() => null)

function expectError(res: { statusCode: number; body: any }, status: number, code: string, message: string) {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(status)
  expect(res.body).toMatchObject({ status: 'error', error_code: code })
  expect(res.body.error_message).toContain(message)
}

/** Calls, expects 202, approves, expects the tool ran; returns the approve answer. */
async function callAndApprove(file: string, entry: string) {
  const held = await call(file, entry)
  expect(held.statusCode, JSON.stringify(held.body)).toBe(202)
  const res = await approve(held.body.approval_id)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

beforeAll(async () => {
  t = await buildTestApp()
  ws = await fs.realpath(t.workspace)
  reviewer = await t.key(['approve'], 'reviewer')
})
afterAll(async () => t.close())

describe('write_memory_entry: checks before anything is held', () => {
  it('accepts only the three memory files', async () => {
    for (const bad of ['notes.md', '../progress_log.jsonl', 'memory/progress_log.jsonl', 'PROGRESS_LOG.JSONL', '.env', '']) {
      const res = await call(bad, '{"a":1}')
      expectError(res, 400, 'VALIDATION_ERROR', "Invalid value for file: must be one of ['progress_log.jsonl', 'decisions.jsonl', 'best_practices.md']")
      expect(res.body.approval_id).toBeUndefined()
    }
    expectError(await t.call('write_memory_entry', { file: 'decisions.jsonl' }), 400, 'VALIDATION_ERROR', 'Missing required parameter: entry')
    expectError(await t.call('write_memory_entry', { entry: 'x' }), 400, 'VALIDATION_ERROR', 'Missing required parameter: file')
    expectError(await call('decisions.jsonl', 42), 400, 'VALIDATION_ERROR', 'Invalid type for entry: expected string')
  })

  it('limits entries to 10240 UTF-8 bytes, counted in bytes, and holds nothing when over', async () => {
    const before = (await approvalsAll()).length
    const exact = 'é'.repeat(5120) // 5120 characters, 10240 bytes
    expect(Buffer.byteLength(exact)).toBe(10240)
    const over = `${exact}a` // 5121 characters, 10241 bytes
    const big = await call('best_practices.md', over)
    expectError(big, 413, 'ENTRY_TOO_LARGE', 'Entry is 10241 bytes; the limit is 10240 bytes (10 KB)')
    expect(big.body.approval_id).toBeUndefined()
    const bigJson = await call('progress_log.jsonl', JSON.stringify({ text: 'x'.repeat(10_300) }))
    expectError(bigJson, 413, 'ENTRY_TOO_LARGE', 'the limit is 10240 bytes')
    const after = await approvalsAll()
    expect(after.length).toBe(before)
    expect(after.map((a) => a.execution_id)).not.toContain(big.body.execution_id)
    expect(await readOrNull(memFile('best_practices.md'))).toBeNull()

    // exactly at the limit is held, and once approved writes the entry and its newline
    const done = await callAndApprove('best_practices.md', exact)
    expect(done.result).toMatchObject({ status: 'ok', success: true, bytes_written: 10241 })
    expect(await fs.readFile(memFile('best_practices.md'), 'utf8')).toBe(`${exact}\n`)
    await fs.rm(memFile('best_practices.md'))
  })

  it('wants .jsonl entries to be one valid JSON value on one line', async () => {
    const before = (await approvalsAll()).length
    expectError(await call('progress_log.jsonl', 'not json at all'), 400, 'INVALID_JSONL', 'progress_log.jsonl takes valid JSON lines')
    expectError(await call('decisions.jsonl', '{"a": 1,}'), 400, 'INVALID_JSONL', 'decisions.jsonl takes valid JSON lines')
    expectError(await call('decisions.jsonl', '{"a":1}{"b":2}'), 400, 'INVALID_JSONL', 'takes valid JSON lines')
    const pretty = JSON.stringify({ event: 'task_complete', task: 'EDA' }, null, 2)
    expectError(
      await call('progress_log.jsonl', pretty),
      400,
      'INVALID_JSONL',
      'progress_log.jsonl takes one JSON value on one line; the entry spans several lines',
    )
    expectError(await call('progress_log.jsonl', '{"a":1}\n{"b":2}'), 400, 'INVALID_JSONL', 'spans several lines')
    expectError(await call('progress_log.jsonl', '{"a":1}\r{"b":2}'), 400, 'INVALID_JSONL', 'spans several lines')
    expect((await approvalsAll()).length).toBe(before)
  })

  it('lets .md entries be any text, several lines included', async () => {
    const md = '## Use small PRs\n\n- not { json\n- "quotes" and ünïcödé ✓'
    const done = await callAndApprove('best_practices.md', md)
    expect(done.result).toMatchObject({ success: true, bytes_written: Buffer.byteLength(md) + 1 })
    expect(await fs.readFile(memFile('best_practices.md'), 'utf8')).toBe(`${md}\n`)
  })

  it('keeps a single trailing newline and never adds a second one', async () => {
    const entry = '{"event":"with_newline"}\n'
    const done = await callAndApprove('decisions.jsonl', entry)
    expect(done.result.bytes_written).toBe(Buffer.byteLength(entry))
    expect(await fs.readFile(memFile('decisions.jsonl'), 'utf8')).toBe(entry)
  })
})

describe('write_memory_entry: dry run', () => {
  it('answers 200 without approval, says what it would write, and writes nothing', async () => {
    const before = (await approvalsAll()).length
    const entry = '{"event":"dry","n":1}'
    const res = await call('progress_log.jsonl', entry, { 'x-dry-run': 'true' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true, dry_run: true })
    expect(res.body.approval_id).toBeUndefined()
    expect(res.body.messages).toContain(`[Dry Run] Would append ${Buffer.byteLength(entry) + 1} bytes to memory/progress_log.jsonl`)
    expect(await readOrNull(memFile('progress_log.jsonl'))).toBeNull()
    expect((await approvalsAll()).length).toBe(before)
    // a dry run still checks the entry
    expectError(await call('progress_log.jsonl', 'nope', { 'x-dry-run': 'true' }), 400, 'INVALID_JSONL', 'takes valid JSON lines')
  })
})

describe('write_memory_entry: concurrent appends', () => {
  it('40 entries of 2-5 KB approved at once land as 40 whole lines', async () => {
    const entries = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({ i, event: `concurrent-${i}`, pad: String.fromCharCode(97 + (i % 26)).repeat(2000 + ((i * 797) % 3000)) }),
    )
    for (const e of entries) expect(Buffer.byteLength(e)).toBeGreaterThan(2000)
    const held = await Promise.all(entries.map((e) => call('progress_log.jsonl', e)))
    for (const h of held) expect(h.statusCode).toBe(202)
    expect(await readOrNull(memFile('progress_log.jsonl'))).toBeNull()

    const results = await Promise.all(held.map((h) => approve(h.body.approval_id)))
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200)
      expect(r.json().result).toMatchObject({ status: 'ok', success: true })
    }
    const text = await fs.readFile(memFile('progress_log.jsonl'), 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    const lines = text.slice(0, -1).split('\n')
    expect(lines).toHaveLength(40)
    expect(new Set(lines)).toEqual(new Set(entries))
    for (const l of lines) expect(entries).toContain(JSON.stringify(JSON.parse(l)))
    const written = results.reduce((n, r) => n + r.json().result.bytes_written, 0)
    expect(written).toBe(Buffer.byteLength(text))
  })
})

describe('write_memory_entry: memory folder that is a symlink out of the workspace', () => {
  it('refuses the approved call with 403 and writes nothing outside', async () => {
    const outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-mem-outside-')))
    try {
      await fs.rm(path.join(ws, 'memory'), { recursive: true, force: true })
      await fs.symlink(outside, path.join(ws, 'memory'))
      const held = await call('decisions.jsonl', '{"decision":"escape"}')
      expect(held.statusCode).toBe(202)
      const res = await approve(held.body.approval_id)
      expect(res.statusCode).toBe(200) // the approval itself went through…
      const body = res.json()
      expect(body.http_status).toBe(403) // …but the call was refused
      expect(body.result).toMatchObject({ status: 'error', error_code: 'PATH_OUTSIDE_WORKSPACE' })
      expect(body.result.error_message).toContain('memory/decisions.jsonl is, or passes through, a symbolic link that points outside the workspace')
      expect(body.result.error_message).not.toContain(outside)
      expect(await fs.readdir(outside)).toEqual([])

      const ex = await t.app.inject({ method: 'GET', url: `/v1/executions/${held.body.execution_id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
      expect(ex.json().execution).toMatchObject({ status: 'error', error_code: 'PATH_OUTSIDE_WORKSPACE', http_status: 403 })

      // the same with the file already present outside: it is not appended to
      await fs.writeFile(path.join(outside, 'decisions.jsonl'), 'ORIGINAL\n')
      const again = await call('decisions.jsonl', '{"decision":"escape2"}')
      const res2 = (await approve(again.body.approval_id)).json()
      expect(res2.result).toMatchObject({ status: 'error', error_code: 'PATH_OUTSIDE_WORKSPACE' })
      expect(await fs.readFile(path.join(outside, 'decisions.jsonl'), 'utf8')).toBe('ORIGINAL\n')
    } finally {
      await fs.rm(path.join(ws, 'memory'), { force: true })
      await fs.rm(outside, { recursive: true, force: true })
    }
  })
})

describe('write_memory_entry: only the memory files themselves', () => {
  it('refuses a memory file that is a symlink to another workspace file, and leaves that file alone', async () => {
    const mem = path.join(ws, 'memory')
    await fs.rm(mem, { recursive: true, force: true })
    await fs.mkdir(mem)
    await fs.writeFile(path.join(ws, 'README.md'), 'readme\n')
    await fs.symlink('../README.md', path.join(mem, 'decisions.jsonl'))
    await fs.writeFile(path.join(ws, '.env'), 'A=1\n')
    await fs.symlink('../.env', path.join(mem, 'progress_log.jsonl'))
    await fs.writeFile(path.join(mem, 'real.md'), 'real\n')
    await fs.symlink('real.md', path.join(mem, 'best_practices.md'))
    try {
      const cases: [string, string, string][] = [
        [
          'decisions.jsonl',
          '{"x":1}',
          'memory/decisions.jsonl is a symbolic link to another file; write_memory_entry only appends to the memory files themselves',
        ],
        ['progress_log.jsonl', '{"x":1}', 'Access denied: memory/progress_log.jsonl is a blocked path (env)'],
        ['best_practices.md', 'x', 'memory/best_practices.md is a symbolic link to another file'],
      ]
      for (const [file, entry, message] of cases) {
        const held = await call(file, entry)
        const body = (await approve(held.body.approval_id)).json()
        expect(body.http_status, JSON.stringify(body)).toBe(403)
        expect(body.result).toMatchObject({ status: 'error', error_code: 'PATH_BLOCKED' })
        expect(body.result.error_message).toContain(message)
      }
      expect(await fs.readFile(path.join(ws, 'README.md'), 'utf8')).toBe('readme\n')
      expect(await fs.readFile(path.join(ws, '.env'), 'utf8')).toBe('A=1\n')
      expect(await fs.readFile(path.join(mem, 'real.md'), 'utf8')).toBe('real\n')
    } finally {
      await fs.rm(mem, { recursive: true, force: true })
    }
  })

  it('follows a memory folder that is a symlink to a folder inside the workspace', async () => {
    await fs.rm(path.join(ws, 'memory'), { recursive: true, force: true })
    await fs.mkdir(path.join(ws, 'notes/mem'), { recursive: true })
    await fs.symlink('notes/mem', path.join(ws, 'memory'))
    try {
      const done = await callAndApprove('decisions.jsonl', '{"where":"linked folder"}')
      expect(done.result).toMatchObject({ status: 'ok', success: true, bytes_written: 26 })
      expect(await fs.readFile(path.join(ws, 'notes/mem/decisions.jsonl'), 'utf8')).toBe('{"where":"linked folder"}\n')
    } finally {
      await fs.rm(path.join(ws, 'memory'), { force: true })
      await fs.rm(path.join(ws, 'notes'), { recursive: true, force: true })
    }
  })

  it('answers 400 when a memory file is a folder or the memory folder is a file', async () => {
    await fs.rm(path.join(ws, 'memory'), { recursive: true, force: true })
    await fs.mkdir(path.join(ws, 'memory/best_practices.md'), { recursive: true })
    let body = await callAndApprove('best_practices.md', 'x')
    expect(body.http_status).toBe(400)
    expect(body.result).toMatchObject({
      error_code: 'INVALID_REQUEST',
      error_message: 'memory/best_practices.md is a directory; pass the path of a file inside it',
    })
    await fs.rm(path.join(ws, 'memory'), { recursive: true })
    await fs.writeFile(path.join(ws, 'memory'), 'not a folder')
    body = await callAndApprove('best_practices.md', 'x')
    expect(body.http_status).toBe(400)
    expect(body.result.error_message).toContain('Cannot create memory/best_practices.md: memory is a file, not a folder')
    expect(await fs.readFile(path.join(ws, 'memory'), 'utf8')).toBe('not a folder')
    await fs.rm(path.join(ws, 'memory'))
  })
})
