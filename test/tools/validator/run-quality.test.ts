/**
 * validator.run_quality through the real app: a good notebook scores 100 and meets the standards;
 * three flawed ones (too little markdown and thin steps, no steps, missing sections with an empty
 * cell) get the exact metrics worked out by hand below; the ratio bounds; nbformat 3; the path
 * and notebook errors; the escalation after repeated errors, counted per key and session.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEIGHTS, assessQuality } from '../../../src/validator/quality.js'
import type { Notebook } from '../../../src/notebook/model.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { W, code, jupyterText, md, notebook } from './fixtures.js'

let t: TestApp
let ws: string
// a session per call, so that error tests do not add up to an escalation (tested on its own below)
let sessions = 0
const fresh = () => ({ 'x-session-id': `quality-${sessions++}` })
const quality = (notebook_path: string, headers: Record<string, string> = fresh()) => t.call('validator.run_quality', { notebook_path }, { headers })
async function put(rel: string, nb: unknown): Promise<string> {
  const file = path.join(ws, rel)
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, typeof nb === 'string' ? nb : jupyterText(nb))
  return file
}

beforeAll(async () => {
  t = await buildTestApp()
  ws = await fs.realpath(t.workspace)
})
afterAll(async () => t?.close())

// Cell texts; characters per cell: 270, 146, 51, 325, 83, 350, 83, 377, 106, 191, 59 = 2041.
const GOOD = notebook([
  md(`# Tiny Shakespeare with GPT-2\n\n${W(40)}`), // words 4 + 40
  md(`## Setup and Installation\n\n${W(20)}`), // 3 + 20
  code('%pip install transformers==4.44.0 datasets==2.20.0\n'), // 1 line
  md(`## Step 1: Load the data\n\n${W(50)}`), // 5 + 50
  code("from datasets import load_dataset\n\nds = load_dataset('tiny_shakespeare')\nprint(ds)\n"), // 3 non-blank lines
  md(`## Step 2: Tokenize\n\n${W(55)}`), // 3 + 55
  code("from transformers import AutoTokenizer\ntok = AutoTokenizer.from_pretrained('gpt2')\n"), // 2
  md(`## Step 3: Train\n\n${W(60)}`), // 3 + 60
  code("from transformers import Trainer\ntrainer = Trainer(model=model)\ntrainer.train()\ntrainer.save_model('out')\n"), // 4
  md(`## Summary\n\n${W(30)}`), // 1 + 30
  md('## Next Steps\n\n- Try a larger model\n- Read the Trainer docs'), // 2 + 4 + 4 ("-" is not a word)
])

describe('validator.run_quality', () => {
  it('a good notebook: 100, and meets the standards', async () => {
    await put('nb/good.ipynb', GOOD)
    const res = await quality('nb/good.ipynb')
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.status).toBe('ok')
    expect(res.body.metrics).toEqual({
      qualityScore: 100,
      stepCount: 3,
      markdownRatio: 0.64, // 7 markdown / (7 + 4 code) = 0.636…
      estimatedTokens: 510, // 2041 / 4 = 510.25
      estimatedReadingTime: 3, // words 284 / 200 + code lines 10 / 10 = 2.42 → 3
      hasRequiredSections: true,
      meetsStandards: true,
    })
    expect(Object.keys(res.body.metrics)).toEqual([
      'qualityScore',
      'stepCount',
      'markdownRatio',
      'estimatedTokens',
      'estimatedReadingTime',
      'hasRequiredSections',
      'meetsStandards',
    ])
    const d = res.body.details
    expect(d.notebook_path).toBe('nb/good.ipynb')
    expect(d.nbformat).toBe('4.5')
    expect(d.counts).toEqual({ markdown_cells: 7, code_cells: 4, raw_cells: 0, markdown_words: 284, code_lines: 10, characters: 2041 })
    expect(d.checks.every((c: any) => c.passed && c.points === c.max)).toBe(true)
    expect(d.checks.map((c: any) => [c.name, c.max])).toEqual([
      ['title', 10],
      ['setup', 10],
      ['steps', 15],
      ['step_code', 15],
      ['step_explanation', 10],
      ['markdown_ratio', 20],
      ['summary', 10],
      ['next_steps', 5],
      ['no_empty_cells', 5],
    ])
    expect(d.steps).toEqual([
      { number: 1, title: 'Step 1: Load the data', cell_index: 3, has_code: true, explanation_words: 50 },
      { number: 2, title: 'Step 2: Tokenize', cell_index: 5, has_code: true, explanation_words: 55 },
      { number: 3, title: 'Step 3: Train', cell_index: 7, has_code: true, explanation_words: 60 },
    ])
  })

  it('too little markdown and thin steps: 68, not meeting the standards', async () => {
    // cells: 0 md, 1 code, 2 md, 3-6 code, 7 md, 8-11 code, 12 md, 13-15 code, 16 md
    const nb = notebook([
      md('# Quick GPT-2 Demo\n\n## Setup'),
      code('%pip install torch\n'),
      md(`## Step 1: Load\n\n${W(10)}`),
      ...[1, 2, 3, 4].map(() => code('x = 1\n')),
      md(`## Step 2: Train\n\n${W(10)}`),
      ...[1, 2, 3, 4].map(() => code('y = 2\n')),
      md(`## Step 3: Evaluate\n\n${W(60)}`),
      ...[1, 2, 3].map(() => code('z = 3\n')),
      md(`## Summary\n\n${W(5)}`),
    ])
    await put('flawed/code-heavy.ipynb', nb)
    const res = await quality('flawed/code-heavy.ipynb')
    expect(res.body.metrics).toEqual({
      // 10 title + 10 setup + 15 steps + 15 code + 10 × 1/3 explained + 0 ratio + 10 summary + 0 next + 5 = 68.33
      qualityScore: 68,
      stepCount: 3,
      markdownRatio: 0.29, // 5 / 17
      estimatedTokens: 172, // 687 characters / 4 = 171.75
      estimatedReadingTime: 2, // words 99 / 200 + lines 12 / 10 = 1.695 → 2
      hasRequiredSections: true,
      meetsStandards: false,
    })
    const checks = Object.fromEntries(res.body.details.checks.map((c: any) => [c.name, c]))
    expect(checks.step_explanation).toEqual({
      name: 'step_explanation',
      points: 3.33,
      max: 10,
      passed: false,
      detail: '1 of 3 step sections explain in 50+ words',
    })
    expect(checks.markdown_ratio).toEqual({ name: 'markdown_ratio', points: 0, max: 20, passed: false, detail: 'markdown ratio 0.29 (0.3-0.8 expected)' })
    expect(checks.next_steps).toMatchObject({ points: 0, passed: false, detail: 'no next steps/references heading' })
    expect(checks.setup).toMatchObject({ points: 10, detail: 'setup/installation: "Setup" (cell 0)' })
    expect(res.body.details.steps.map((s: any) => s.explanation_words)).toEqual([10, 10, 60])
  })

  it('no Step sections: 55, required sections missing', async () => {
    const nb = notebook([
      md(`# Sentiment Analysis\n\n${W(30)}`),
      md(`## Installation\n\n${W(20)}`),
      code('!pip install scikit-learn\n'),
      md(`## Loading the data\n\n${W(40)}`),
      code("import pandas as pd\ndf = pd.read_csv('reviews.csv')\n"),
      md(`## Training\n\n${W(40)}`),
      code('model.fit(X, y)\n'),
      md(`## Conclusion\n\n${W(20)}`),
    ])
    await put('flawed/no-steps.ipynb', nb)
    const res = await quality('flawed/no-steps.ipynb')
    expect(res.body.metrics).toEqual({
      qualityScore: 55, // 10 title + 10 setup + 20 ratio + 10 summary + 5 no empty cells
      stepCount: 0,
      markdownRatio: 0.63, // 5 / 8 = 0.625, rounded half up
      estimatedTokens: 269, // 1077 / 4 = 269.25
      estimatedReadingTime: 2, // words 158 / 200 + lines 4 / 10 = 1.19 → 2
      hasRequiredSections: false,
      meetsStandards: false,
    })
    const checks = Object.fromEntries(res.body.details.checks.map((c: any) => [c.name, c]))
    expect(checks.steps).toMatchObject({ points: 0, detail: '0 `Step N:` headings (3 or more expected)' })
    expect(checks.step_code).toMatchObject({ points: 0, detail: 'no step sections' })
    expect(checks.summary.detail).toBe('summary/conclusion: "Conclusion" (cell 7)')
  })

  it('missing title, setup and summary, an empty code cell: 60', async () => {
    const nb = notebook([
      md(`## Introduction\n\n${W(20)}`),
      md(`### Step 1: Load\n\n${W(50)}`),
      code('data = load()\n'),
      md(`### Step 2: Prepare\n\n${W(50)}`),
      code(''), // the step's only code cell is empty
      md(`### Step 3: Train\n\n${W(50)}`),
      code('fit(data)\nsave()\n'),
      md('## References\n\n- https://example.org'),
    ])
    await put('flawed/missing.ipynb', nb)
    const res = await quality('flawed/missing.ipynb')
    expect(res.body.metrics).toEqual({
      qualityScore: 60, // 0 + 0 + 15 steps + 15 × 2/3 code + 10 explained + 20 ratio + 0 + 5 references + 0 empty cell
      stepCount: 3,
      markdownRatio: 0.63,
      estimatedTokens: 290, // 1158 / 4 = 289.5, rounded half up
      estimatedReadingTime: 2, // words 182 / 200 + lines 3 / 10 = 1.21 → 2
      hasRequiredSections: false,
      meetsStandards: false,
    })
    const checks = Object.fromEntries(res.body.details.checks.map((c: any) => [c.name, c]))
    expect(checks.title).toMatchObject({ points: 0, detail: 'no level-1 (#) title heading' })
    expect(checks.step_code).toMatchObject({ points: 10, passed: false, detail: '2 of 3 step sections hold runnable code' })
    expect(checks.no_empty_cells).toMatchObject({ points: 0, detail: 'empty cells: 4' })
    expect(res.body.details.steps.map((s: any) => s.has_code)).toEqual([true, false, true])
  })

  it('headings inside code fences do not count; an absolute path inside the workspace is accepted', async () => {
    const nb = notebook([md('# Title\n\n```bash\n# Step 1: not a heading\n```\n\n~~~\n## Step 2: nor this\n~~~'), code('x = 1\n')])
    const file = await put('fenced.ipynb', nb)
    const res = await quality(file)
    expect(res.statusCode).toBe(200)
    expect(res.body.metrics.stepCount).toBe(0)
    expect(res.body.details.notebook_path).toBe('fenced.ipynb')
  })

  it('reads nbformat 3 notebooks (heading cells are headings)', async () => {
    const v3 = {
      nbformat: 3,
      nbformat_minor: 0,
      metadata: { name: 'old' },
      worksheets: [
        {
          metadata: {},
          cells: [
            { cell_type: 'heading', level: 1, metadata: {}, source: 'Old Notebook' },
            { cell_type: 'markdown', metadata: {}, source: W(10) },
            { cell_type: 'code', language: 'python', input: 'print(1)', outputs: [], collapsed: false, metadata: {} },
          ],
        },
      ],
    }
    await put('old.ipynb', v3)
    const res = await quality('old.ipynb')
    expect(res.body.metrics).toEqual({
      qualityScore: 35, // title 10 + ratio 20 (2 / 3 = 0.67) + no empty cells 5
      stepCount: 0,
      markdownRatio: 0.67,
      estimatedTokens: 20, // ("# Old Notebook" 14 + 59 + 8) / 4 = 20.25
      estimatedReadingTime: 1,
      hasRequiredSections: false,
      meetsStandards: false,
    })
    expect(res.body.details.nbformat).toBe('3.0')
  })
})

describe('the ratio bounds and meetsStandards', () => {
  const ratioOf = (m: number, c: number) => {
    const cells = [...Array.from({ length: m }, () => md('text')), ...Array.from({ length: c }, () => code('x'))]
    return assessQuality(notebook(cells) as unknown as Notebook)
  }
  it('0.3 and 0.8 are inside, 0.25 and 0.83 outside', () => {
    expect(ratioOf(3, 7).checks.find((c) => c.name === 'markdown_ratio')?.passed).toBe(true)
    expect(ratioOf(4, 1).checks.find((c) => c.name === 'markdown_ratio')?.passed).toBe(true)
    expect(ratioOf(1, 3).metrics.markdownRatio).toBe(0.25)
    expect(ratioOf(1, 3).checks.find((c) => c.name === 'markdown_ratio')?.passed).toBe(false)
    expect(ratioOf(5, 1).metrics.markdownRatio).toBe(0.83)
    expect(ratioOf(5, 1).checks.find((c) => c.name === 'markdown_ratio')?.passed).toBe(false)
    expect(ratioOf(0, 0).metrics).toMatchObject({ markdownRatio: 0, estimatedReadingTime: 1, estimatedTokens: 0 })
  })

  it('two steps are not enough even with a score of 80 or more', () => {
    const cells = GOOD.cells.slice(0, 7).concat(GOOD.cells.slice(9)) // drops Step 3 and its code
    const report = assessQuality(notebook(cells) as unknown as Notebook)
    // 100 - 5 for the missing third step
    expect(report.metrics).toMatchObject({ qualityScore: 95, stepCount: 2, hasRequiredSections: true, meetsStandards: false })
  })
})

describe('errors', () => {
  it('a missing file is 404 FILE_NOT_FOUND', async () => {
    const res = await quality('nb/nothing.ipynb')
    expect(res.statusCode).toBe(404)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'FILE_NOT_FOUND', error_message: 'File not found: nb/nothing.ipynb' })
  })

  it('not JSON, not a notebook, a bad cell: 400 INVALID_NOTEBOOK saying what is wrong', async () => {
    await put('bad/text.ipynb', 'hello, not json')
    await put('bad/list.ipynb', '[1, 2]')
    await put('bad/plain.ipynb', '{"name": "x"}')
    await put('bad/cells-only.ipynb', '{"cells": []}')
    await put('bad/cell.ipynb', notebook([md('ok'), { cell_type: 'widget', source: '' }]))
    await put('bad/source.ipynb', notebook([{ cell_type: 'code', source: 42, metadata: {}, outputs: [] }]))
    await put('bad/v2.ipynb', '{"nbformat": 2, "worksheets": []}')
    const cases: Array<[string, string | RegExp]> = [
      ['bad/text.ipynb', /^bad\/text\.ipynb is not a valid Jupyter notebook: it is not JSON \(.+\)$/],
      ['bad/list.ipynb', 'bad/list.ipynb is not a valid Jupyter notebook: the top level is an array, not an object with "cells"'],
      ['bad/plain.ipynb', 'bad/plain.ipynb is not a valid Jupyter notebook: it has no "nbformat" version and no "cells" list'],
      ['bad/cells-only.ipynb', 'bad/cells-only.ipynb is not a valid Jupyter notebook: it has "cells" but no integer "nbformat" version'],
      ['bad/cell.ipynb', 'bad/cell.ipynb is not a valid Jupyter notebook: cell 1 has cell_type "widget"; expected one of code, markdown, raw'],
      [
        'bad/source.ipynb',
        'bad/source.ipynb is not a valid Jupyter notebook: cell 0 has a "source" that is a number; it must be a string or a list of strings',
      ],
      ['bad/v2.ipynb', 'bad/v2.ipynb is not a valid Jupyter notebook: nbformat 2 is not supported (only 3 and 4 are; nbformat 3 keeps cells in "worksheets")'],
    ]
    for (const [file, message] of cases) {
      const res = await quality(file)
      expect(res.statusCode, file).toBe(400)
      expect(res.body.error_code).toBe('INVALID_NOTEBOOK')
      if (typeof message === 'string') expect(res.body.error_message).toBe(message)
      else expect(res.body.error_message).toMatch(message)
    }
  })

  it('paths outside the workspace are refused with 403', async () => {
    for (const p of ['../outside.ipynb', '/etc/passwd', `${ws}_evil/x.ipynb`]) {
      const res = await quality(p)
      expect(res.statusCode, p).toBe(403)
      expect(res.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')
    }
  })

  it('needs a key with read scope and a notebook_path', async () => {
    expect((await t.call('validator.run_quality', { notebook_path: 'nb/good.ipynb' }, { key: await t.key(['read']) })).statusCode).toBe(200)
    const none = await t.call('validator.run_quality', {}, { headers: fresh() })
    expect(none.statusCode).toBe(400)
    expect(none.body.error_message).toBe('Missing required parameter: notebook_path')
  })

  it('the second consecutive error in a session escalates', async () => {
    const session = { 'x-session-id': 'quality-escalation' }
    expect((await quality('gone.ipynb', session)).body.error_code).toBe('FILE_NOT_FOUND')
    const second = await quality('gone.ipynb', session)
    expect(second.statusCode).toBe(404)
    expect(second.body).toMatchObject({ error_code: 'ESCALATE', details: { consecutive_errors: 2, last_error_code: 'FILE_NOT_FOUND' } })
  })

  it("another key naming the same session neither adds to a key's streak nor clears it", async () => {
    const [mine, theirs] = [await t.key(['read'], 'streak-mine'), await t.key(['read'], 'streak-theirs')]
    const as = (key: string) => ({ key, headers: { 'x-session-id': 'quality-shared' } })
    const run = (key: string, notebook_path: string) => t.call('validator.run_quality', { notebook_path }, as(key))
    expect((await run(theirs, 'gone.ipynb')).body.error_code).toBe('FILE_NOT_FOUND')
    expect((await run(mine, 'gone.ipynb')).body.error_code).toBe('FILE_NOT_FOUND') // their error is not mine
    expect((await run(theirs, 'nb/good.ipynb')).statusCode).toBe(200) // their success does not clear mine
    expect((await run(mine, 'gone.ipynb')).body).toMatchObject({ error_code: 'ESCALATE', details: { consecutive_errors: 2 } })
  })
})

describe("the answer's size", () => {
  it('fits its answer to X-Max-Output-Size, nested lists included (their titles were 4,000 escaped characters × 1,000)', async () => {
    // Each title is 300 lone surrogates: 1,800 bytes of JSON escapes, 360 KB for 200 of them.
    const steps = (n: number) => notebook(Array.from({ length: n }, (_, i) => md(`## Step ${i + 1}: ${'\ud800'.repeat(300)}`)))
    await put('nb/escapes.ipynb', steps(200))
    const res = await t.call('validator.run_quality', { notebook_path: 'nb/escapes.ipynb' }, { headers: { ...fresh(), 'x-max-output-size': '20000' } })
    expect(res.statusCode).toBe(200)
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(22_000)
    expect(res.body.metrics.stepCount).toBe(200)
    const listed = res.body.details.steps.length
    expect(listed).toBeGreaterThan(0)
    expect(listed).toBeLessThan(200)
    expect(res.body.messages).toContain(`details.steps lists the first ${listed} of 200 steps`)
    // Positive control: five such steps fit the default cap whole.
    await put('nb/five.ipynb', steps(5))
    const five = await quality('nb/five.ipynb')
    expect(five.body.details.steps.map((s: { title: string }) => s.title)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Step ${i + 1}: ${'\ud800'.repeat(300)}`),
    )
    expect(five.body.messages).toEqual([])
  })

  it('counts the path it echoes: 800 control characters are 4,800 bytes of JSON', async () => {
    const steps = notebook(Array.from({ length: 200 }, (_, i) => md(`## Step ${i + 1}: ${'\ud800'.repeat(300)}`)))
    const dir = Array.from({ length: 4 }, (_, i) => String.fromCharCode(i + 1).repeat(200)).join('/')
    await put(`${dir}/nb.ipynb`, steps)
    const res = await t.call('validator.run_quality', { notebook_path: `${dir}/nb.ipynb` }, { headers: { ...fresh(), 'x-max-output-size': '20000' } })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    expect(res.body.details.notebook_path).toBe(`${dir}/nb.ipynb`)
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(20_500) // 23.5 KB before
    expect(res.body.details.steps.length).toBeGreaterThan(0)
  })

  it('a small answer under a small cap keeps all its checks: only steps are ever shortened, and said so', async () => {
    await put('nb/tiny.ipynb', notebook([md('# T'), code('x=1')]))
    const res = await t.call('validator.run_quality', { notebook_path: 'nb/tiny.ipynb' }, { headers: { ...fresh(), 'x-max-output-size': '3000' } })
    expect(res.statusCode).toBe(200)
    expect(res.body.details.checks).toHaveLength(Object.keys(WEIGHTS).length)
    expect(res.body.messages).toEqual([])
  })
})
