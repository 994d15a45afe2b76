/**
 * Seed 000 `validator.run_colab`: the notebook's Colab incompatibilities (src/validator/colab.ts
 * lists the checks and fixes) and a fixed copy written beside it, `name.colab.ipynb` next to
 * `name.ipynb`, atomically through the workspace guard.
 *
 * The copy is written on every run, even when nothing needed fixing (as the seed's example, with
 * no issues and a path, shows), so a pipeline can always take `fixedNotebookPath`; it is null
 * only in a dry run (`X-Dry-Run`), which writes nothing. `isCompatible` is true when the fixed
 * copy has no issue left, i.e. every issue found was fixable.
 */
import path from 'node:path'
import { Type } from 'typebox'
import { answerRoom } from '../../notebook/jobs.js'
import { readNotebook } from '../../notebook/load.js'
import { writeFileInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { planWrite } from '../fs/support/guard.js'

/** `dir/name.ipynb` → `dir/name.colab.ipynb` (any other name gets `.colab.ipynb` appended). */
export function colabCopyPath(rel: string): string {
  return rel.toLowerCase().endsWith('.ipynb') ? `${rel.slice(0, -'.ipynb'.length)}.colab.ipynb` : `${rel}.colab.ipynb`
}

const Issue = Type.Object({
  code: Type.String({ description: 'Stable issue code, e.g. BARE_PIP_INSTALL, LOCAL_PATH, MISSING_KERNELSPEC' }),
  cell_index: Type.Optional(Type.Integer({ minimum: 0, description: '0-based cell, for issues in one cell' })),
  line: Type.Optional(Type.Integer({ minimum: 1, description: "1-based line in that cell's source" })),
  message: Type.String({ description: 'What is wrong, and the fix applied when there is one' }),
  fixable: Type.Boolean({ description: 'Whether run_colab knows a safe fix' }),
  fixed: Type.Boolean({ description: 'True when the fixed copy has this issue repaired' }),
})

export default defineTool({
  name: 'validator.run_colab',
  toolset: 'alain',
  category: 'VALIDATION',
  description:
    'Runs the Colab compatibility check and returns issues/fixes: reports what Colab cannot run as written (missing kernelspec, bare pip/shell commands, local paths, interactive input, desktop GUI, old nbformat, missing cell ids…), fixes what can be fixed and writes the fixed copy beside the notebook as name.colab.ipynb.',
  input: Type.Object({
    notebook_path: Type.String(),
  }),
  examples: [{ summary: 'Run a notebook as Colab would', value: { notebook_path: 'notebooks/iris.ipynb' } }],
  output: Type.Object({
    isCompatible: Type.Boolean({ description: 'True when the fixed copy has no remaining issue' }),
    issues: Type.Array(Issue),
    fixedNotebookPath: Type.Union([Type.String(), Type.Null()], { description: 'Absolute path of the fixed copy inside the workspace; null in a dry run' }),
  }),
  scope: 'write',
  escalates: true,
  supportsDryRun: true,
  annotations: { title: 'Colab compatibility check and fix', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  async execute({ notebook_path }, ctx) {
    const policy = ctx.settings.blockPolicy
    const file = await readNotebook(ctx.workspace, notebook_path, policy)
    const copy = colabCopyPath(file.rel)
    // The copy's path is echoed: as fixedNotebookPath (absolute), or in a dry run's message.
    const room = answerRoom(ctx, path.join(ctx.workspace, copy))
    const result = await ctx.services.notebooks.run(
      { op: 'colab', bytes: file.bytes, rel: file.rel, write: !ctx.dryRun, maxAnswerBytes: room },
      file.rel,
      ctx.signal,
    )
    if (result.issuesTotal > result.issues.length) ctx.warn(`issues lists the first ${result.issues.length} of ${result.issuesTotal}`)
    if (ctx.dryRun) {
      await planWrite(ctx.workspace, copy, policy) // refuses what the real write would refuse
      ctx.warn(`[Dry Run] Would write the fixed copy to ${copy}`)
      return { isCompatible: result.isCompatible, issues: result.issues, fixedNotebookPath: null }
    }
    const done = await writeFileInside(ctx.workspace, copy, result.fixed as Uint8Array, { policy })
    if (!result.isCompatible) {
      const left = result.unfixed
      ctx.warn(`${left} issue${left === 1 ? '' : 's'} could not be fixed automatically; see issues with fixed: false`)
    }
    return { isCompatible: result.isCompatible, issues: result.issues, fixedNotebookPath: path.join(ctx.workspace, done.rel) }
  },
})
