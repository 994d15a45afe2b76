/**
 * validator.run_colab through the real app: every kind of issue found at the right cell and line,
 * fixable ones repaired in `name.colab.ipynb` beside the original (which stays as it was), the copy
 * accepted by nbformat's reference validator, unfixable ones left with fixed: false; clean,
 * fixable-only, nbformat 3, other-kernel and bad-id notebooks; dry run; errors.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { KERNEL, W, code, jupyterText, lines, md, nbformatErrors, notebook } from './fixtures.js'

let t: TestApp
let ws: string
let sessions = 0
const colab = (notebook_path: string, headers: Record<string, string> = {}, key?: string) =>
  t.call('validator.run_colab', { notebook_path }, { headers: { 'x-session-id': `colab-${sessions++}`, ...headers }, key })
async function put(rel: string, nb: unknown): Promise<string> {
  const file = path.join(ws, rel)
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, typeof nb === 'string' ? nb : jupyterText(nb))
  return file
}
const readJson = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8'))
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  )
const HEX_ID = /^[0-9a-f]{8}$/

beforeAll(async () => {
  t = await buildTestApp()
  ws = await fs.realpath(t.workspace)
})
afterAll(async () => t?.close())

const noIds = (cells: Array<Record<string, unknown>>) => cells.map(({ id: _id, ...c }) => c)

/** nbformat 4.4 (no cell ids), no kernelspec, no language_info, and one of each cell problem. */
const FLAWED = {
  cells: noIds([
    md('# Demo\n'),
    code('pip install torch==2.4.0\nimport torch\n'),
    code("%matplotlib notebook\nimport matplotlib.pyplot as plt\ndf = pd.read_csv('/home/ana/data/train.csv')\nname = input('Your name: ')\n"),
    code('git clone https://github.com/x/y\nimport ipywidgets as widgets\n'),
    code('import tkinter as tk\n'),
    code("path = r'C:\\Users\\ana\\model.bin'\n"),
    code('# pip install in a comment\n"""\nname = input( in a docstring\n"""\ngit = make_repo()\napt = 3\n'),
    code('%%bash\npip install x\n'),
    code('from getpass import getpass\nkey = getpass.getpass()\n'),
    code('!conda install -y numpy\n'),
    code('if True:\n    pip install rich\n'),
  ]),
  metadata: {},
  nbformat: 4,
  nbformat_minor: 4,
}

