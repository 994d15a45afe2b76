/**
 * NotebookEdit's change to a parsed notebook: replace, insert or delete one cell, found by id or
 * by 0-based index. Pure, so that it runs beside the parse in the notebook worker (off-thread.ts).
 */
import { fail } from '../errors.js'
import { type Cell, type Notebook, freshCellId, setSource, sourceLines } from './model.js'

export type EditMode = 'replace' | 'insert' | 'delete'
export type NewType = 'code' | 'markdown'

export interface EditRequest {
  mode: EditMode
  cellId?: string
  source: string
  cellType?: NewType
}

export interface EditDone {
  index: number
  cell: Cell
  /** What was done and what would be done: "Inserted …", "insert …". */
  did: [string, string]
}

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

/** Applies `edit` to `nb` in place; CELL_NOT_FOUND when the cell it names is not there. */
export function applyEdit(nb: Notebook, edit: EditRequest, rel: string): EditDone {
  if (edit.mode === 'insert') {
    const after = edit.cellId === undefined ? -1 : findCell(nb, edit.cellId, rel)
    const index = after + 1
    const cell = newCell(nb, edit.cellType as NewType, edit.source)
    nb.cells.splice(index, 0, cell)
    const what = `${describeCell(index, cell)} ${after < 0 ? 'at the start of' : `after cell ${after} in`} ${rel}`
    return { index, cell, did: [`Inserted ${what}`, `insert ${what}`] }
  }
  const index = findCell(nb, edit.cellId as string, rel)
  if (edit.mode === 'replace') {
    const old = nb.cells[index]
    const cell = retype(old, edit.cellType ?? old.cell_type, edit.source)
    nb.cells[index] = cell
    const what = `${describeCell(index, cell)} in ${rel}${cell.cell_type !== old.cell_type ? ` (was ${old.cell_type})` : ''}`
    return { index, cell, did: [`Replaced ${what}`, `replace ${what}`] }
  }
  const cell = nb.cells.splice(index, 1)[0]
  const what = `${describeCell(index, cell)} from ${rel}`
  return { index, cell, did: [`Deleted ${what}`, `delete ${what}`] }
}
