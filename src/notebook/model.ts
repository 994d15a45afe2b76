/**
 * The one model of a Jupyter notebook, shared by NotebookEdit, Read, the validators and the
 * authoring tools: its types, parsing with coded errors that say what is wrong (INVALID_NOTEBOOK),
 * sources read whether stored as a string or as a list of lines, nbformat 3 notebooks lifted to
 * nbformat 4.5, writing back the way Jupyter writes (the file's own indentation, one space by
 * default, and a trailing newline), and the cell-by-cell text view Read shows.
 */
import { randomBytes } from 'node:crypto'
import { fail } from '../errors.js'

export type CellType = 'code' | 'markdown' | 'raw'

export interface Cell {
  cell_type: CellType
  id?: string
  metadata?: Record<string, unknown>
  source: string | string[]
  outputs?: unknown[]
  execution_count?: number | null
  attachments?: unknown
  [key: string]: unknown
}

export interface Notebook {
  nbformat: number
  nbformat_minor: number
  metadata: Record<string, unknown>
  cells: Cell[]
  [key: string]: unknown
}

/** Cells the authoring tools build: always an id, and the source as a list of lines. */
export type MarkdownCell = { cell_type: 'markdown'; id: string; metadata: Record<string, unknown>; source: string[] }
export type CodeCell = {
  cell_type: 'code'
  id: string
  metadata: Record<string, unknown>
  source: string[]
  outputs: unknown[]
  execution_count: null
}
export type AuthoredCell = MarkdownCell | CodeCell

/** A parsed file: nbformat 4 as it is (`nb`), or nbformat 3 still in its own shape (`v3`). */
export type Parsed = { version: 4; nb: Notebook } | { version: 3; v3: Record<string, unknown> }

const CELL_TYPES = new Set(['code', 'markdown', 'raw'])
/** nbformat 4.5's rule for cell ids. */
export const CELL_ID_PATTERN = /^[a-zA-Z0-9-_]{1,64}$/

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const kindOf = (v: unknown) => (Array.isArray(v) ? 'an array' : v === null ? 'null' : `a ${typeof v}`)

const invalid = (rel: string, what: string): never =>
  fail('INVALID_NOTEBOOK', `${rel} is not a valid Jupyter notebook: ${what}`, { details: { notebook_path: rel } })

/** The text of a `source` (or v3 `input`): a string, or the strings of a list joined as they are. */
export function sourceText(source: unknown): string {
  return typeof source === 'string' ? source : Array.isArray(source) ? source.filter((p) => typeof p === 'string').join('') : ''
}

/** `a\nb\n` → `['a\n', 'b\n']`: the list-of-lines form Jupyter writes. */
export function sourceLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

export function markdownCell(id: string, text: string, metadata: Record<string, unknown> = {}): MarkdownCell {
  return { cell_type: 'markdown', id, metadata, source: sourceLines(text) }
}

export function codeCell(id: string, code: string, metadata: Record<string, unknown> = {}): CodeCell {
  return { cell_type: 'code', id, metadata, source: sourceLines(code), outputs: [], execution_count: null }
}

/** Sets a cell's source, keeping the form (string or list of lines) it had; new cells get lines. */
export function setSource(cell: Cell, text: string): void {
  cell.source = typeof cell.source === 'string' ? text : sourceLines(text)
}

function checkSource(value: unknown, rel: string, where: string, field = 'source'): void {
  if (typeof value === 'string') return
  if (Array.isArray(value) && value.every((s) => typeof s === 'string')) return
  invalid(rel, `${where} has ${value === undefined ? `no "${field}"` : `a "${field}" that is ${kindOf(value)}`}; it must be a string or a list of strings`)
}

function checkCells(cells: unknown[], rel: string, v3: boolean, prefix = 'cell'): void {
  for (const [i, cell] of cells.entries()) {
    const where = `${prefix} ${i}`
    if (!isObject(cell)) {
      invalid(rel, `${where} is ${kindOf(cell)}, not a cell object`)
      continue
    }
    const type = cell.cell_type
    const types = v3 ? new Set([...CELL_TYPES, 'heading']) : CELL_TYPES
    if (typeof type !== 'string' || !types.has(type)) {
      invalid(rel, `${where} has cell_type ${JSON.stringify(type) ?? 'missing'}; expected one of ${[...types].join(', ')}`)
    }
    checkSource(v3 && type === 'code' ? cell.input : cell.source, rel, where, v3 && type === 'code' ? 'input' : 'source')
  }
}

/**
 * Parses notebook JSON. Throws INVALID_NOTEBOOK naming the first thing wrong: not JSON, not an
 * object, no integer `nbformat`, no `cells` list (4) or `worksheets` list (3), a cell that is not
 * an object, has an unknown cell_type, or a source that is not text.
 */
