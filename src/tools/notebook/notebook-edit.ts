/**
 * Seed 002 `NotebookEdit`: replace, insert or delete one cell of a Jupyter notebook (nbformat 4)
 * in the workspace, keeping it a valid notebook. Cells are found by their `id`, or, as Claude Code
 * allows, by a 0-based index given as a number-like string ("3") or as "cell-3" when no cell has
 * that id. Replacing a code cell clears its outputs and execution_count (they described the old
 * code); turning a cell into markdown removes them. New cells get fresh unique ids (nbformat 4.5
 * and later; older 4.x notebooks have no ids and get none). The notebook's nbformat, minor version
 * and metadata are kept, and it is written atomically with its own indentation (one space, as
 * Jupyter writes, when it cannot be told) and a trailing newline.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import type { EditMode, NewType } from '../../notebook/edit.js'
import { readNotebook } from '../../notebook/load.js'
import { assertAllowed, lstatBeneath, writeFileInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'

export default defineTool({
  name: 'NotebookEdit',
  toolset: 'claude',
  category: 'NOTEBOOK',
  description:
    "Edit Jupyter notebook cells: replace a cell's source (optionally changing its type), insert a new cell after a given cell (or at the start), or delete a cell. Cells are named by id, or by 0-based index. The notebook stays a valid nbformat 4 notebook.",
  input: Type.Object({
    notebook_path: Type.String({ description: 'Absolute path to the Jupyter notebook file to edit (or a path relative to the workspace root)' }),
    cell_id: Type.Optional(
      Type.String({
        description:
          'The id of the cell to edit, or its 0-based index as a number-like string ("3" or "cell-3"). With edit_mode=insert the new cell goes after this cell, or at the start when cell_id is not given.',
      }),
    ),
    new_source: Type.String({ description: 'The new source for the cell (not used by edit_mode=delete)' }),
    cell_type: Type.Optional(
      StringEnum(['code', 'markdown'], { description: "The type of the cell. Defaults to the cell's current type; required for edit_mode=insert." }),
    ),
    edit_mode: Type.Optional(
      StringEnum(['replace', 'insert', 'delete'], { description: 'The type of edit to make (replace, insert, delete)', default: 'replace' }),
    ),
  }),
  examples: [
    {
      summary: 'Replace the source of the first cell',
      value: { notebook_path: 'analysis.ipynb', cell_id: '0', new_source: 'import pandas as pd', edit_mode: 'replace' },
    },
  ],
  output: ToolResult({
    notebook_path: Type.String({ description: 'The notebook, relative to the workspace root' }),
    cell_id: Type.String({ description: 'Id of the cell edited, inserted or deleted (when the notebook has ids)' }),
    cell_index: Type.Integer({ description: '0-based index of that cell (for delete: where it was)' }),
    cell_type: Type.String({ description: 'Type of that cell' }),
    edit_mode: Type.String({ description: 'replace, insert or delete' }),
    total_cells: Type.Integer({ description: 'Cells in the notebook after the edit' }),
    dry_run: Type.Boolean({ description: 'Present in a dry run: nothing was written' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  annotations: { title: 'Edit notebook cell', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  precheck({ edit_mode = 'replace', cell_type, cell_id }) {
    if (edit_mode === 'insert' && cell_type === undefined) {
      fail('VALIDATION_ERROR', 'Missing required parameter: cell_type (required when edit_mode is insert)', { details: { parameter: 'cell_type' } })
    }
    if (edit_mode !== 'insert' && cell_id === undefined) {
      fail('VALIDATION_ERROR', `Missing required parameter: cell_id (required when edit_mode is ${edit_mode})`, { details: { parameter: 'cell_id' } })
    }
  },
  async execute({ notebook_path, cell_id, new_source, cell_type, edit_mode = 'replace' }, ctx) {
    const policy = ctx.settings.blockPolicy
    await assertAllowed(ctx.workspace, notebook_path, 'write', { policy })
    const file = await readNotebook(ctx.workspace, notebook_path, policy)
    const { rel } = file
    const edit = { mode: edit_mode as EditMode, cellId: cell_id, source: new_source, cellType: cell_type as NewType | undefined }
    const done = await ctx.services.notebooks.run({ op: 'edit', bytes: file.bytes, rel, edit, write: !ctx.dryRun }, rel, ctx.signal)
    const after = `${done.totalCells} cell${done.totalCells === 1 ? '' : 's'}`
    const metadata = {
      notebook_path: rel,
      ...(done.cellId !== undefined && { cell_id: done.cellId }),
      cell_index: done.index,
      cell_type: done.cellType,
      edit_mode: edit.mode,
      total_cells: done.totalCells,
    }
    if (ctx.dryRun) {
      return { success: true, output: `[Dry Run] Would ${done.did[1]}, leaving ${after}`, error: null, metadata: { ...metadata, dry_run: true } }
    }

    const now = await lstatBeneath(file.root, file.real, file.rel).catch(() => null)
    const { stat } = file
    if (now === null || now.size !== stat.size || now.mtimeMs !== stat.mtimeMs || now.ino !== stat.ino) {
      fail('CONFLICT', `${rel} changed while it was being edited; read it again and retry`, { details: { result: { metadata: { notebook_path: rel } } } })
    }
    await writeFileInside(ctx.workspace, notebook_path, done.bytes as Uint8Array, { policy })
    return { success: true, output: `${done.did[0]}; ${after} now`, error: null, metadata }
  },
})
