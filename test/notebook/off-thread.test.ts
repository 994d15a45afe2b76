/**
 * Notebooks are parsed in worker threads with a capped heap (src/notebook/off-thread.ts): one that
 * needs more memory than TOOLGATE_NOTEBOOK_HEAP_MB is a 413 naming the setting, the worker that
 * ran out is replaced, and the server goes on answering; with the default heap the same file parses.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let small: TestApp
let roomy: TestApp
const CELLS = 400_000
/** ~20 MB of JSON that parses into some 100 MB of objects: raw cells, each with its own metadata. */
const manyCells = () =>
  `{"nbformat":4,"nbformat_minor":5,"metadata":{},"cells":[${Array(CELLS).fill('{"cell_type":"raw","metadata":{},"source":"## Step 1: a"}').join(',')}]}`
const tiny = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: 'markdown', metadata: {}, source: '# Title' }] })

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
})
