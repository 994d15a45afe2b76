/**
 * The final cell order, which every `cell_index` a tool returns refers to:
 *
 *   0  title / overview markdown       (built by finalize)
 *   1  setup markdown                  (built by finalize from the dependency manifest)
 *   2  setup code                      (installs + import checks; always present)
 *   3… section cells: by section number; within a section, its markdown steps, narration and
 *      code cells in emission order, then its assessments (question markdown + answer check)
 *      in emission order
 *   …  summary markdown, then next steps and references markdown when given (built by finalize)
 *
 * The three opening cells always exist, so an index depends only on the section cells. A cell
 * emitted later into an earlier section (or ahead of a section's assessments) moves every cell
 * after it: the returned index is the cell's place as of that call, and the call says which cells moved.
 */

export type CellKind = 'markdown_step' | 'narration' | 'code' | 'assessment'

export interface CellRow {
  seq: number
  section: number
  kind: CellKind
  cellType: 'markdown' | 'code'
}

export const OPENING_CELLS = 3
const OPENING_MARKDOWN = 2

function rank(kind: CellKind): number {
  return kind === 'assessment' ? 1 : 0
}

/** What the order depends on. */
export type Ordered = Pick<CellRow, 'seq' | 'section' | 'kind'>

export function compareCells(a: Ordered, b: Ordered): number {
  return a.section - b.section || rank(a.kind) - rank(b.kind) || a.seq - b.seq
}

export function sortCells<T extends Ordered>(rows: T[]): T[] {
  return [...rows].sort(compareCells)
}

/** The 0-based index of cell `seq` in the finalized notebook as the run stands. */
export function finalIndex(rows: CellRow[], seq: number): number {
  const i = sortCells(rows).findIndex((r) => r.seq === seq)
  if (i < 0) throw new Error(`cell ${seq} is not in the run`)
  return OPENING_CELLS + i
}

/** Markdown cells / all cells, counting the opening cells but not the closing ones finalize adds; 2 decimals. */
export function markdownRatio(rows: CellRow[]): number {
  const md = rows.filter((r) => r.cellType === 'markdown').length
  return round2((OPENING_MARKDOWN + md) / (OPENING_CELLS + rows.length))
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100
}

/**
 * A sentence for the caller when the cells just added (`added`, contiguous in the final order)
 * went in ahead of cells emitted earlier, whose indices therefore grew; undefined otherwise.
 */
export function shiftNote(rows: CellRow[], added: number[]): string | undefined {
  const isNew = new Set(added)
  const last = sortCells(rows.filter((r) => isNew.has(r.seq))).at(-1)
  if (!last) return undefined
  const moved = sortCells(rows.filter((r) => !isNew.has(r.seq) && compareCells(r, last) > 0))
  if (moved.length === 0) return undefined
  const first = OPENING_CELLS + sortCells(rows).findIndex((r) => r.seq === moved[0].seq)
  const where = [...new Set(moved.map((r) => (r.section === last.section ? `section ${r.section}'s assessment` : `section ${r.section}`)))]
  const n = added.length
  return (
    `Section ${last.section} now comes before ${moved.length} cell${moved.length === 1 ? '' : 's'} emitted earlier ` +
    `(${where.join(', ')}): their indices went up by ${n} and they now start at index ${first}. ` +
    'Indices returned by earlier calls for those cells are out of date.'
  )
}
