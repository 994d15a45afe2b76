/**
 * Seed 000 `validator.run_quality`: the seed's quality metrics of any notebook in the workspace,
 * by the rule written down in src/validator/quality.ts (weights, thresholds, what counts as a step
 * or a section). `details` says which check cost which points, so an agent knows what to revise.
 */
import { Type } from 'typebox'
import { answerRoom } from '../../notebook/jobs.js'
import { readNotebook } from '../../notebook/load.js'
import { WEIGHTS } from '../../validator/quality.js'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'

const Metrics = Type.Object({
  qualityScore: Type.Integer({ minimum: 0, maximum: 100, description: 'Weighted sum of the checks in details.checks, 0-100' }),
  stepCount: Type.Integer({ minimum: 0, description: 'Markdown headings of the form "Step N: …"' }),
  markdownRatio: Type.Number({ minimum: 0, maximum: 1, description: 'Markdown cells / (markdown + code cells), 2 decimals' }),
  estimatedTokens: Type.Integer({ minimum: 0, description: 'Characters of all cell sources / 4, rounded' }),
  estimatedReadingTime: Type.Integer({ minimum: 1, description: 'Minutes: markdown words / 200 + code lines / 10, rounded up' }),
  hasRequiredSections: Type.Boolean({ description: 'Title, setup, at least one Step section and a summary are present' }),
  meetsStandards: Type.Boolean({ description: 'qualityScore >= 80, required sections, markdownRatio 0.3-0.8, stepCount >= 3' }),
})

const Details = Type.Object(
  {
    notebook_path: Type.String({ description: 'The notebook, relative to the workspace root' }),
    nbformat: Type.String({ description: 'Version as read, e.g. "4.5"' }),
    counts: Type.Object({
      markdown_cells: Type.Integer(),
      code_cells: Type.Integer(),
      raw_cells: Type.Integer(),
      markdown_words: Type.Integer(),
      code_lines: Type.Integer({ description: 'Non-blank lines of code cells' }),
      characters: Type.Integer({ description: 'Characters (code points) of all cell sources' }),
    }),
    checks: Type.Array(
      Type.Object({
        name: StringEnum(Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>),
        points: Type.Number({ description: 'Points earned (2 decimals)' }),
        max: Type.Integer({ description: "The check's weight" }),
        passed: Type.Boolean(),
        detail: Type.String(),
      }),
    ),
    steps: Type.Array(
      Type.Object({
        number: Type.Integer(),
        title: Type.String(),
        cell_index: Type.Integer({ description: '0-based cell of the heading' }),
        has_code: Type.Boolean(),
        explanation_words: Type.Integer(),
      }),
    ),
  },
  { description: 'Per-check findings behind the metrics' },
)

export default defineTool({
  name: 'validator.run_quality',
  toolset: 'alain',
  category: 'VALIDATION',
  description:
    'Executes the existing quality validator and echoes the native schema for observability: qualityScore (0-100), stepCount, markdownRatio, estimatedTokens, estimatedReadingTime, hasRequiredSections and meetsStandards of a notebook in the workspace, with per-check details.',
  input: Type.Object({
    notebook_path: Type.String(),
  }),
  examples: [{ summary: 'Check a finished notebook', value: { notebook_path: 'notebooks/iris.ipynb' } }],
  output: Type.Object({ metrics: Metrics, details: Type.Optional(Details) }),
  scope: 'read',
  escalates: true,
  annotations: { title: 'Notebook quality metrics', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  async execute({ notebook_path }, ctx) {
    const file = await readNotebook(ctx.workspace, notebook_path, ctx.settings.blockPolicy)
    const { version, report, stepsTotal } = await ctx.services.notebooks.run(
      { op: 'quality', bytes: file.bytes, rel: file.rel, maxAnswerBytes: answerRoom(ctx, file.rel) },
      file.rel,
      ctx.signal,
    )
    if (stepsTotal > report.steps.length) ctx.warn(`details.steps lists the first ${report.steps.length} of ${stepsTotal} steps`)
    return {
      metrics: report.metrics,
      details: { notebook_path: file.rel, nbformat: version, counts: report.counts, checks: report.checks, steps: report.steps },
    }
  },
})
