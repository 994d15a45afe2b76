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
import { type Cell, type Notebook, freshCellId, indentOf, serializeNotebook, setSource, sourceLines } from '../../notebook/model.js'
import { loadNotebook } from '../../notebook/load.js'
import { assertAllowed, lstatBeneath, writeFileInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'

type EditMode = 'replace' | 'insert' | 'delete'
type NewType = 'code' | 'markdown'

/** The index of the cell `cellId` names: its id first, then a 0-based index ("3" or "cell-3"). */
export function findCell(nb: Notebook, cellId: string, rel: string): number {
  const byId = nb.cells.findIndex((c) => c.id === cellId)
  if (byId >= 0) return byId
  const m = /^(?:cell-)?(\d+)$/.exec(cellId)
  const n = nb.cells.length
  if (m && Number(m[1]) < n) return Number(m[1])
  const ids = nb.cells.map((c) => c.id).filter((id): id is string => typeof id === 'string')
  const known = ids.length === 0 ? 'its cells have no ids; pass a 0-based index' : `ids: ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}`
  const range = n === 0 ? 'it has no cells' : `it has ${n} cell${n === 1 ? '' : 's'}, indexes 0-${n - 1}`
  return fail('CELL_NOT_FOUND', `Cell "${cellId.slice(0, 100)}" not found in ${rel}: ${range}; ${known}`, {
    details: { cell_id: cellId.slice(0, 100), total_cells: n, result: { metadata: { notebook_path: rel, total_cells: n } } },
  })
}

/** Keys in the order Jupyter writes them (sorted), so that an edited cell reads like its neighbours. */
const sorted = (cell: Cell): Cell => Object.fromEntries(Object.entries(cell).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as Cell

/** A cell of `type` holding `text`: code cells carry cleared outputs, markdown cells none. */
function retype(cell: Cell, type: Cell['cell_type'], text: string): Cell {
  const next: Cell = { ...cell, cell_type: type, metadata: cell.metadata ?? {} }
  if (type === 'code') {
    delete next.attachments
    next.execution_count = null
    next.outputs = []
  } else {
    delete next.outputs
    delete next.execution_count
  }
  setSource(next, text)
  return sorted(next)
}

function newCell(nb: Notebook, type: NewType, text: string): Cell {
  const cell: Cell = { cell_type: type, metadata: {}, source: sourceLines(text) }
  if (nb.nbformat > 4 || nb.nbformat_minor >= 5) {
    cell.id = freshCellId(new Set(nb.cells.map((c) => c.id).filter((id): id is string => typeof id === 'string')))
  }
  return retype(cell, type, text)
}

const describeCell = (i: number, cell: Cell) => `cell ${i} (${typeof cell.id === 'string' ? `id=${cell.id}, ` : ''}${cell.cell_type})`

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
    const file = await loadNotebook(ctx.workspace, notebook_path, policy)
    const { rel } = file
    if (file.parsed.version !== 4) {
      fail('INVALID_NOTEBOOK', `${rel} is an nbformat 3 notebook; NotebookEdit edits nbformat 4. Convert it first (validator.run_colab writes a 4.5 copy)`, {
        details: { notebook_path: rel },
      })
    }
    const nb = file.parsed.nb
    const mode = edit_mode as EditMode
    let index: number
    let cell: Cell
    let did: [string, string] // [done, to do]: "Inserted …", "insert …"
    if (mode === 'insert') {
      const after = cell_id === undefined ? -1 : findCell(nb, cell_id, rel)
      index = after + 1
      cell = newCell(nb, cell_type as NewType, new_source)
      nb.cells.splice(index, 0, cell)
      const what = `${describeCell(index, cell)} ${after < 0 ? 'at the start of' : `after cell ${after} in`} ${rel}`
      did = [`Inserted ${what}`, `insert ${what}`]
    } else if (mode === 'replace') {
      index = findCell(nb, cell_id as string, rel)
      const old = nb.cells[index]
      cell = retype(old, cell_type ?? old.cell_type, new_source)
      nb.cells[index] = cell
      const what = `${describeCell(index, cell)} in ${rel}${cell.cell_type !== old.cell_type ? ` (was ${old.cell_type})` : ''}`
      did = [`Replaced ${what}`, `replace ${what}`]
    } else {
      index = findCell(nb, cell_id as string, rel)
      cell = nb.cells.splice(index, 1)[0]
      const what = `${describeCell(index, cell)} from ${rel}`
      did = [`Deleted ${what}`, `delete ${what}`]
    }
    const total = nb.cells.length
    const after = `${total} cell${total === 1 ? '' : 's'}`
    const metadata = {
      notebook_path: rel,
      ...(typeof cell.id === 'string' && { cell_id: cell.id }),
      cell_index: index,
      cell_type: cell.cell_type,
      edit_mode: mode,
      total_cells: total,
    }
    if (ctx.dryRun) {
      return { success: true, output: `[Dry Run] Would ${did[1]}, leaving ${after}`, error: null, metadata: { ...metadata, dry_run: true } }
    }

    const now = await lstatBeneath(file.root, file.real, file.rel).catch(() => null)
    const { stat } = file
    if (now === null || now.size !== stat.size || now.mtimeMs !== stat.mtimeMs || now.ino !== stat.ino) {
      fail('CONFLICT', `${rel} changed while it was being edited; read it again and retry`, { details: { result: { metadata: { notebook_path: rel } } } })
    }
    await writeFileInside(ctx.workspace, notebook_path, serializeNotebook(nb, indentOf(file.text)), { policy })
    return { success: true, output: `${did[0]}; ${after} now`, error: null, metadata }
  },
})
