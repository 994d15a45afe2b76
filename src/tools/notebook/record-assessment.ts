/**
 * Seed 000 §2.4 `notebook.record_assessment`: multiple-choice questions for a section, as a
 * markdown cell (prompt, lettered options) and an answer-check code cell, placed at the end of
 * their section (seed 000 §4 question 2: embedded per step, right after the step it checks).
 */
import { Type } from 'typebox'
import { placeCells } from '../../notebook/emit.js'
import { codeCell, markdownCell } from '../../notebook/model.js'
import { renderAnswerCheck, renderQuestions } from '../../notebook/render.js'
import { withRun } from '../../notebook/store.js'
import { defineTool } from '../define.js'
import { validationError } from '../validate.js'
import { annotations, checkSection, NOTEBOOK_TOOL, ORDER_RULE, SectionNumber } from './support/common.js'

const NAME = 'notebook.record_assessment'
/** Options are lettered A–Z. */
const MAX_OPTIONS = 26

export default defineTool({
  name: NAME,
  ...NOTEBOOK_TOOL,
  description:
    'Adds MCQ or coding assessments and updates summary metadata: the questions as one markdown cell (prompt, options lettered A, B, C…) and an answer-check code cell ' +
    '(the learner sets my_answers and runs it; check_answer prints right or wrong and the explanation). correct_index is 0-based into options. ' +
    'Both cells go at the end of their section; returns their indices. ' +
    ORDER_RULE,
  input: Type.Object({
    section_number: SectionNumber(),
    questions: Type.Array(
      Type.Object({
        prompt: Type.String({ minLength: 80 }),
        options: Type.Array(Type.String({ minLength: 10 }), { minItems: 3 }),
        correct_index: Type.Integer({ minimum: 0 }),
        explanation: Type.String({ minLength: 60 }),
      }),
      { minItems: 1 },
    ),
  }),
  examples: [
    {
      summary: 'One question about step 1',
      value: {
        section_number: 1,
        questions: [
          {
            prompt: 'After loading the Iris dataset with load_iris(as_frame=True), how many rows does the resulting DataFrame have?',
            options: ['150 rows, one per flower', '4 rows, one per measurement', '3 rows, one per species'],
            correct_index: 0,
            explanation: 'The dataset has 150 samples, one per flower; the four measurements are columns, not rows.',
          },
        ],
      },
    },
  ],
  output: Type.Object({
    assessment_cell_indices: Type.Array(Type.Integer(), { description: 'Final-order indices of the question cell and the answer-check cell, as of this call' }),
  }),
  annotations: annotations('Record an assessment'),
  precheck({ section_number, questions }) {
    checkSection(NAME, section_number)
    questions.forEach((q, i) => {
      if (q.options.length > MAX_OPTIONS) {
        throw validationError({ name: NAME }, `Too many items for questions[${i}].options: maximum is ${MAX_OPTIONS}`, {
          parameter: `questions[${i}].options`,
          received_count: q.options.length,
          constraints: `maxItems=${MAX_OPTIONS} (options are lettered A-Z)`,
        })
      }
      if (q.correct_index >= q.options.length) {
        throw validationError({ name: NAME }, `Value for questions[${i}].correct_index exceeds maximum: ${q.options.length - 1}`, {
          parameter: `questions[${i}].correct_index`,
          received: q.correct_index,
          constraints: `correct_index is a 0-based index into options, which has ${q.options.length} items`,
        })
      }
    })
  },
  async execute(args, ctx) {
    const section = args.section_number
    const placed = await withRun(ctx, true, (tx, run) =>
      placeCells(tx, run!.id, [
        {
          section,
          kind: 'assessment',
          build: (seq) => ({
            cell: markdownCell(`s${section}-quiz-${seq}`, renderQuestions(section, args.questions), {
              alain: { section, kind: 'assessment', questions: args.questions.length },
            }),
            info: { questions: args.questions.length },
          }),
        },
        {
          section,
          kind: 'assessment',
          build: (seq) => ({
            cell: codeCell(`s${section}-check-${seq}`, renderAnswerCheck(args.questions), { alain: { section, kind: 'answer_check' } }),
            info: { runnable: true },
          }),
        },
      ]),
    )
    if (!placed.rows.some((r) => r.section === section && r.kind !== 'assessment')) {
      ctx.warn(`Section ${section} has no markdown or code cells yet; the assessment will stay at the end of the section when they come`)
    }
    if (placed.shift) ctx.warn(placed.shift)
    return { assessment_cell_indices: placed.indices }
  },
})
