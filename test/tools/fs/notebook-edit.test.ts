/**
 * NotebookEdit through the real app: replace, insert and delete by id and by index, type changes,
 * fresh ids, the notebook's version, metadata and indentation kept, nbformat's reference validator
 * accepting the file after every edit; dry runs and every refusal leaving the file as it was.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRY, expectFail, expectOk, fsFixture, type FsFixture } from './helpers.js'
import { code, jupyterText, md, nbformatErrors, notebook } from '../validator/fixtures.js'

let fx: FsFixture
const edit = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('NotebookEdit', body, headers)
const readNb = async (rel: string) => JSON.parse(await fs.readFile(path.join(fx.ws, rel), 'utf8'))
const HEX_ID = /^[0-9a-f]{8}$/

beforeAll(async () => {
  fx = await fsFixture()
})
afterAll(async () => {
  await fx.close()
})

/** A notebook with a ran code cell, notebook metadata worth keeping, and a non-default minor. */
function sample() {
  const ran = {
    ...code("print('hi')\n", 'c-load'),
    execution_count: 7,
    metadata: { tags: ['keep'] },
    outputs: [{ output_type: 'stream', name: 'stdout', text: ['hi\n'] }],
  }
  return notebook([md('# Title\n', 'm-title'), ran, md('Some *notes*.', 'm-notes')], {
    metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' }, custom: { owner: 'ana' } },
  })
}

async function fresh(rel: string, nb: unknown = sample()): Promise<string> {
  await fx.file(rel, typeof nb === 'string' ? nb : jupyterText(nb))
  return path.join(fx.ws, rel)
}

async function expectValid(rel: string) {
  expect(await nbformatErrors(path.join(fx.ws, rel))).toBe('')
}

describe('replace', () => {
  it('by id: new source, outputs and execution_count cleared, everything else kept', async () => {
    await fresh('nb/a.ipynb')
    const body = expectOk(await edit({ notebook_path: 'nb/a.ipynb', cell_id: 'c-load', new_source: 'x = 1\nprint(x)' }))
    expect(body.output).toBe('Replaced cell 1 (id=c-load, code) in nb/a.ipynb; 3 cells now')
    expect(body.metadata).toEqual({ notebook_path: 'nb/a.ipynb', cell_id: 'c-load', cell_index: 1, cell_type: 'code', edit_mode: 'replace', total_cells: 3 })
    const nb = await readNb('nb/a.ipynb')
    const want = sample()
    expect(nb.cells[1]).toEqual({
      cell_type: 'code',
      execution_count: null,
      id: 'c-load',
      metadata: { tags: ['keep'] },
      outputs: [],
      source: ['x = 1\n', 'print(x)'],
    })
    expect(nb.cells[0]).toEqual(want.cells[0])
    expect(nb.cells[2]).toEqual(want.cells[2])
    expect(nb.metadata).toEqual(want.metadata)
    expect([nb.nbformat, nb.nbformat_minor]).toEqual([4, 5])
    // Jupyter's layout: one-space indent, trailing newline
    expect(await fs.readFile(path.join(fx.ws, 'nb/a.ipynb'), 'utf8')).toBe(jupyterText(nb))
    await expectValid('nb/a.ipynb')
  })

  it('by index ("2" and "cell-2"), changing the type both ways', async () => {
    await fresh('nb/b.ipynb')
    const toCode = expectOk(await edit({ notebook_path: 'nb/b.ipynb', cell_id: '2', new_source: 'y = 2', cell_type: 'code' }))
    expect(toCode.output).toBe('Replaced cell 2 (id=m-notes, code) in nb/b.ipynb (was markdown); 3 cells now')
    expect((await readNb('nb/b.ipynb')).cells[2]).toEqual({
      cell_type: 'code',
      execution_count: null,
      id: 'm-notes',
      metadata: {},
      outputs: [],
      source: ['y = 2'],
    })
    await expectValid('nb/b.ipynb')

    const toMd = expectOk(await edit({ notebook_path: 'nb/b.ipynb', cell_id: 'cell-1', new_source: '## Now markdown\n', cell_type: 'markdown' }))
    expect(toMd.metadata).toMatchObject({ cell_id: 'c-load', cell_index: 1, cell_type: 'markdown' })
    expect((await readNb('nb/b.ipynb')).cells[1]).toEqual({ cell_type: 'markdown', id: 'c-load', metadata: { tags: ['keep'] }, source: ['## Now markdown\n'] })
    await expectValid('nb/b.ipynb')
  })

  it('markdown attachments go when the cell becomes code; a markdown cell keeps them', async () => {
    const withAttachment = { ...md('![x](attachment:x.png)', 'm-img'), attachments: { 'x.png': { 'image/png': 'iVBORw0KGgo=' } } }
    await fresh('nb/att.ipynb', notebook([withAttachment]))
    expectOk(await edit({ notebook_path: 'nb/att.ipynb', cell_id: 'm-img', new_source: 'See ![x](attachment:x.png)' }))
    expect((await readNb('nb/att.ipynb')).cells[0].attachments).toEqual(withAttachment.attachments)
    expectOk(await edit({ notebook_path: 'nb/att.ipynb', cell_id: 'm-img', new_source: 'z = 3', cell_type: 'code' }))
    expect((await readNb('nb/att.ipynb')).cells[0]).not.toHaveProperty('attachments')
    await expectValid('nb/att.ipynb')
  })

  it('an id that looks like an index is matched as an id first', async () => {
    await fresh('nb/numeric.ipynb', notebook([md('zero', '1'), md('one', 'other')]))
    const body = expectOk(await edit({ notebook_path: 'nb/numeric.ipynb', cell_id: '1', new_source: 'changed' }))
    expect(body.metadata).toMatchObject({ cell_id: '1', cell_index: 0 })
    expect((await readNb('nb/numeric.ipynb')).cells.map((c: any) => c.source)).toEqual([['changed'], ['one']])
  })
})

