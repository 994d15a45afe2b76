/**
 * Jupyter notebooks as Read shows them: one block per cell, `--- cell N (code) id=… ---` and the
 * cell's source, then for code cells the text of their outputs (shortened; images and other rich
 * outputs named, not shown). Raw JSON would bury the code under metadata and base64 images.
 * Cells are numbered from 0, as NotebookEdit counts them.
 */

export const MAX_OUTPUT_CHARS = 2000

interface Cell {
  cell_type?: unknown
  id?: unknown
  source?: unknown
  outputs?: unknown
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.filter((p) => typeof p === 'string').join('') : ''

function outputText(out: Record<string, unknown>): string {
  switch (out.output_type) {
    case 'stream':
      return text(out.text)
    case 'error':
      return `${text(out.ename)}: ${text(out.evalue)}`
    case 'execute_result':
    case 'display_data': {
      const data = (out.data ?? {}) as Record<string, unknown>
      if ('text/plain' in data) return text(data['text/plain'])
      return Object.keys(data).map((mime) => `[${mime} output not shown]`).join('\n')
    }
    default:
      return ''
  }
}

function outputsOf(cell: Cell): string {
  if (!Array.isArray(cell.outputs) || cell.outputs.length === 0) return ''
  let all = cell.outputs
    .filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null)
    .map((o) => outputText(o).replace(/\n$/, ''))
    .filter((t) => t !== '')
    .join('\n')
  if (all.length > MAX_OUTPUT_CHARS) {
    all = `${all.slice(0, MAX_OUTPUT_CHARS)}\n… [output cut: ${all.length - MAX_OUTPUT_CHARS} more characters]`
  }
  return all === '' ? '' : `--- output ---\n${all}`
}

export interface RenderedNotebook {
  text: string
  cells: number
}

/** Renders notebook JSON, or returns null when `json` is not a notebook (nbformat 4: `cells`). */
export function renderNotebook(json: string): RenderedNotebook | null {
  let nb: unknown
  try {
    nb = JSON.parse(json)
  } catch {
    return null
  }
  const cells = (nb as { cells?: unknown } | null)?.cells
  if (!Array.isArray(cells)) return null
  const blocks = cells.map((raw, i) => {
    const cell = (typeof raw === 'object' && raw !== null ? raw : {}) as Cell
    const type = typeof cell.cell_type === 'string' ? cell.cell_type : 'unknown'
    const id = typeof cell.id === 'string' ? ` id=${cell.id}` : ''
    const parts = [`--- cell ${i} (${type})${id} ---`, text(cell.source).replace(/\n$/, '')]
    if (type === 'code') parts.push(outputsOf(cell))
    return parts.filter((p) => p !== '').join('\n')
  })
  return { text: blocks.join('\n'), cells: cells.length }
}
