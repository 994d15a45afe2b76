/**
 * The Colab compatibility check behind `validator.run_colab`: every issue found, and a fixed copy
 * of the notebook with each fixable issue repaired. Notebook-level checks come first (nbformat,
 * kernelspec, language_info, cell ids), then each code cell's lines in order (colab-lines.ts).
 *
 * Fixable: nbformat 3 (converted to 4.5), missing or partial kernelspec (Python 3), missing
 * language_info (python), missing/invalid/duplicate cell ids (fresh ids; 4.0-4.4 raised to 4.5,
 * the first version with ids), cells lacking required fields (metadata, outputs, execution_count),
 * bare `pip install` (→ `%pip install`), bare shell commands (→ `!…`),
 * desktop matplotlib backends (→ `%matplotlib inline`), ipywidgets without Colab's custom widget
 * manager (enabling lines inserted before the import).
 * Not fixable: a kernel other than Python or R, conda, desktop GUI toolkits and cv2.imshow,
 * interactive input (input(), getpass), local absolute paths (/home/…, /Users/…, C:\…).
 */
import type { Cell, Notebook, Parsed } from '../notebook/model.js'
import { CELL_ID_PATTERN, freshCellId, setSource, sourceText, upgradeV3 } from '../notebook/model.js'
import { WIDGETS_IMPORT, checkLine, codeLines, isPythonCell, widgetManagerLines } from './colab-lines.js'

export interface ColabIssue {
  code: string
  /** 0-based cell index, for issues in one cell. */
  cell_index?: number
  /** 1-based line in the cell's source. */
  line?: number
  message: string
  /** Whether run_colab knows a safe fix; unfixable issues stay for a person to resolve. */
  fixable: boolean
  /** True when the fixed copy has this issue repaired (every fixable issue is). */
  fixed: boolean
}

export interface ColabResult {
  issues: ColabIssue[]
  /** The notebook with every fixable issue repaired. */
  notebook: Notebook
  /** True when no issue is left unfixed in `notebook`. */
  isCompatible: boolean
}

const PYTHON_KERNELSPEC = { display_name: 'Python 3', language: 'python', name: 'python3' }
const R_KERNELSPEC = { display_name: 'R', language: 'R', name: 'ir' }
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const issue = (code: string, message: string, fixable: boolean, at: { cell_index?: number; line?: number } = {}): ColabIssue => ({
  code,
  ...at,
  message,
  fixable,
  fixed: fixable,
})

export function checkColab(parsed: Parsed): ColabResult {
  const issues: ColabIssue[] = []
  let nb: Notebook
  if (parsed.version === 3) {
    nb = upgradeV3(parsed.v3)
    issues.push(
      issue(
        'NBFORMAT_OLD',
        'nbformat 3 is older than the nbformat 4 that Colab opens — fixed: converted to nbformat 4.5 (cells kept, old outputs dropped)',
        true,
      ),
    )
  } else {
    nb = structuredClone(parsed.nb)
  }
  issues.push(...checkKernel(nb), ...checkCellIds(nb), ...checkCellFields(nb))
  for (const [i, cell] of nb.cells.entries()) issues.push(...checkCell(cell, i))
  issues.push(...checkWidgets(nb))
  issues.sort((a, b) => (a.cell_index ?? -1) - (b.cell_index ?? -1) || (a.line ?? 0) - (b.line ?? 0))
  return { issues, notebook: nb, isCompatible: issues.every((x) => x.fixed) }
}

function checkKernel(nb: Notebook): ColabIssue[] {
  const spec = nb.metadata.kernelspec
  const had = isObject(spec) ? spec : {}
  const lang = str(had.language) ?? str(had.name) ?? 'python'
  const isR = /^(ir|r)$/i.test(lang)
  if (!isR && !/^python/i.test(lang)) {
    return [
      issue(
        'UNSUPPORTED_KERNEL',
        `kernel "${str(had.name) ?? lang}" (${lang}) is not available on Colab, which runs Python 3 and R notebooks; port the notebook to Python`,
        false,
      ),
    ]
  }
  const out: ColabIssue[] = []
  if (str(had.name) === undefined || str(had.display_name) === undefined) {
    const base = isR ? R_KERNELSPEC : PYTHON_KERNELSPEC
    nb.metadata.kernelspec = { ...base, ...had, name: str(had.name) ?? base.name, display_name: str(had.display_name) ?? base.display_name }
    out.push(
      issue(
        'MISSING_KERNELSPEC',
        `${isObject(spec) ? 'the kernelspec has no name or display_name' : 'the notebook has no kernelspec'}, so Colab cannot tell which runtime to start — fixed: ${base.display_name} (${base.name})`,
        true,
      ),
    )
  }
  const info = nb.metadata.language_info
  if (!isObject(info) || typeof info.name !== 'string') {
    nb.metadata.language_info = { ...(isObject(info) ? info : {}), name: isR ? 'R' : 'python' }
    out.push(issue('MISSING_LANGUAGE_INFO', `the notebook has no language_info naming its language — fixed: ${isR ? 'R' : 'python'}`, true))
  }
  return out
}