const FIXED = (text: string) => ` — fixed: "${text}"`
const EXPECTED_ISSUES = [
  {
    code: 'MISSING_KERNELSPEC',
    message: 'the notebook has no kernelspec, so Colab cannot tell which runtime to start — fixed: Python 3 (python3)',
    fixable: true,
    fixed: true,
  },
  { code: 'MISSING_LANGUAGE_INFO', message: 'the notebook has no language_info naming its language — fixed: python', fixable: true, fixed: true },
  {
    code: 'MISSING_CELL_ID',
    message:
      '11 of 11 cells have no id (nbformat 4.4 predates cell ids); nbformat 4.5, which Colab writes, gives every cell one — fixed: fresh ids, nbformat 4.5',
    fixable: true,
    fixed: true,
  },
  {
    code: 'BARE_PIP_INSTALL',
    cell_index: 1,
    line: 1,
    message: `"pip install torch==2.4.0" is a shell command, not Python; Colab needs the %pip magic${FIXED('%pip install torch==2.4.0')}`,
    fixable: true,
    fixed: true,
  },
  {
    code: 'MATPLOTLIB_BACKEND',
    cell_index: 2,
    line: 1,
    message: '%matplotlib notebook needs a backend Colab does not provide — fixed: "%matplotlib inline"',
    fixable: true,
    fixed: true,
  },
  {
    code: 'LOCAL_PATH',
    cell_index: 2,
    line: 3,
    message:
      'local path "/home/ana/data/train.csv" does not exist on Colab; upload the file, mount Google Drive (/content/drive) or download it in the notebook',
    fixable: false,
    fixed: false,
  },
  {
    code: 'INTERACTIVE_INPUT',
    cell_index: 2,
    line: 4,
    message:
      'input() waits for someone to type, which stops "Run all" and unattended runs; set the value in a variable or read it from Colab secrets (google.colab.userdata)',
    fixable: false,
    fixed: false,
  },
  {
    code: 'BARE_SHELL_COMMAND',
    cell_index: 3,
    line: 1,
    message: `"git clone https://github.com/x/y" is a shell command, not Python; Colab runs it with a leading "!"${FIXED('!git clone https://github.com/x/y')}`,
    fixable: true,
    fixed: true,
  },
  {
    code: 'IPYWIDGETS_WIDGET_MANAGER',
    cell_index: 3,
    line: 2,
    message:
      "ipywidgets is imported without enabling Colab's custom widget manager, so third-party widgets will not render — fixed: enabling lines inserted before the import",
    fixable: true,
    fixed: true,
  },
  {
    code: 'GUI_TOOLKIT',
    cell_index: 4,
    line: 1,
    message: 'tkinter opens desktop windows, which Colab (a remote, headless runtime) cannot show; use inline plots or ipywidgets',
    fixable: false,
    fixed: false,
  },
  {
    code: 'LOCAL_PATH',
    cell_index: 5,
    line: 1,
    message:
      'local path "C:\\Users\\ana\\model.bin" does not exist on Colab; upload the file, mount Google Drive (/content/drive) or download it in the notebook',
    fixable: false,
    fixed: false,
  },
  {
    code: 'INTERACTIVE_INPUT',
    cell_index: 8,
    line: 2,
    message:
      'getpass.getpass() waits for someone to type, which stops "Run all" and unattended runs; set the value in a variable or read it from Colab secrets (google.colab.userdata)',
    fixable: false,
    fixed: false,
  },
  {
    code: 'CONDA_NOT_AVAILABLE',
    cell_index: 9,
    line: 1,
    message: 'conda is not installed on Colab; install the package with %pip instead (or set up condacolab)',
    fixable: false,
    fixed: false,
  },
  {
    code: 'BARE_PIP_INSTALL',
    cell_index: 10,
    line: 2,
    message: `"pip install rich" is a shell command, not Python; Colab needs the %pip magic${FIXED('%pip install rich')}`,
    fixable: true,
    fixed: true,
  },
]

