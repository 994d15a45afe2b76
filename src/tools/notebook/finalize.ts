/**
 * Seed 000 §2.5 `notebook.finalize`: assembles the session's notebook (overview, setup from the
 * manifest, sections, assessments, summary, next steps, references), writes it atomically into
 * the caller's workspace and closes the run. Once per run: the session's next add/emit starts a
 * new one.
 */
import path from 'node:path'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { assembleNotebook } from '../../notebook/assemble.js'
import { dependencies, lastFinalized, markFinalized, storedCells, withRun } from '../../notebook/store.js'
import { writeFileInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { annotations, NOTEBOOK_TOOL } from './support/common.js'

/** `notebooks/alain-20250115-1a2b3c4d/notebook.ipynb`, relative to the workspace. */
export function notebookRelPath(runId: string, when: Date): string {
  const day = when.toISOString().slice(0, 10).replaceAll('-', '')
  return `notebooks/alain-${day}-${runId.replaceAll('-', '').slice(0, 8)}/notebook.ipynb`
}

export default defineTool({
  name: 'notebook.finalize',
  ...NOTEBOOK_TOOL,
  description:
    "Completes notebook assembly, injects summary/metadata cells, and returns artifact identifiers: writes the session's notebook (nbformat 4.5) to " +
    'notebooks/alain-<yyyymmdd>-<run id>/notebook.ipynb in your workspace and returns its absolute path and the number of markdown and code cells. ' +
    'Use exactly once per run; the next add/emit call of the session starts a new notebook. markdown_ratio_target, when given, is compared with the actual ratio.',
  input: Type.Object({
    outline_summary: Type.String({ minLength: 200 }),
    next_steps: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    references: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    reading_time_minutes: Type.Number({ minimum: 5, maximum: 90 }),
    markdown_ratio_target: Type.Optional(Type.Number({ minimum: 0.3, maximum: 0.8 })),
  }),
  examples: [
    {
      summary: 'Close the notebook',
      value: {
        outline_summary:
          'This notebook loads the Iris dataset, explores its four measurements, splits it into training and test sets, ' +
          'fits a logistic regression and evaluates it with a confusion matrix, explaining each choice along the way.',
        next_steps: ['Try a decision tree and compare the confusion matrices'],
        references: ['https://scikit-learn.org/stable/datasets/toy_dataset.html#iris-dataset'],
        reading_time_minutes: 15,
        markdown_ratio_target: 0.5,
      },
    },
  ],
  output: Type.Object({
    notebook_path: Type.String({ description: 'Absolute path of the written .ipynb inside the workspace' }),
    section_counts: Type.Object({
      markdown: Type.Integer({ description: 'Markdown cells in the notebook' }),
      code: Type.Integer({ description: 'Code cells in the notebook' }),
    }),
  }),
  annotations: annotations('Finalize the notebook'),
  async execute(args, ctx) {
    const result = await withRun(ctx, false, async (tx, run) => {
      if (!run) {
        const done = await lastFinalized(tx, ctx.session, ctx.caller.id)
        if (done) {
          const abs = path.join(ctx.workspace, done)
          fail(
            'NOTEBOOK_FINALIZED',
            `This session's notebook was already finalized at ${abs}; notebook.finalize runs once per run. ` +
              'To build another notebook, start with notebook.add_dependency or an emit call in this session.',
            { details: { notebook_path: abs } },
          )
        }
        fail(
          'NO_ACTIVE_NOTEBOOK',
          'This session has no notebook under construction: emit markdown steps and code cells first (X-Session-Id selects the session)',
        )
      }
      const cells = await storedCells(tx, run.id)
      if (cells.length === 0) {
        fail('NO_ACTIVE_NOTEBOOK', "This session's notebook has no cells yet: emit markdown steps and code cells before finalizing")
      }
      const now = new Date()
      const built = assembleNotebook({ runId: run.id, cells, deps: await dependencies(tx, run.id), args, now })
      const rel = notebookRelPath(run.id, now)
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted')
      if (!ctx.dryRun) {
        await writeFileInside(ctx.workspace, rel, `${JSON.stringify(built.notebook, null, 1)}\n`, { createParents: true })
      }
      await markFinalized(tx, run.id, rel)
      return { rel, built }
    })
    for (const note of result.built.notes) ctx.warn(note)
    const abs = path.join(ctx.workspace, result.rel)
    if (ctx.dryRun)
      ctx.warn(`[Dry Run] Would write ${result.built.counts.markdown + result.built.counts.code} cells to ${abs}; nothing was written and the run stays open`)
    return { notebook_path: abs, section_counts: result.built.counts }
  },
})
