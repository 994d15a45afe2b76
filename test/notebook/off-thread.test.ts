/**
 * Notebooks are parsed in worker threads with a capped heap (src/notebook/off-thread.ts): one that
 * could need more memory than TOOLGATE_NOTEBOOK_HEAP_MB is a 413 naming the setting, decided before
 * parsing (budget.ts), and the server goes on answering; with the default heap the same file
 * parses. What comes back to the server's thread stays small, and a notebook nested too deeply is a 400.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertParseable } from '../../src/notebook/budget.js'
import { buildTestApp, type TestApp } from '../helper.js'

let small: TestApp
let roomy: TestApp
const CELLS = 400_000
/** ~20 MB of JSON that parses into some 100 MB of objects: raw cells, each with its own metadata. */
const manyCells = () =>
  `{"nbformat":4,"nbformat_minor":5,"metadata":{},"cells":[${Array(CELLS).fill('{"cell_type":"raw","metadata":{},"source":"## Step 1: a"}').join(',')}]}`
const nb = (cells: unknown[]) => JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells })
const tiny = nb([{ cell_type: 'markdown', metadata: {}, source: '# Title' }])

beforeAll(async () => {
  small = await buildTestApp({ env: { TOOLGATE_NOTEBOOK_HEAP_MB: '64' } })
  roomy = await buildTestApp()
  for (const t of [small, roomy]) {
    await fs.writeFile(path.join(t.workspace, 'many.ipynb'), manyCells())
    await fs.writeFile(path.join(t.workspace, 'tiny.ipynb'), tiny)
  }
}, 60_000)
afterAll(async () => {
  await small?.close()
  await roomy?.close()
})

