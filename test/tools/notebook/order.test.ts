/**
 * Cell indices in the final order (3 opening cells, sections by number with content in emission
 * order then assessments, closing cells), moved indices announced, the markdown ratio hint, and
 * the assessment cells' indices: checked against the written notebook.
 */
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { question, session } from './helpers.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const ids = async (file: string) => (JSON.parse(await fs.readFile(file, 'utf8')).cells as any[]).map((c) => c.id)

describe('cell indices', () => {
  it("are each cell's place in the finalized notebook, shifting when an earlier section grows", async () => {
    const s = session(t)
    const md2 = await s.md(2)
    expect(md2.body).toMatchObject({ cell_index: 3, markdown_ratio_hint: 0.75, messages: [] })
    const code2 = await s.code(2)
    expect(code2.body).toMatchObject({ cell_index: 4, runnable: true })

    // section 1 goes in front of section 2: its cells take 3 and 4; section 2 moves down
    const md1 = await s.md(1)
    expect(md1.body.cell_index).toBe(3)
    expect(md1.body.messages).toEqual([
      'Section 1 now comes before 2 cells emitted earlier (section 2): their indices went up by 1 and they now start at index 4. ' +
        'Indices returned by earlier calls for those cells are out of date.',
    ])
    const code1 = await s.code(1, { narration: 'Narration becomes its own markdown cell.' })
    expect(code1.body.cell_index).toBe(5) // narration at 4, code at 5
    expect(code1.body.messages[0]).toMatch(
      /^Section 1 now comes before 2 cells emitted earlier \(section 2\): their indices went up by 2 and they now start at index 6\./,
    )

    const quiz1 = await s.quiz(1)
    expect(quiz1.body.assessment_cell_indices).toEqual([6, 7])
    // content emitted into section 1 after its assessment still goes before it
    const late = await s.code(1)
    expect(late.body.cell_index).toBe(6)
    expect(late.body.messages[0]).toMatch(
      /^Section 1 now comes before 4 cells emitted earlier \(section 1's assessment, section 2\): their indices went up by 1 and they now start at index 7\./,
    )
    const quiz2 = await s.quiz(2, [question(0)])
    expect(quiz2.body.assessment_cell_indices).toEqual([11, 12])
    expect(quiz2.body.messages).toEqual([])
    const md3 = await s.md(3)
    expect(md3.body).toMatchObject({ cell_index: 13, messages: [] })

    const fin = await s.finalize({ next_steps: ['Go on'], references: ['A book'] })
    const cells = await ids(fin.body.notebook_path)
    // the indices now: overview, setup, setup-code, s1 step, s1 narration, s1 code, s1 late code, s1 quiz, s1 check, s2 step, s2 code, s2 quiz, s2 check, s3 step, summary, next, refs
    expect(cells.slice(0, 3)).toEqual(['overview', 'setup', 'setup-code'])
    expect(cells[3]).toBe(`s1-step-3`)
    expect(cells[5]).toBe(`s1-code-5`)
    expect(cells[6]).toBe(`s1-code-8`)
    expect(cells[7]).toBe(`s1-quiz-6`)
    expect(cells[8]).toBe(`s1-check-7`)
    expect(cells[9]).toBe(`s2-step-1`)
    expect(cells[10]).toBe(`s2-code-2`)
    expect(cells.slice(11, 14)).toEqual(['s2-quiz-9', 's2-check-10', 's3-step-11'])
    expect(cells.slice(14)).toEqual(['summary', 'next-steps', 'references'])
    expect(fin.body.section_counts).toEqual({ markdown: 11, code: 6 })
    // section 3 has a markdown step but no code
    expect(fin.body.messages).toContain('Section 3 lacks a code cell; seed 000 asks every section for both markdown explanations and runnable code.')
  })

  it('give markdown_ratio_hint as markdown cells / all cells so far, opening cells included', async () => {
    const s = session(t)
    expect((await s.md(1)).body.markdown_ratio_hint).toBe(0.75) // 3 of 4
    await s.code(1)
    await s.code(1)
    expect((await s.md(2)).body.markdown_ratio_hint).toBe(0.57) // 4 of 7
    await s.code(2, { narration: 'Some words.' })
    expect((await s.md(3)).body.markdown_ratio_hint).toBe(0.6) // 6 of 10
  })

  it('warn about a title that names another step and a second step in one section', async () => {
    const s = session(t)
    const res = await s.md(2, { title: 'Step 3: Mismatch' })
    expect(res.body.messages).toContain('The title says Step 3 but section_number is 2; the cell goes into section 2')
    expect((await s.md(2)).body.messages).toContain('Section 2 already has 1 markdown step; this one follows it in the same section')
    const quiz = await s.quiz(4)
    expect(quiz.body.messages).toContain('Section 4 has no markdown or code cells yet; the assessment will stay at the end of the section when they come')
  })
})
