/**
 * A whole notebook built through the five tools, written by finalize and accepted by the reference
 * validator (nbformat.validate under Debian's /usr/bin/python3), then read back for its structure.
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

async function referenceValidate(file: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(REF_PYTHON, ['-c', 'import nbformat,sys; nbformat.validate(nbformat.read(sys.argv[1], as_version=4))', file])
    return { code: 0, stderr: '' }
  } catch (e) {
    const err = e as { code: number; stderr: string }
    return { code: err.code, stderr: err.stderr }
  }
}

const text = (cell: any) => (Array.isArray(cell.source) ? cell.source.join('') : cell.source)

describe('a notebook built through the five tools', () => {
  it('is written where finalize says, passes nbformat.validate and has the documented structure', async () => {
    const s = session(t)
    expect(
      (await s.dep({ package: 'numpy', version: '1.26.4', manager: 'pip', import_check: 'import numpy as np', notes: 'Arrays | vectors' })).body,
    ).toMatchObject({ status: 'ok', dependency_id: 'pip::numpy@1.26.4', manifest_position: 1 })
    expect((await s.dep({ package: 'ffmpeg', version: '4.4.2', manager: 'apt' })).body.manifest_position).toBe(2)
    expect(
      (await s.dep({ package: 'conda-forge::libsndfile', version: '1.2.2', manager: 'conda', import_check: 'from ctypes import util' })).body.manifest_position,
    ).toBe(3)
    expect((await s.dep({ package: 'PyYAML', version: '6.0.1', manager: 'pip', import_check: 'import yaml' })).body.dependency_id).toBe('pip::pyyaml@6.0.1')

    const md1 = await s.md(1, {
      prerequisites_check: ['Python 3.10 or later', 'A GPU is optional'],
      next_section_hint: 'Next we turn the loaded values into summary statistics and plot them.',
    })
    expect(md1.body).toMatchObject({ status: 'ok', cell_index: 3 })
    const code1 = await s.code(1, {
      code: pythonCode('import numpy as np', 'import yaml'),
      narration: 'Load the values and print their mean.',
      expected_output: 'total=15 mean=3.00',
    })
    expect(code1.body).toMatchObject({ status: 'ok', cell_index: 5, runnable: true })
    expect(code1.body.messages).toEqual([])
    const quiz1 = await s.quiz(1, [question(0), question(2, 4)])
    expect(quiz1.body).toMatchObject({ status: 'ok', assessment_cell_indices: [6, 7] })
    expect((await s.md(2)).body.cell_index).toBe(8)
    expect((await s.code(2, { code: pythonCode('!pip list | head -3', '%matplotlib inline') })).body).toMatchObject({ cell_index: 9, runnable: true })

    const fin = await s.finalize({
      next_steps: ['Try the same steps on your own data'],
      references: ['https://numpy.org/doc/stable/'],
      markdown_ratio_target: 0.6,
    })
    expect(fin.statusCode).toBe(200)
    expect(fin.body.status).toBe('ok')
    const file = fin.body.notebook_path as string
    expect(path.isAbsolute(file)).toBe(true)
    expect(path.relative(t.workspace, file)).toMatch(/^notebooks\/alain-\d{8}-[0-9a-f]{8}\/notebook\.ipynb$/)
    expect(path.relative(t.workspace, file).slice(16, 24)).toBe(new Date().toISOString().slice(0, 10).replaceAll('-', ''))

    const ref = await referenceValidate(file)
    expect(ref.stderr).toBe('')
    expect(ref.code).toBe(0)

    const nb = JSON.parse(await fs.readFile(file, 'utf8'))
    expect(nb.nbformat).toBe(4)
    expect(nb.nbformat_minor).toBe(5)
    expect(nb.metadata.kernelspec).toMatchObject({ name: 'python3', language: 'python' })
    expect(nb.metadata.language_info.name).toBe('python')
    expect(nb.metadata.alain).toMatchObject({ reading_time_minutes: 20, markdown_ratio_target: 0.6, assessment_questions: 2, estimated_tokens: 1800 })
    const ids = nb.cells.map((c: any) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9-_]{1,64}$/)

    const kinds = nb.cells.map((c: any) => c.cell_type)
    expect(kinds).toEqual([
      'markdown',
      'markdown',
      'code',
      'markdown',
      'markdown',
      'code',
      'markdown',
      'code',
      'markdown',
      'code',
      'markdown',
      'markdown',
      'markdown',
    ])
    expect(fin.body.section_counts).toEqual({ markdown: 9, code: 4 })

    const [overview, setupMd, setup, step1, narration, code, quizMd, quizCode, step2, code2, summary, next, refs] = nb.cells.map(text)
    expect(overview).toMatch(/^# Notebook overview/)
    expect(overview).toContain('20 minutes')
    expect(overview).toContain('1. Step 1: Work through part 1')
    expect(setupMd).toContain('| 1 | `numpy` | 1.26.4 | pip | Arrays \\| vectors |')
    expect(setup).toContain('!apt-get install -y ffmpeg=4.4.2')
    expect(setup).toContain('!conda install -y conda-forge::libsndfile=1.2.2')
    expect(setup).toContain('%pip install numpy==1.26.4 pyyaml==6.0.1')
    expect(setup.indexOf('apt-get install')).toBeLessThan(setup.indexOf('%pip install'))
    expect(setup).toContain('try:\n    import numpy as np\nexcept Exception as exc:')
    expect(setup).toContain('"pip::pyyaml@6.0.1"')
    expect(step1).toMatch(/^## Step 1: Work through part 1\n\n\*\*Before you start, check that:\*\*\n- \[ \] Python 3.10 or later/)
    expect(step1).toContain('> **Tip:** tip message')
    expect(step1).toContain('> **Warning:** warning message')
    expect(step1).toContain('> **Note:** note message')
    expect(step1).toContain('**Up next:** Next we turn')
    expect(narration).toBe('Load the values and print their mean.\n\n**Expected output:** total=15 mean=3.00')
    expect(code).toBe(pythonCode('import numpy as np', 'import yaml'))
    expect(nb.cells[5].metadata.alain).toMatchObject({ runnable: true, expected_output: 'total=15 mean=3.00' })
    expect(nb.cells[5]).toMatchObject({ outputs: [], execution_count: null })
    expect(quizMd).toContain('**Question 1.**')
    expect(quizMd).toContain('- **C.** Option C')
    expect(quizMd).toContain('- **D.** Option D')
    expect(quizCode).toContain('my_answers = {1: "", 2: ""}')
    expect(step2).toMatch(/^## Step 2:/)
    expect(code2).toContain('%matplotlib inline')
    expect(summary).toMatch(/^## Summary\n\nThis notebook walked through/)
    expect(next).toBe('## Next steps\n\n- Try the same steps on your own data')
    expect(refs).toBe('## References\n\n1. https://numpy.org/doc/stable/')
    // 9 of 13 cells are markdown: 0.69, more than 0.05 from the target 0.6
    expect(fin.body.messages.some((m: string) => /markdown ratio is 0\.69, above the target 0\.6/.test(m))).toBe(true)
  })

  it('runs its answer-check and setup code as Python (the generated cells compile and behave)', async () => {
    const s = session(t)
    await s.md(1)
    await s.code(1)
    await s.quiz(1, [question(1), question(0)])
    const fin = await s.finalize()
    const nb = JSON.parse(await fs.readFile(fin.body.notebook_path, 'utf8'))
    const check = text(nb.cells.find((c: any) => c.id.includes('-check-'))).replace('my_answers = {1: "", 2: ""}', 'my_answers = {1: "b", 2: "C"}')
    const { stdout } = await run(REF_PYTHON, ['-c', check])
    expect(stdout).toContain('Question 1: correct.')
    expect(stdout).toContain('Question 2: not quite: the answer is A.')
    expect(stdout).toContain('The cell sums the values')
    const setup = text(nb.cells[2])
    expect((await run(REF_PYTHON, ['-c', setup])).stdout).toMatch(/^Python 3\.\d+\.\d+: no extra packages to install\.\n$/)
  })
})