describe('insert', () => {
  it('after a cell, and at the start without cell_id; new cells get fresh unique ids', async () => {
    await fresh('nb/ins.ipynb')
    const after = expectOk(await edit({ notebook_path: 'nb/ins.ipynb', cell_id: 'c-load', new_source: 'import os\n', cell_type: 'code', edit_mode: 'insert' }))
    const newId = after.metadata.cell_id
    expect(newId).toMatch(HEX_ID)
    expect(after.output).toBe(`Inserted cell 2 (id=${newId}, code) after cell 1 in nb/ins.ipynb; 4 cells now`)
    expect(after.metadata).toMatchObject({ cell_index: 2, cell_type: 'code', edit_mode: 'insert', total_cells: 4 })
    let nb = await readNb('nb/ins.ipynb')
    expect(nb.cells[2]).toEqual({ cell_type: 'code', execution_count: null, id: newId, metadata: {}, outputs: [], source: ['import os\n'] })
    await expectValid('nb/ins.ipynb')

    const first = expectOk(await edit({ notebook_path: 'nb/ins.ipynb', new_source: '# Preface', cell_type: 'markdown', edit_mode: 'insert' }))
    expect(first.output).toMatch(/^Inserted cell 0 \(id=[0-9a-f]{8}, markdown\) at the start of nb\/ins\.ipynb; 5 cells now$/)
    nb = await readNb('nb/ins.ipynb')
    expect(nb.cells[0]).toEqual({ cell_type: 'markdown', id: first.metadata.cell_id, metadata: {}, source: ['# Preface'] })
    expect(nb.cells.map((c: any) => c.id)).toEqual([first.metadata.cell_id, 'm-title', 'c-load', newId, 'm-notes'])
    expect(new Set(nb.cells.map((c: any) => c.id)).size).toBe(5)
    await expectValid('nb/ins.ipynb')
  })

  it('cell_type is required for insert: 400, file unchanged', async () => {
    const file = await fresh('nb/ins2.ipynb')
    const before = await fs.readFile(file, 'utf8')
    expectFail(
      await edit({ notebook_path: 'nb/ins2.ipynb', new_source: 'x', edit_mode: 'insert' }),
      400,
      'VALIDATION_ERROR',
      'Missing required parameter: cell_type (required when edit_mode is insert)',
      fx,
    )
    expect(await fs.readFile(file, 'utf8')).toBe(before)
  })

  it('an nbformat 4.4 notebook (no ids) stays 4.4: cells by index, new cells without ids', async () => {
    const old = notebook(
      [md('# Old'), code('a = 1')].map(({ id: _id, ...c }) => c),
      { nbformat_minor: 4 },
    )
    await fresh('nb/v44.ipynb', old)
    const body = expectOk(await edit({ notebook_path: 'nb/v44.ipynb', cell_id: '0', new_source: 'b = 2', cell_type: 'code', edit_mode: 'insert' }))
    expect(body.metadata).toEqual({ notebook_path: 'nb/v44.ipynb', cell_index: 1, cell_type: 'code', edit_mode: 'insert', total_cells: 3 })
    const nb = await readNb('nb/v44.ipynb')
    expect(nb.nbformat_minor).toBe(4)
    expect(nb.cells.some((c: any) => 'id' in c)).toBe(false)
    await expectValid('nb/v44.ipynb')
    expectFail(
      await edit({ notebook_path: 'nb/v44.ipynb', cell_id: 'abc', new_source: 'x' }),
      404,
      'CELL_NOT_FOUND',
      'Cell "abc" not found in nb/v44.ipynb: it has 3 cells, indexes 0-2; its cells have no ids; pass a 0-based index',
      fx,
    )
  })
})