describe('validator.run_colab', () => {
  it('reports every issue, fixes the fixable ones in name.colab.ipynb, and leaves the original as it was', async () => {
    const original = await put('course/flawed.ipynb', FLAWED)
    const before = await fs.readFile(original, 'utf8')
    const res = await colab('course/flawed.ipynb')
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.isCompatible).toBe(false)
    expect(res.body.issues).toEqual(EXPECTED_ISSUES)
    const copy = path.join(ws, 'course/flawed.colab.ipynb')
    expect(res.body.fixedNotebookPath).toBe(copy)
    expect(res.body.messages).toEqual(['6 issues could not be fixed automatically; see issues with fixed: false'])
    expect(await fs.readFile(original, 'utf8')).toBe(before)

    expect(await nbformatErrors(copy)).toBe('')
    const fixed = await readJson(copy)
    expect(fixed.nbformat).toBe(4)
    expect(fixed.nbformat_minor).toBe(5)
    expect(fixed.metadata).toEqual({ kernelspec: KERNEL.kernelspec, language_info: { name: 'python' } })
    const ids = fixed.cells.map((c: any) => c.id)
    expect(ids.every((id: string) => HEX_ID.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(11)
    const src = (i: number) => fixed.cells[i].source
    expect(src(1)).toEqual(['%pip install torch==2.4.0\n', 'import torch\n'])
    expect(src(2)[0]).toBe('%matplotlib inline\n')
    expect(src(2).slice(1)).toEqual((FLAWED.cells[2].source as string[]).slice(1)) // unfixable lines untouched
    expect(src(3)).toEqual([
      '!git clone https://github.com/x/y\n',
      'try:  # Colab: let third-party ipywidgets render\n',
      '    from google.colab import output as _colab_output\n',
      '    _colab_output.enable_custom_widget_manager()\n',
      'except ImportError:\n',
      '    pass\n',
      'import ipywidgets as widgets\n',
    ])
    for (const i of [4, 5, 6, 7, 8, 9]) expect(src(i), `cell ${i}`).toEqual(FLAWED.cells[i].source)
    expect(src(10)).toEqual(['if True:\n', '    %pip install rich\n'])
    // written as Jupyter writes: one-space indent, trailing newline
    expect(await fs.readFile(copy, 'utf8')).toBe(jupyterText(fixed))
  })

  it('run again on the fixed copy, only the unfixable issues remain', async () => {
    const res = await colab('course/flawed.colab.ipynb')
    expect(res.body.issues.map((i: any) => [i.code, i.cell_index, i.line, i.fixed])).toEqual(
      EXPECTED_ISSUES.filter((i) => !i.fixable).map((i) => [i.code, i.cell_index, i.line, false]),
    )
    expect(res.body.isCompatible).toBe(false)
  })

  it('a clean notebook: compatible, no issues, and the copy is written unchanged', async () => {
    const nb = notebook([md(`# Clean\n\n${W(5)}`), code('%pip install rich\nimport rich\n'), code('!nvidia-smi\nprint("ok")\n')])
    const file = await put('clean/nb.ipynb', nb)
    const res = await colab(file) // an absolute path inside the workspace
    expect(res.body).toMatchObject({ status: 'ok', isCompatible: true, issues: [], fixedNotebookPath: path.join(ws, 'clean/nb.colab.ipynb') })
    expect(res.body.messages).toEqual([])
    expect(await fs.readFile(path.join(ws, 'clean/nb.colab.ipynb'), 'utf8')).toBe(jupyterText(nb))
  })

  it('only fixable issues: compatible, and the copy passes the check and nbformat', async () => {
    const nb = {
      cells: [
        md('# Fixable\n'),
        { ...code(''), source: 'pip install a\nimport a' }, // a string source stays a string
        { ...code(''), source: ['python -m pip install -q b\r\n', 'import b\r\n'] }, // CRLF lines keep their \r
        code('%matplotlib widget\nnvidia-smi\nsudo apt-get install -y ffmpeg\n'),
      ],
      metadata: { kernelspec: { name: 'python3' } },
      nbformat: 4,
      nbformat_minor: 5,
    }
    await put('fixable/nb.ipynb', nb)
    const res = await colab('fixable/nb.ipynb')
    expect(res.body.isCompatible).toBe(true)
    expect(res.body.issues.map((i: any) => [i.code, i.cell_index ?? null, i.line ?? null, i.fixed])).toEqual([
      ['MISSING_KERNELSPEC', null, null, true],
      ['MISSING_LANGUAGE_INFO', null, null, true],
      ['BARE_PIP_INSTALL', 1, 1, true],
      ['BARE_PIP_INSTALL', 2, 1, true],
      ['MATPLOTLIB_BACKEND', 3, 1, true],
      ['BARE_SHELL_COMMAND', 3, 2, true],
      ['BARE_SHELL_COMMAND', 3, 3, true],
    ])
    expect(res.body.issues[0].message).toBe(
      'the kernelspec has no name or display_name, so Colab cannot tell which runtime to start — fixed: Python 3 (python3)',
    )
    const copy = res.body.fixedNotebookPath
    expect(await nbformatErrors(copy)).toBe('')
    const fixed = await readJson(copy)
    expect(fixed.metadata.kernelspec).toEqual({ display_name: 'Python 3', language: 'python', name: 'python3' })
    expect(fixed.cells[1].source).toBe('%pip install a\nimport a')
    expect(fixed.cells[2].source).toEqual(['%pip install -q b\r\n', 'import b\r\n'])
    expect(fixed.cells[3].source).toEqual(lines('%matplotlib inline\n!nvidia-smi\n!sudo apt-get install -y ffmpeg\n'))
    expect(fixed.cells.map((c: any) => c.id)).toEqual(nb.cells.map((c) => c.id)) // existing ids kept
    const again = await colab('fixable/nb.colab.ipynb')
    expect(again.body).toMatchObject({ isCompatible: true, issues: [] })
  })

  it('nbformat 3: converted to 4.5 (heading cells to markdown, fresh ids), accepted by nbformat', async () => {
    const v3 = {
      nbformat: 3,
      nbformat_minor: 0,
      metadata: { name: 'legacy' },
      worksheets: [
        {
          metadata: {},
          cells: [
            { cell_type: 'heading', level: 2, metadata: {}, source: ['Legacy ', 'Notebook'] },
            { cell_type: 'markdown', metadata: {}, source: 'Some *text*.' },
            {
              cell_type: 'code',
              language: 'python',
              input: ['x = 1\n', 'print(x)'],
              prompt_number: 3,
              collapsed: false,
              metadata: {},
              outputs: [{ output_type: 'stream', stream: 'stdout', text: ['1\n'] }],
            },
            { cell_type: 'raw', metadata: {}, source: 'raw text' },
          ],
        },
      ],
    }
    await put('legacy/old.ipynb', v3)
    const res = await colab('legacy/old.ipynb')
    expect(res.body.isCompatible).toBe(true)
    expect(res.body.issues.map((i: any) => i.code)).toEqual(['NBFORMAT_OLD', 'MISSING_KERNELSPEC', 'MISSING_LANGUAGE_INFO'])
    expect(res.body.issues[0].message).toBe(
      'nbformat 3 is older than the nbformat 4 that Colab opens — fixed: converted to nbformat 4.5 (cells kept, old outputs dropped)',
    )
    expect(await nbformatErrors(res.body.fixedNotebookPath)).toBe('')
    const fixed = await readJson(res.body.fixedNotebookPath)
    expect(fixed).toMatchObject({ nbformat: 4, nbformat_minor: 5 })
    expect(fixed.metadata).toEqual({ orig_nbformat: 3, kernelspec: KERNEL.kernelspec, language_info: { name: 'python' } })
    expect(fixed.cells.map((c: any) => [c.cell_type, c.source])).toEqual([
      ['markdown', ['## Legacy Notebook']],
      ['markdown', ['Some *text*.']],
      ['code', ['x = 1\n', 'print(x)']],
      ['raw', ['raw text']],
    ])
    expect(fixed.cells[2]).toMatchObject({ execution_count: null, outputs: [] })
  })

  it('a kernel Colab does not run is reported, not fixed', async () => {
    const nb = notebook([code('println("hi")\n')], { metadata: { kernelspec: { name: 'julia-1.9', display_name: 'Julia 1.9', language: 'julia' } } })
    await put('julia/nb.ipynb', nb)
    const res = await colab('julia/nb.ipynb')
    expect(res.body.isCompatible).toBe(false)
    expect(res.body.issues).toEqual([
      {
        code: 'UNSUPPORTED_KERNEL',
        fixable: false,
        fixed: false,
        message: 'kernel "julia-1.9" (julia) is not available on Colab, which runs Python 3 and R notebooks; port the notebook to Python',
      },
    ])
  })

  it('duplicate and malformed ids get fresh ones; the first of a duplicate keeps its id', async () => {
    const nb = notebook([md('# A', 'same'), code('x = 1', 'same'), code('y = 2', 'not valid!')])
    await put('ids/nb.ipynb', nb)
    const res = await colab('ids/nb.ipynb')
    expect(res.body.issues).toEqual([
      {
        code: 'INVALID_CELL_ID',
        fixable: true,
        fixed: true,
        message: 'cells 1, 2 have a duplicate or malformed id (ids are 1-64 letters, digits, "-" or "_", unique) — fixed: fresh ids',
      },
    ])
    const fixed = await readJson(res.body.fixedNotebookPath)
    expect(fixed.cells[0].id).toBe('same')
    expect(fixed.cells.slice(1).every((c: any) => HEX_ID.test(c.id))).toBe(true)
    expect(await nbformatErrors(res.body.fixedNotebookPath)).toBe('')
  })

  it('cells missing fields nbformat requires are completed, so that the copy validates', async () => {
    const nb = notebook([
      { cell_type: 'markdown', id: 'a', source: ['# Title'], outputs: [] }, // no metadata, outputs it may not have
      { cell_type: 'code', id: 'b', metadata: {}, source: ['x = 1'] }, // no outputs, no execution_count
      code('y = 2', 'c'), // fine
    ])
    const file = await put('fields/nb.ipynb', nb)
    expect(await nbformatErrors(file)).not.toBe('') // the original is not valid
    const res = await colab('fields/nb.ipynb')
    expect(res.body).toMatchObject({ isCompatible: true })
    expect(res.body.issues).toEqual([
      {
        code: 'INVALID_CELL_FIELDS',
        fixable: true,
        fixed: true,
        message: 'cells 0, 1 lack fields nbformat requires (metadata; outputs and execution_count for code) or carry outputs they may not have — fixed',
      },
    ])
    const fixed = await readJson(res.body.fixedNotebookPath)
    expect(fixed.cells[0]).toEqual({ cell_type: 'markdown', id: 'a', source: ['# Title'], metadata: {} })
    expect(fixed.cells[1]).toEqual({ cell_type: 'code', id: 'b', metadata: {}, source: ['x = 1'], outputs: [], execution_count: null })
    expect(await nbformatErrors(res.body.fixedNotebookPath)).toBe('')
  })

  it('a dry run reports the issues and writes nothing', async () => {
    await put('dry/nb.ipynb', FLAWED)
    const res = await colab('dry/nb.ipynb', { 'x-dry-run': 'true' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ isCompatible: false, fixedNotebookPath: null })
    expect(res.body.issues).toHaveLength(EXPECTED_ISSUES.length)
    expect(res.body.messages).toContain('[Dry Run] Would write the fixed copy to dry/nb.colab.ipynb')
    expect(await exists(path.join(ws, 'dry/nb.colab.ipynb'))).toBe(false)
  })
  it('lists the first issues that fit the answer (1,000 at most) and counts them all; the copy fixes every one', async () => {
    await put(
      'many/nb.ipynb',
      notebook(
        Array.from({ length: 1_200 }, (_, i) => code(`pip install pkg${i}`, `p${i}`)),
        { metadata: { kernelspec: KERNEL } },
      ),
    )
    const res = await colab('many/nb.ipynb')
    expect(res.statusCode).toBe(200)
    expect(res.body.isCompatible).toBe(true)
    // 1,000 of ~130 bytes would pass the default cap of 100,000 bytes: as many as fit are listed.
    const listed = res.body.issues.length
    expect(listed).toBeGreaterThan(500)
    expect(listed).toBeLessThan(1_000)
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(100_000)
    expect(res.body.issues[listed - 1]).toMatchObject({ code: 'BARE_PIP_INSTALL', fixed: true })
    const total = res.body.issues.filter((i: { code: string }) => i.code !== 'BARE_PIP_INSTALL').length + 1_200
    expect(res.body.messages).toContain(`issues lists the first ${listed} of ${total}`)
    const fixed = await readJson(path.join(ws, 'many/nb.colab.ipynb'))
    expect(fixed.cells[1_199].source.join('')).toBe('%pip install pkg1199')
  })
})

describe('errors', () => {
  it('missing file 404, not JSON 400, outside 403, read-only key 403; nothing written', async () => {
    const missing = await colab('none/x.ipynb')
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toMatchObject({ error_code: 'FILE_NOT_FOUND', error_message: 'File not found: none/x.ipynb' })

    await put('bad/x.ipynb', '{"cells": [}')
    const bad = await colab('bad/x.ipynb')
    expect(bad.statusCode).toBe(400)
    expect(bad.body.error_code).toBe('INVALID_NOTEBOOK')
    expect(bad.body.error_message).toMatch(/^bad\/x\.ipynb is not a valid Jupyter notebook: it is not JSON/)
    expect(await exists(path.join(ws, 'bad/x.colab.ipynb'))).toBe(false)

    const outside = await colab('../../etc/x.ipynb')
    expect(outside.statusCode).toBe(403)
    expect(outside.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')

    // the copy's place is taken by a folder: refused in a real run and in a dry run alike
    await put('taken/nb.ipynb', notebook([md('# x')]))
    await fs.mkdir(path.join(ws, 'taken/nb.colab.ipynb'))
    for (const headers of [{}, { 'x-dry-run': 'true' }]) {
      const taken = await colab('taken/nb.ipynb', headers)
      expect(taken.statusCode).toBe(400)
      expect(taken.body).toMatchObject({ error_code: 'INVALID_REQUEST', error_message: 'taken/nb.colab.ipynb is a directory; pass the path of a file' })
    }

    await put('ro/nb.ipynb', notebook([md('# x')]))
    const ro = await colab('ro/nb.ipynb', {}, await t.key(['read']))
    expect(ro.statusCode).toBe(403)
    expect(ro.body.error_code).toBe('SCOPE_REQUIRED')
    expect(await exists(path.join(ws, 'ro/nb.colab.ipynb'))).toBe(false)
  })
})
