/**
 * Seed 000 §2.3 `notebook.emit_code_cell`: a code cell for a section (narration becomes a markdown
 * cell right before it). `runnable` is a real compile of the cell by the Python interpreter; a
 * cell that does not compile is still stored, and the response says where it fails.
 */
import { Type } from 'typebox'
import { placeCells } from '../../notebook/emit.js'
import { unregisteredImports } from '../../notebook/packages.js'
import { codeCell, markdownCell } from '../../notebook/model.js'
import { renderNarration } from '../../notebook/render.js'
import { dependencies, withRun, type NewCell } from '../../notebook/store.js'
import { checkCode, describeProblem } from '../../notebook/syntax.js'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'
import { annotations, checkSection, NOTEBOOK_TOOL, ORDER_RULE, SectionNumber } from './support/common.js'

export default defineTool({
  name: 'notebook.emit_code_cell',
  ...NOTEBOOK_TOOL,
  description:
    'Appends a runnable code cell associated with a section. `runnable` comes from compiling the cell with Python (IPython lines such as !pip and %magic are allowed); ' +
    'a cell that does not compile is still stored and the messages give the line and error. Imports of packages not registered with notebook.add_dependency are reported in messages. ' +
    'Narration becomes a markdown cell right before the code. ' +
    ORDER_RULE,
  input: Type.Object({
    section_number: SectionNumber(),
    code: Type.String({ minLength: 120 }),
    language: StringEnum(['python'] as const),
    narration: Type.Optional(Type.String({ description: 'Short preceding markdown snippet' })),
    expected_output: Type.Optional(Type.String({ description: 'Summary of expected result' })),
  }),
  examples: [
    {
      summary: 'The code of step 1',
      value: {
        section_number: 1,
        code: 'from sklearn.datasets import load_iris\nimport pandas as pd\n\niris = load_iris(as_frame=True)\ndf = iris.frame\nprint(df.shape)\nprint(df.head())\n',
        language: 'python',
        narration: 'Load the data into a DataFrame.',
        expected_output: '(150, 5) and the first five rows',
      },
    },
  ],
  output: Type.Object({
    cell_index: Type.Integer({ description: '0-based index of the code cell in the final notebook order, as of this call' }),
    runnable: Type.Boolean({ description: 'Whether the cell compiles as Python (after neutralizing IPython lines)' }),
  }),
  annotations: annotations('Emit a code cell'),
  precheck: ({ section_number }) => checkSection('notebook.emit_code_cell', section_number),
  async execute(args, ctx) {
    const section = args.section_number
    // Before the transaction: no lock is held while Python works, and a missing Python stores nothing.
    const report = await checkCode(args.code, ctx.settings.python, ctx.services.sandbox)
    const narration = args.narration?.trim()
    const expected = args.expected_output?.trim()
    const cells: NewCell[] = []
    if (narration) {
      cells.push({
        section,
        kind: 'narration',
        build: (seq) => ({
          cell: markdownCell(`s${section}-narration-${seq}`, renderNarration(narration, expected), { alain: { section, kind: 'narration' } }),
          info: {},
        }),
      })
    }
    cells.push({
      section,
      kind: 'code',
      build: (seq) => ({
        cell: codeCell(`s${section}-code-${seq}`, args.code, {
          alain: { section, kind: 'code', runnable: report.runnable, ...(expected && { expected_output: expected }) },
        }),
        info: { runnable: report.runnable, ...(report.error && { error: describeProblem(report.error) }) },
      }),
    })
    const { placed, unregistered } = await withRun(ctx, true, async (tx, run) => {
      const deps = await dependencies(tx, run!.id)
      return { placed: await placeCells(tx, run!.id, cells), unregistered: unregisteredImports(report.imports, report.stdlib, deps) }
    })
    const index = placed.indices.at(-1)!
    if (report.error)
      ctx.warn(`Not runnable: ${describeProblem(report.error)}. The cell was stored at index ${index}; emit a corrected cell (this one stays in the notebook).`)
    for (const w of report.warnings) ctx.warn(`Python warns: ${w}`)
    if (report.foreignCellMagic) ctx.warn(`The cell starts with ${report.foreignCellMagic}, whose body is not Python: it was stored without a syntax check`)
    for (const u of unregistered) {
      ctx.warn(
        `Line ${u.line} imports ${u.module}, but no notebook.add_dependency call has registered a package for it in this notebook ` +
          `(expected e.g. package "${u.suggestion}"). Always call notebook.add_dependency before referencing a package.`,
      )
    }
    if (report.installLines.length) {
      ctx.warn(
        `Line${report.installLines.length === 1 ? '' : 's'} ${report.installLines.join(', ')} install${report.installLines.length === 1 ? 's' : ''} packages inside a section; ` +
          'register them with notebook.add_dependency instead, so that the setup cell installs them once',
      )
    }
    if (placed.shift) ctx.warn(placed.shift)
    return { cell_index: index, runnable: report.runnable }
  },
})