describe('delete', () => {
  it('by id and by index', async () => {
    await fresh('nb/del.ipynb')
    const byId = expectOk(await edit({ notebook_path: 'nb/del.ipynb', cell_id: 'c-load', new_source: '', edit_mode: 'delete' }))
    expect(byId.output).toBe('Deleted cell 1 (id=c-load, code) from nb/del.ipynb; 2 cells now')
    expect(byId.metadata).toEqual({ notebook_path: 'nb/del.ipynb', cell_id: 'c-load', cell_index: 1, cell_type: 'code', edit_mode: 'delete', total_cells: 2 })
    await expectValid('nb/del.ipynb')
    expectOk(await edit({ notebook_path: 'nb/del.ipynb', cell_id: '0', new_source: '', edit_mode: 'delete' }))
    expect((await readNb('nb/del.ipynb')).cells.map((c: any) => c.id)).toEqual(['m-notes'])
    await expectValid('nb/del.ipynb')
  })
})

describe('layout', () => {
  it('keeps a two-space indent and a one-line file as they were, with a trailing newline', async () => {
    await fresh('nb/two.ipynb', `${JSON.stringify(sample(), null, 2)}\n`)
    expectOk(await edit({ notebook_path: 'nb/two.ipynb', cell_id: 'm-notes', new_source: 'new' }))
    const two = await fs.readFile(path.join(fx.ws, 'nb/two.ipynb'), 'utf8')
    expect(two).toBe(`${JSON.stringify(JSON.parse(two), null, 2)}\n`)

    await fresh('nb/flat.ipynb', JSON.stringify(sample()))
    expectOk(await edit({ notebook_path: 'nb/flat.ipynb', cell_id: 'm-notes', new_source: 'new' }))
    const flat = await fs.readFile(path.join(fx.ws, 'nb/flat.ipynb'), 'utf8')
    expect(flat).toBe(`${JSON.stringify(JSON.parse(flat))}\n`)
    await expectValid('nb/flat.ipynb')
  })
})

