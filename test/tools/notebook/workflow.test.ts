/**
 * Issue 6's whole workflow across all seven `alain` tools and NotebookEdit: build a notebook,
 * finalize it, validate it with the reference nbformat validator, score it with
 * validator.run_quality, check it with validator.run_colab, then break it on purpose with
 * NotebookEdit and watch both validators notice, and the Colab fix repair it.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { pythonCode, question, REF_PYTHON, session } from './helpers.js'

const run = promisify(execFile)
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

/** Exit code of nbformat.validate under Debian's interpreter, warnings treated as errors. */
async function nbformatAccepts(file: string): Promise<string> {
  try {
    await run(REF_PYTHON, ['-W', 'error', '-c', 'import nbformat,sys; nbformat.validate(nbformat.read(sys.argv[1], as_version=4))', file])
    return 'valid'
  } catch (e) {
    return `invalid: ${(e as { stderr: string }).stderr.split('\n').slice(-3).join(' ')}`
  }
}

describe('the notebook workflow, end to end', () => {
  it('builds, validates, scores, checks for Colab, edits and re-checks a notebook', async () => {
    const s = session(t)
    expect((await s.dep({ package: 'numpy', version: '1.26.4', manager: 'pip', import_check: 'import numpy as np' })).body.dependency_id).toBe(
      'pip::numpy@1.26.4',
    )
    for (const section of [1, 2, 3]) {
      expect((await s.md(section)).body.status).toBe('ok')
      expect((await s.code(section, { code: pythonCode('import numpy as np') })).body.runnable).toBe(true)
    }
    expect((await s.quiz(3, [question(1)])).body.status).toBe('ok')
    const fin = await s.finalize({ next_steps: ['Repeat the steps on a dataset of your own'], references: ['https://numpy.org/doc/stable/'] })
    expect(fin.body.status).toBe('ok')
    const file = fin.body.notebook_path as string
    expect(await nbformatAccepts(file)).toBe('valid')
    const built = JSON.parse(await fs.readFile(file, 'utf8'))

    // Quality: three steps, the required sections, and the ratio the notebook really has.
    const quality = await t.call('validator.run_quality', { notebook_path: file })
    expect(quality.statusCode).toBe(200)
    const kinds = built.cells.map((c: any) => c.cell_type)
    const ratio = kinds.filter((k: string) => k === 'markdown').length / kinds.length
    expect(quality.body.metrics).toMatchObject({ stepCount: 3, hasRequiredSections: true })
    expect(quality.body.metrics.markdownRatio).toBeCloseTo(ratio, 2)
    expect(quality.body.metrics.qualityScore).toBeGreaterThanOrEqual(80)
    expect(quality.body.metrics.meetsStandards).toBe(true)

    // Colab: toolgate's own notebook needs nothing fixed; the copy lands beside the original.
    const colab = await t.call('validator.run_colab', { notebook_path: path.relative(t.workspace, file) })
    expect(colab.body).toMatchObject({ status: 'ok', isCompatible: true, issues: [] })
    expect(colab.body.fixedNotebookPath).toBe(path.join(path.dirname(file), 'notebook.colab.ipynb'))

    // Break it with NotebookEdit: a bare pip install and an input() call after the first code cell.
    const firstCode = built.cells.find((c: any, i: number) => c.cell_type === 'code' && i > 2)
    const inserted = await t.call('NotebookEdit', {
      notebook_path: file,
      cell_id: firstCode.id,
      cell_type: 'code',
      edit_mode: 'insert',
      new_source: 'pip install pandas==2.2.2\nname = input("Your name? ")\nprint(name)',
    })
    expect(inserted.body).toMatchObject({ status: 'ok', success: true })
    expect(await nbformatAccepts(file)).toBe('valid')
    const edited = JSON.parse(await fs.readFile(file, 'utf8'))
    expect(edited.cells).toHaveLength(built.cells.length + 1)
    const at = edited.cells.findIndex((c: any) => c.id === firstCode.id) + 1
    expect(edited.cells[at].source.join('')).toContain('input("Your name? ")')

    const broken = await t.call('validator.run_colab', { notebook_path: file })
    expect(broken.body.isCompatible).toBe(false)
    const codes = broken.body.issues.map((i: any) => i.code)
    expect(codes).toEqual(expect.arrayContaining(['BARE_PIP_INSTALL', 'INTERACTIVE_INPUT']))
    const pip = broken.body.issues.find((i: any) => i.code === 'BARE_PIP_INSTALL')
    expect(pip).toMatchObject({ cell_index: at, line: 1, fixed: true })
    expect(broken.body.issues.find((i: any) => i.code === 'INTERACTIVE_INPUT')).toMatchObject({ cell_index: at, fixed: false })
    const fixed = JSON.parse(await fs.readFile(broken.body.fixedNotebookPath, 'utf8'))
    expect(fixed.cells[at].source.join('')).toMatch(/^%pip install pandas==2\.2\.2\n/)
    expect(await nbformatAccepts(broken.body.fixedNotebookPath)).toBe('valid')

    // Replace the cell's source, then delete it: back to the finalized notebook's cells.
    const replaced = await t.call('NotebookEdit', { notebook_path: file, cell_id: edited.cells[at].id, new_source: 'print("ok")', edit_mode: 'replace' })
    expect(replaced.body.success).toBe(true)
    expect((await t.call('validator.run_colab', { notebook_path: file })).body).toMatchObject({ isCompatible: true, issues: [] })
    const deleted = await t.call('NotebookEdit', { notebook_path: file, cell_id: edited.cells[at].id, new_source: '', edit_mode: 'delete' })
    expect(deleted.body.success).toBe(true)
    const after = JSON.parse(await fs.readFile(file, 'utf8'))
    expect(after.cells.map((c: any) => c.id)).toEqual(built.cells.map((c: any) => c.id))
    expect(await nbformatAccepts(file)).toBe('valid')

    // Quality notices a notebook stripped of its steps' explanations.
    for (const cell of built.cells.filter((c: any) => c.cell_type === 'markdown' && /^## Step/.test(c.source.join('')))) {
      await t.call('NotebookEdit', { notebook_path: file, cell_id: cell.id, new_source: 'x = 1', cell_type: 'code', edit_mode: 'replace' })
    }
    const poor = await t.call('validator.run_quality', { notebook_path: file })
    expect(poor.body.metrics.stepCount).toBe(0)
    expect(poor.body.metrics.meetsStandards).toBe(false)
    expect(poor.body.metrics.qualityScore).toBeLessThan(quality.body.metrics.qualityScore)
    expect(await nbformatAccepts(file)).toBe('valid')
  })
})
