/**
 * Seed 000 §2.2 `notebook.emit_markdown_step`: one markdown cell for a section: the title as a
 * heading, the prerequisites checklist, the body, the callouts as blockquotes and the hint.
 */
import { Type } from 'typebox'
import { placeCells } from '../../notebook/emit.js'
import { markdownCell } from '../../notebook/model.js'
import { oneLine, renderMarkdownStep } from '../../notebook/render.js'
import { cellRows, withRun } from '../../notebook/store.js'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'
import { annotations, checkSection, NOTEBOOK_TOOL, ORDER_RULE, SectionNumber } from './support/common.js'

export default defineTool({
  name: 'notebook.emit_markdown_step',
  ...NOTEBOOK_TOOL,
  description:
    "Adds a markdown cell for the active section and returns metadata for validators: the cell's index and markdown_ratio_hint " +
    '(markdown cells / all cells so far, counting the overview and setup cells, 2 decimals). Callouts render as blockquotes ' +
    '("> **Tip:** …"), prerequisites as a checklist. ' +
    ORDER_RULE,
  input: Type.Object({
    section_number: SectionNumber(),
    title: Type.String({ pattern: '^Step [0-9]+: .+' }),
    body: Type.String({ minLength: 300 }),
    callouts: Type.Array(
      Type.Object({
        type: StringEnum(['tip', 'warning', 'note'] as const),
        message: Type.String({ minLength: 50 }),
      }),
      { minItems: 3 },
    ),
    prerequisites_check: Type.Optional(Type.Array(Type.String(), { default: [] })),
    next_section_hint: Type.Optional(Type.String({ minLength: 50 })),
    estimated_tokens: Type.Integer({ minimum: 600, maximum: 2200 }),
  }),
  examples: [
    {
      summary: 'The first step of a notebook',
      value: {
        section_number: 1,
        title: 'Step 1: Load the dataset',
        body:
          'We start by loading the Iris dataset, a small table of 150 flowers with four measurements each. ' +
          'Loading it into a pandas DataFrame lets us look at the columns, check their types and spot missing values before any modelling. ' +
          'Keep the raw frame untouched: every later step works on a copy, so that you can always go back to the data as it came.',
        callouts: [
          { type: 'tip', message: 'Call df.head() after loading to see the first rows and the column names at a glance.' },
          { type: 'warning', message: 'Do not shuffle the rows yet: the split in step 3 depends on the original order of the file.' },
          { type: 'note', message: 'The dataset ships with scikit-learn, so this step needs no network access at all.' },
        ],
        prerequisites_check: ['pandas is installed'],
        next_section_hint: 'Next we plot each measurement against the species to see which ones separate them best.',
        estimated_tokens: 800,
      },
    },
  ],
  output: Type.Object({
    cell_index: Type.Integer({ description: '0-based index of the cell in the final notebook order, as of this call' }),
    markdown_ratio_hint: Type.Number({ description: 'Markdown cells / all cells so far (overview and setup included), 2 decimals' }),
  }),
  annotations: annotations('Emit a markdown step'),
  precheck: ({ section_number }) => checkSection('notebook.emit_markdown_step', section_number),
  async execute(args, ctx) {
    const section = args.section_number
    const stepNo = Number(/^Step ([0-9]+):/.exec(args.title)?.[1])
    if (stepNo !== section) ctx.warn(`The title says Step ${stepNo} but section_number is ${section}; the cell goes into section ${section}`)
    const placed = await withRun(ctx, true, async (tx, run) => {
      const before = await cellRows(tx, run!.id)
      const earlier = before.filter((r) => r.section === section && r.kind === 'markdown_step').length
      if (earlier)
        ctx.warn(
          `Section ${section} already has ${earlier} markdown step${earlier === 1 ? '' : 's'}; this one follows ${earlier === 1 ? 'it' : 'them'} in the same section`,
        )
      return placeCells(tx, run!.id, [
        {
          section,
          kind: 'markdown_step',
          build: (seq) => ({
            cell: markdownCell(`s${section}-step-${seq}`, renderMarkdownStep(args), {
              alain: { section, kind: 'markdown_step', estimated_tokens: args.estimated_tokens },
            }),
            info: { title: oneLine(args.title), estimated_tokens: args.estimated_tokens, callouts: args.callouts.length },
          }),
        },
      ])
    })
    if (placed.shift) ctx.warn(placed.shift)
    return { cell_index: placed.indices[0], markdown_ratio_hint: placed.markdownRatio }
  },
})