describe('dry run and refusals', () => {
  it('a dry run describes the edit and writes nothing', async () => {
    const file = await fresh('nb/dry.ipynb')
    const before = await fs.readFile(file, 'utf8')
    const body = expectOk(await edit({ notebook_path: 'nb/dry.ipynb', cell_id: 'm-title', new_source: '', edit_mode: 'delete' }, DRY))
    expect(body.output).toBe('[Dry Run] Would delete cell 0 (id=m-title, markdown) from nb/dry.ipynb, leaving 2 cells')
    expect(body.metadata).toMatchObject({ dry_run: true, edit_mode: 'delete', total_cells: 2 })
    expect(await fs.readFile(file, 'utf8')).toBe(before)
  })

  it('missing cell 404, index out of range 404, no cell_id for replace 400', async () => {
    const file = await fresh('nb/err.ipynb')
    const before = await fs.readFile(file, 'utf8')
    const missing = expectFail(
      await edit({ notebook_path: 'nb/err.ipynb', cell_id: 'nope', new_source: 'x' }),
      404,
      'CELL_NOT_FOUND',
      'Cell "nope" not found in nb/err.ipynb: it has 3 cells, indexes 0-2; ids: m-title, c-load, m-notes',
      fx,
    )
    expect(missing.details).toEqual({ cell_id: 'nope', total_cells: 3 })
    expect(missing.metadata).toEqual({ notebook_path: 'nb/err.ipynb', total_cells: 3 })
    expectFail(
      await edit({ notebook_path: 'nb/err.ipynb', cell_id: '3', new_source: 'x', edit_mode: 'delete' }),
      404,
      'CELL_NOT_FOUND',
      'Cell "3" not found',
      fx,
    )
    expectFail(
      await edit({ notebook_path: 'nb/err.ipynb', cell_id: 'cell-9', new_source: 'x', cell_type: 'code', edit_mode: 'insert' }),
      404,
      'CELL_NOT_FOUND',
      'Cell "cell-9" not found',
      fx,
    )
    expectFail(
      await edit({ notebook_path: 'nb/err.ipynb', new_source: 'x' }),
      400,
      'VALIDATION_ERROR',
      'Missing required parameter: cell_id (required when edit_mode is replace)',
      fx,
    )
    expectFail(
      await edit({ notebook_path: 'nb/err.ipynb', cell_id: '0', new_source: 'x', edit_mode: 'move' }),
      400,
      'VALIDATION_ERROR',
      'Invalid value for edit_mode',
      fx,
    )
    expectFail(
      await edit({ notebook_path: 'nb/err.ipynb', cell_id: '0', new_source: 'x', cell_type: 'raw' }),
      400,
      'VALIDATION_ERROR',
      'Invalid value for cell_type',
      fx,
    )
    expect(await fs.readFile(file, 'utf8')).toBe(before)
  })

  it('not a notebook 400, nbformat 3 400, missing file 404', async () => {
    await fx.file('nb/not.ipynb', '{"hello": "world"}')
    expectFail(
      await edit({ notebook_path: 'nb/not.ipynb', cell_id: '0', new_source: 'x' }),
      400,
      'INVALID_NOTEBOOK',
      'nb/not.ipynb is not a valid Jupyter notebook: it has no "nbformat" version and no "cells" list',
      fx,
    )
    await fx.file('nb/text.ipynb', 'plain text')
    expectFail(await edit({ notebook_path: 'nb/text.ipynb', cell_id: '0', new_source: 'x' }), 400, 'INVALID_NOTEBOOK', 'it is not JSON', fx)
    await fresh('nb/v3.ipynb', { nbformat: 3, nbformat_minor: 0, metadata: {}, worksheets: [{ cells: [] }] })
    expectFail(
      await edit({ notebook_path: 'nb/v3.ipynb', cell_id: '0', new_source: 'x' }),
      400,
      'INVALID_NOTEBOOK',
      'nb/v3.ipynb is an nbformat 3 notebook; NotebookEdit edits nbformat 4',
      fx,
    )
    expectFail(await edit({ notebook_path: 'nb/absent.ipynb', cell_id: '0', new_source: 'x' }), 404, 'FILE_NOT_FOUND', 'nb/absent.ipynb', fx)
    expect(await fs.readFile(path.join(fx.ws, 'nb/not.ipynb'), 'utf8')).toBe('{"hello": "world"}')
  })

  it('paths outside the workspace are refused with 403, the outside file untouched', async () => {
    const outsideNb = path.join(fx.outside, 'x.ipynb')
    await fs.writeFile(outsideNb, jupyterText(sample()))
    const before = await fs.readFile(outsideNb, 'utf8')
    for (const p of [outsideNb, '../x.ipynb', `${fx.sibling}/x.ipynb`]) {
      expectFail(
        await edit({ notebook_path: p, cell_id: '0', new_source: 'pwned' }),
        403,
        'PATH_OUTSIDE_WORKSPACE',
        /(inside|outside|out of) the workspace/,
        fx,
      )
    }
    await fs.symlink(outsideNb, path.join(fx.ws, 'link.ipynb'))
    expectFail(await edit({ notebook_path: 'link.ipynb', cell_id: '0', new_source: 'pwned' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    expect(await fs.readFile(outsideNb, 'utf8')).toBe(before)
  })

  it('needs the write scope', async () => {
    await fresh('nb/scope.ipynb')
    const res = await fx.t.call('NotebookEdit', { notebook_path: 'nb/scope.ipynb', cell_id: '0', new_source: 'x' }, { key: await fx.t.key(['read']) })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('SCOPE_REQUIRED')
  })
})