function checkCellIds(nb: Notebook): ColabIssue[] {
  const out: ColabIssue[] = []
  const taken = new Set<string>()
  const missing: number[] = []
  const bad: number[] = []
  nb.cells.forEach((cell, i) => {
    if (cell.id === undefined) missing.push(i)
    else if (typeof cell.id !== 'string' || !CELL_ID_PATTERN.test(cell.id) || taken.has(cell.id)) bad.push(i)
    else taken.add(cell.id)
  })
  for (const i of [...missing, ...bad]) nb.cells[i].id = freshCellId(taken)
  if (missing.length > 0 || nb.nbformat_minor < 5) {
    const old = nb.nbformat_minor < 5 ? ` (nbformat 4.${nb.nbformat_minor} predates cell ids)` : ''
    out.push(
      issue(
        'MISSING_CELL_ID',
        `${missing.length} of ${nb.cells.length} cells have no id${old}; nbformat 4.5, which Colab writes, gives every cell one — fixed: fresh ids${old && ', nbformat 4.5'}`,
        true,
      ),
    )
    nb.nbformat_minor = Math.max(nb.nbformat_minor, 5)
  }
  if (bad.length > 0) {
    out.push(
      issue(
        'INVALID_CELL_ID',
        `cells ${bad.join(', ')} have a duplicate or malformed id (ids are 1-64 letters, digits, "-" or "_", unique) — fixed: fresh ids`,
        true,
      ),
    )
  }
  return out
}

/** Fields nbformat requires of each cell type (and forbids on the others), so that the copy validates. */
function checkCellFields(nb: Notebook): ColabIssue[] {
  const repaired: number[] = []
  nb.cells.forEach((cell, i) => {
    const before = JSON.stringify(cell)
    if (!isObject(cell.metadata)) cell.metadata = {}
    if (cell.cell_type === 'code') {
      if (!Array.isArray(cell.outputs)) cell.outputs = []
      if (cell.execution_count === undefined) cell.execution_count = null
      delete cell.attachments
    } else {
      delete cell.outputs
      delete cell.execution_count
    }
    if (JSON.stringify(cell) !== before) repaired.push(i)
  })
  if (repaired.length === 0) return []
  return [
    issue(
      'INVALID_CELL_FIELDS',
      `cells ${repaired.join(', ')} lack fields nbformat requires (metadata; outputs and execution_count for code) or carry outputs they may not have — fixed`,
      true,
    ),
  ]
}

function checkCell(cell: Cell, index: number): ColabIssue[] {
  if (cell.cell_type !== 'code') return []
  const text = sourceText(cell.source)
  if (!isPythonCell(text)) return []
  const lines = text.split('\n')
  const out: ColabIssue[] = []
  let changed = false
  for (const { index: n, indent, body } of codeLines(lines)) {
    for (const f of checkLine(indent, body)) {
      out.push(issue(f.code, f.message, f.fix !== undefined, { cell_index: index, line: n + 1 }))
      if (f.fix !== undefined) {
        lines[n] = f.fix + (lines[n].endsWith('\r') ? '\r' : '')
        changed = true
      }
    }
  }
  if (changed) setSource(cell, lines.join('\n'))
  return out
}

/** ipywidgets without Colab's custom widget manager: one issue, at the first import. */
function checkWidgets(nb: Notebook): ColabIssue[] {
  const code = nb.cells.filter((c) => c.cell_type === 'code')
  if (code.some((c) => sourceText(c.source).includes('enable_custom_widget_manager'))) return []
  for (const [i, cell] of nb.cells.entries()) {
    if (cell.cell_type !== 'code') continue
    const lines = sourceText(cell.source).split('\n')
    const hit = codeLines(lines).find((l) => WIDGETS_IMPORT.test(l.body))
    if (!hit) continue
    lines.splice(hit.index, 0, ...widgetManagerLines(hit.indent))
    setSource(cell, lines.join('\n'))
    return [
      issue(
        'IPYWIDGETS_WIDGET_MANAGER',
        "ipywidgets is imported without enabling Colab's custom widget manager, so third-party widgets will not render — fixed: enabling lines inserted before the import",
        true,
        { cell_index: i, line: hit.index + 1 },
      ),
    ]
  }
  return []
}