export function parseNotebook(text: string, rel: string): Parsed {
  let nb: unknown
  try {
    nb = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (err) {
    return invalid(rel, `it is not JSON (${(err as Error).message})`)
  }
  if (!isObject(nb)) return invalid(rel, `the top level is ${kindOf(nb)}, not an object with "cells"`)
  const major = nb.nbformat
  if (!Number.isInteger(major)) {
    return invalid(rel, Array.isArray(nb.cells) ? 'it has "cells" but no integer "nbformat" version' : 'it has no "nbformat" version and no "cells" list')
  }
  if ((major as number) >= 4) {
    if (!Array.isArray(nb.cells)) invalid(rel, `it has no "cells" list (nbformat ${major} keeps cells in "cells")`)
    checkCells(nb.cells as unknown[], rel, false)
    if (nb.metadata !== undefined && !isObject(nb.metadata)) invalid(rel, `its "metadata" is ${kindOf(nb.metadata)}, not an object`)
    if (!Number.isInteger(nb.nbformat_minor)) nb.nbformat_minor = 0
    if (nb.metadata === undefined) nb.metadata = {}
    return { version: 4, nb: nb as Notebook }
  }
  if (major !== 3 || !Array.isArray(nb.worksheets)) {
    return invalid(rel, `nbformat ${major} is not supported (only 3 and 4 are; nbformat 3 keeps cells in "worksheets")`)
  }
  nb.worksheets.forEach((ws, w) => {
    if (!isObject(ws) || !Array.isArray(ws.cells)) invalid(rel, `worksheet ${w} has no "cells" list`)
    checkCells((ws as { cells: unknown[] }).cells, rel, true, `worksheet ${w} cell`)
  })
  return { version: 3, v3: nb }
}

// Random bytes drawn 4 KiB at a time: one draw per id was 70% of giving 70,000 cells ids.
let idBytes = Buffer.alloc(0)
let idAt = 0
const randomHex4 = () => {
  if (idAt + 4 > idBytes.length) {
    idBytes = randomBytes(4096)
    idAt = 0
  }
  idAt += 4
  return idBytes.toString('hex', idAt - 4, idAt)
}

/** A fresh id as nbformat makes them (8 hex characters), unique among `taken`, which it joins. */
export function freshCellId(taken: Set<string>): string {
  for (;;) {
    const id = randomHex4()
    if (!taken.has(id)) {
      taken.add(id)
      return id
    }
  }
}

/**
 * nbformat 3 → 4.5, as nbformat's own converter does for the parts that matter here: all
 * worksheets' cells in order, code `input` → `source`, heading cells → markdown `#` headings,
 * fresh cell ids. Outputs are dropped (Colab runs the notebook afresh; old v3 output shapes would
 * need converting one by one), and `orig_nbformat: 3` is recorded as nbformat does.
 */
export function upgradeV3(v3: Record<string, unknown>): Notebook {
  const taken = new Set<string>()
  const cells: Cell[] = []
  for (const ws of v3.worksheets as Array<{ cells: Array<Record<string, unknown>> }>) {
    for (const old of ws.cells) {
      const metadata = isObject(old.metadata) ? { ...old.metadata } : {}
      const id = freshCellId(taken)
      if (old.cell_type === 'code') {
        cells.push({ cell_type: 'code', execution_count: null, id, metadata, outputs: [], source: sourceLines(sourceText(old.input)) })
      } else if (old.cell_type === 'heading') {
        const level = Math.min(6, Math.max(1, Number.isInteger(old.level) ? (old.level as number) : 1))
        cells.push({ cell_type: 'markdown', id, metadata, source: sourceLines(`${'#'.repeat(level)} ${sourceText(old.source)}`) })
      } else {
        cells.push({ cell_type: old.cell_type as CellType, id, metadata, source: sourceLines(sourceText(old.source)) })
      }
    }
  }
  const { name: _name, ...meta } = isObject(v3.metadata) ? v3.metadata : {}
  return { cells, metadata: { ...meta, orig_nbformat: 3 }, nbformat: 4, nbformat_minor: 5 }
}

/** The notebook in nbformat 4 shape, whatever it was on disk (a v3 notebook is upgraded, see upgradeV3). */
export function asV4(parsed: Parsed): Notebook {
  return parsed.version === 4 ? parsed.nb : upgradeV3(parsed.v3)
}

/**
 * The file's indentation: what precedes the first key (Jupyter writes one space), `''` for a file
 * written on one line, one space when it cannot be told.
 */
export function indentOf(text: string): string {
  const m = /^\uFEFF?\{(\r?\n)?([ \t]*)["}]/.exec(text)
  if (!m) return ' '
  return m[1] === undefined ? '' : m[2]
}

/** Notebook JSON as Jupyter writes it: `indent` per level (none: one line), then a newline. */
export function serializeNotebook(nb: unknown, indent = ' '): string {
  return `${JSON.stringify(nb, null, indent === '' ? undefined : indent)}\n`
}

/** Read shows at most this much of one code cell's outputs. */
export const MAX_OUTPUT_CHARS = 2000

function outputText(out: Record<string, unknown>): string {
  switch (out.output_type) {
    case 'stream':
      return sourceText(out.text)
    case 'error':
      return `${sourceText(out.ename)}: ${sourceText(out.evalue)}`
    case 'execute_result':
    case 'display_data': {
      const data = (out.data ?? {}) as Record<string, unknown>
      if ('text/plain' in data) return sourceText(data['text/plain'])
      return Object.keys(data)
        .map((mime) => `[${mime} output not shown]`)
        .join('\n')
    }
    default:
      return ''
  }
}

function outputsOf(cell: Record<string, unknown>): string {
  if (!Array.isArray(cell.outputs) || cell.outputs.length === 0) return ''
  let all = cell.outputs
    .filter(isObject)
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

/**
 * Notebook JSON as Read shows it: one block per cell, `--- cell N (code) id=… ---` and the cell's
 * source, then for code cells the text of their outputs (shortened; images and other rich outputs
 * named, not shown), cells numbered from 0 as NotebookEdit counts them. Lenient on purpose (a
 * half-broken notebook is still worth reading): null only when `json` is not JSON with a `cells` list.
 */
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
    const cell = isObject(raw) ? raw : {}
    const type = typeof cell.cell_type === 'string' ? cell.cell_type : 'unknown'
    const id = typeof cell.id === 'string' ? ` id=${cell.id}` : ''
    const parts = [`--- cell ${i} (${type})${id} ---`, sourceText(cell.source).replace(/\n$/, '')]
    if (type === 'code') parts.push(outputsOf(cell))
    return parts.filter((p) => p !== '').join('\n')
  })
  return { text: blocks.join('\n'), cells: cells.length }
}