describe('a notebook that needs more memory than a notebook worker has', () => {
  it('is a 413 naming the setting, through every notebook tool; the server and the pool carry on', async () => {
    for (const [tool, args] of [
      ['validator.run_quality', { notebook_path: 'many.ipynb' }],
      ['NotebookEdit', { notebook_path: 'many.ipynb', cell_id: '0', new_source: 'x' }],
    ] as const) {
      const res = await small.call(tool, args)
      expect(res.statusCode, JSON.stringify(res.body)).toBe(413)
      expect(res.body.error_code).toBe('FILE_TOO_LARGE')
      expect(res.body.error_message).toMatch(/many\.ipynb needs more than 64 MiB of memory to parse \(TOOLGATE_NOTEBOOK_HEAP_MB\)/)
    }
    expect((await small.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    const ok = await small.call('validator.run_quality', { notebook_path: 'tiny.ipynb' })
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.details.counts.markdown_cells).toBe(1)
  }, 60_000)

  it('parses with the default heap (1024 MiB): the limit, not the file, refused it', async () => {
    const res = await roomy.call('validator.run_quality', { notebook_path: 'many.ipynb' })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    expect(res.body.details.counts.raw_cells).toBe(CELLS)
  }, 60_000)

  it('keeps coded errors whole across the thread: code, status and details', async () => {
    await fs.writeFile(path.join(small.workspace, 'broken.ipynb'), '{"nbformat": 4, "cells": [')
    const broken = await small.call('validator.run_quality', { notebook_path: 'broken.ipynb' })
    expect(broken.statusCode).toBe(400)
    expect(broken.body.error_code).toBe('INVALID_NOTEBOOK')
    const missing = await small.call('NotebookEdit', { notebook_path: 'tiny.ipynb', cell_id: 'nope', new_source: 'x' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toMatchObject({ error_code: 'CELL_NOT_FOUND', details: { cell_id: 'nope', total_cells: 1 } })
  })

  it('refuses JSON whose values are packed too densely for the heap; brackets inside strings cost nothing', async () => {
    const metadata = (item: string) => `{"nbformat":4,"nbformat_minor":5,"metadata":{"x":[${Array(100_000).fill(item).join(',')}]},"cells":[]}`
    for (const t of [small, roomy]) {
      await fs.writeFile(path.join(t.workspace, 'dense.ipynb'), metadata('[[[[[[[[[[]]]]]]]]]]'))
      await fs.writeFile(path.join(t.workspace, 'quoted.ipynb'), metadata('"[[[[[[[[[[]]]]]]]]]]"'))
    }
    for (const tool of ['validator.run_quality', 'Read'] as const) {
      const args = (file: string) => (tool === 'Read' ? { file_path: file } : { notebook_path: file })
      const session = { headers: { 'x-session-id': `dense-${tool}` } } // a session of its own: two errors in one escalate
      expect((await small.call(tool, args('dense.ipynb'), session)).body.error_code, tool).toBe('FILE_TOO_LARGE')
      expect((await roomy.call(tool, args('dense.ipynb'), session)).statusCode, tool).toBe(200)
      expect((await small.call(tool, args('quoted.ipynb'), session)).statusCode, tool).toBe(200)
    }
  })

  it('counts text twice as large when one character makes V8 keep it two bytes a character (found in review: Read ended the process)', async () => {
    // ~4 MB of source lines: 40 MB of heap narrow, 80 MB wide, against the small app's 64 MiB.
    const notebook = (first: string) =>
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: {},
        cells: [
          { cell_type: 'code', id: '0', metadata: {}, outputs: [], execution_count: null, source: [first, ...Array(1_000).fill(`${'a'.repeat(3999)}\n`)] },
        ],
      })
    await fs.writeFile(path.join(small.workspace, 'narrow.ipynb'), notebook('a\n'))
    await fs.writeFile(path.join(small.workspace, 'wide.ipynb'), notebook('\u0100\n'))
    await fs.writeFile(
      path.join(small.workspace, 'escaped.ipynb'),
      (await fs.readFile(path.join(small.workspace, 'narrow.ipynb'), 'utf8')).replace('"a\\n"', '"\\u0100\\n"'),
    )
    const read = (file: string) => small.call('Read', { file_path: file, limit: 3 }, { headers: { 'x-session-id': `wide-${file}` } })
    expect((await read('narrow.ipynb')).statusCode).toBe(200)
    expect((await read('wide.ipynb')).body.error_code).toBe('FILE_TOO_LARGE')
    expect((await read('escaped.ipynb')).body.error_code).toBe('FILE_TOO_LARGE')
  })
})

describe('a job that outgrows the heap after the parse', () => {
  it('is a 413 too: the worker ends, the server and the pool carry on', async () => {
    // 6.4 MB of short lines passes the check before parsing (64 MB against 64 MiB), but run_colab's copies of them do not fit.
    const text = nb([{ cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source: 'ab\n'.repeat(1_600_000) }])
    for (const t of [small, roomy]) await fs.writeFile(path.join(t.workspace, 'lines.ipynb'), text)
    expect(() => assertParseable(Buffer.from(text), 'lines.ipynb', 64)).not.toThrow()
    const dry = { headers: { 'x-dry-run': 'true' } }
    const res = await small.call('validator.run_colab', { notebook_path: 'lines.ipynb' }, dry)
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(413)
    expect(res.body.error_message).toMatch(/lines\.ipynb needs more than 64 MiB of memory to parse \(TOOLGATE_NOTEBOOK_HEAP_MB\)/)
    expect((await small.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    expect((await small.call('validator.run_colab', { notebook_path: 'tiny.ipynb' }, dry)).statusCode).toBe(200)
    // positive control: with the default heap it runs
    expect((await roomy.call('validator.run_colab', { notebook_path: 'lines.ipynb' }, dry)).statusCode).toBe(200)
  }, 60_000)
})

describe('what comes back from the worker', () => {
  const HUGE = 'x'.repeat(100_000)
  beforeAll(async () => {
    await fs.writeFile(path.join(roomy.workspace, 'huge.ipynb'), nb([{ cell_type: 'markdown', id: HUGE, metadata: {}, source: `## Step 1: ${HUGE}` }]))
    let deep = '1'
    for (let i = 0; i < 20_000; i++) deep = `[${deep}]`
    await fs.writeFile(path.join(roomy.workspace, 'deep.ipynb'), `{"nbformat":4,"nbformat_minor":5,"metadata":{"d":${deep}},"cells":[]}`)
    await fs.writeFile(path.join(roomy.workspace, 'shallow.ipynb'), `{"nbformat":4,"nbformat_minor":5,"metadata":{"d":[[[[1]]]]},"cells":[]}`)
  })

  it('cuts long strings in answers and errors: a 100,000-character heading, id or line', async () => {
    const quality = await roomy.call('validator.run_quality', { notebook_path: 'huge.ipynb' })
    expect(quality.statusCode).toBe(200)
    expect(quality.body.details.steps[0].title).toMatch(/^Step 1: x{3992}… \[\d+ more characters\]$/)
    const edit = await roomy.call('NotebookEdit', { notebook_path: 'huge.ipynb', cell_id: '0', new_source: 'y' }, { headers: { 'x-dry-run': 'true' } })
    expect(edit.statusCode).toBe(200)
    expect(edit.body.metadata.cell_id).toHaveLength(4000 + '… [96000 more characters]'.length)
    const missing = await roomy.call('NotebookEdit', { notebook_path: 'huge.ipynb', cell_id: 'nope', new_source: 'y' })
    expect(missing.body.error_code).toBe('CELL_NOT_FOUND')
    expect(missing.body.error_message.length).toBeLessThan(4_100)
    const read = await roomy.call('Read', { file_path: 'huge.ipynb' })
    expect(read.statusCode).toBe(200)
    expect(read.body.output).toContain('… [line cut at 2000 characters; it is 100011 bytes long]')
    expect(JSON.stringify(read.body).length).toBeLessThan(10_000)
  })

  it('a notebook nested too deeply to copy or write is a 400, not a 500; one nested a little is fixed', async () => {
    const deep = await roomy.call('validator.run_colab', { notebook_path: 'deep.ipynb' })
    expect(deep.statusCode, JSON.stringify(deep.body).slice(0, 300)).toBe(400)
    expect(deep.body).toMatchObject({ error_code: 'INVALID_NOTEBOOK', error_message: 'deep.ipynb is nested too deeply to process' })
    const shallow = await roomy.call('validator.run_colab', { notebook_path: 'shallow.ipynb' })
    expect(shallow.statusCode).toBe(200)
  })
})
