/**
 * The CPU-heavy part of each notebook tool, from the file's bytes to what the tool answers: decode,
 * parse, then render, assess, fix or edit, and serialize what is to be written. A notebook may be
 * 64 MiB of JSON, seconds of work, so these run in a worker thread (off-thread.ts), never on the
 * server's event loop; here they are plain functions of their input.
 */
import { resourceLimits } from 'node:worker_threads'
import { fail } from '../errors.js'
import { assertParseable } from './budget.js'
import { checkColab, type ColabIssue } from '../validator/colab.js'
import { assessQuality, type QualityReport } from '../validator/quality.js'
import { applyEdit, type EditRequest } from './edit.js'
import { asV4, indentOf, parseNotebook, renderNotebook, serializeNotebook, type Parsed } from './model.js'

export type NotebookJob = (
  | { op: 'render'; bytes: Uint8Array; rel: string; offset: number; limit: number; maxBytes: number; maxLineChars: number }
  | { op: 'quality'; bytes: Uint8Array; rel: string }
  | { op: 'colab'; bytes: Uint8Array; rel: string; write: boolean }
  | { op: 'edit'; bytes: Uint8Array; rel: string; edit: EditRequest; write: boolean }
) & {
  /** The caller's X-Max-Output-Size: the answer's JSON is fitted to it in the worker (worker.ts). */
  maxAnswerBytes?: number
}

/** Read's window of a rendered notebook: at most `limit` lines from `offset`, and not many more bytes than `maxBytes`. */
export interface RenderedWindow {
  /** Each cut to maxLineChars + 1 characters: Read cuts them there, saying how long they were. */
  lines: string[]
  /** Each line's length in UTF-8 bytes, uncut. */
  lineBytes: number[]
  totalLines: number
  cells: number
}
/**
 * The bytes a tool's answer from a job may take: the caller's cap, less room for what the tool
 * adds (up to half of it), less the strings it echoes as JSON writes them (a path of control
 * characters is six times its length: 3.8 KB of one made a 40 KB answer under a 20 KB cap).
 */
export const answerRoom = (ctx: { maxOutputSize: number }, ...echoed: string[]) =>
  Math.max(0, Math.max(ctx.maxOutputSize / 2, ctx.maxOutputSize - 2_000) - echoed.reduce((n, s) => n + Buffer.byteLength(JSON.stringify(s)), 0))

/** Items of a list in an answer beyond this are counted, not listed: 300,000 steps answered 30 MB. */
export const MAX_LISTED = 1000

export interface QualityAnswer {
  version: string
  /** `steps` lists the first MAX_LISTED of them. */
  report: QualityReport
  stepsTotal: number
}
export interface ColabAnswer {
  isCompatible: boolean
  /** The first MAX_LISTED issues. */
  issues: ColabIssue[]
  issuesTotal: number
  unfixed: number
  /** The fixed copy's bytes, when asked to write it. */
  fixed?: Uint8Array
}
export interface EditAnswer {
  index: number
  cellId?: string
  cellType: string
  did: [string, string]
  totalCells: number
  /** The edited notebook's bytes, when asked to write it. */
  bytes?: Uint8Array
}

const encode = (text: string) => new TextEncoder().encode(text)

/** The heap of the worker running the jobs; none on the main thread (a test calling runJob). */
const heapMb = resourceLimits.maxOldGenerationSizeMb

/** The file's text; INVALID_NOTEBOOK when it is not UTF-8. */
function textOf(bytes: Uint8Array, rel: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return fail('INVALID_NOTEBOOK', `${rel} is not a valid Jupyter notebook: it is not UTF-8 text`, { details: { notebook_path: rel } })
  }
}

/** A lenient render for Read; null when the bytes are not notebook JSON (Read then shows them as text). */
function render(job: Extract<NotebookJob, { op: 'render' }>): RenderedWindow | null {
  const nb = renderNotebook(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength).toString('utf8'))
  if (nb === null) return null
  const all = nb.text === '' ? [] : nb.text.split('\n')
  const window: RenderedWindow = { lines: [], lineBytes: [], totalLines: all.length, cells: nb.cells }
  let shown = 0
  for (let i = job.offset; i < all.length && window.lines.length < job.limit && shown <= job.maxBytes; i++) {
    const max = job.maxLineChars
    window.lines.push(all[i].length > max ? all[i].slice(0, max + 1) : all[i])
    window.lineBytes.push(Buffer.byteLength(all[i]))
    shown += Math.min(all[i].length, max) + 1
  }
  return window
}

function versionOf(parsed: Parsed): string {
  if (parsed.version === 4) return `${parsed.nb.nbformat}.${parsed.nb.nbformat_minor}`
  return `${String(parsed.v3.nbformat)}.${String(parsed.v3.nbformat_minor ?? 0)}`
}

function quality(job: Extract<NotebookJob, { op: 'quality' }>): QualityAnswer {
  const parsed = parseNotebook(textOf(job.bytes, job.rel), job.rel)
  const report = assessQuality(asV4(parsed))
  return { version: versionOf(parsed), report: { ...report, steps: report.steps.slice(0, MAX_LISTED) }, stepsTotal: report.steps.length }
}

function colab(job: Extract<NotebookJob, { op: 'colab' }>): ColabAnswer {
  const text = textOf(job.bytes, job.rel)
  const result = checkColab(parseNotebook(text, job.rel))
  const { issues } = result
  const answer: ColabAnswer = {
    isCompatible: result.isCompatible,
    issues: issues.slice(0, MAX_LISTED),
    issuesTotal: issues.length,
    unfixed: issues.filter((i) => !i.fixed).length,
  }
  if (job.write) answer.fixed = encode(serializeNotebook(result.notebook, indentOf(text)))
  return answer
}

function edit(job: Extract<NotebookJob, { op: 'edit' }>): EditAnswer {
  const text = textOf(job.bytes, job.rel)
  const parsed = parseNotebook(text, job.rel)
  if (parsed.version !== 4) {
    fail('INVALID_NOTEBOOK', `${job.rel} is an nbformat 3 notebook; NotebookEdit edits nbformat 4. Convert it first (validator.run_colab writes a 4.5 copy)`, {
      details: { notebook_path: job.rel },
    })
  }
  const done = applyEdit(parsed.nb, job.edit, job.rel)
  const answer: EditAnswer = {
    index: done.index,
    cellType: done.cell.cell_type,
    did: done.did,
    totalCells: parsed.nb.cells.length,
    ...(typeof done.cell.id === 'string' && { cellId: done.cell.id }),
  }
  if (job.write) answer.bytes = encode(serializeNotebook(parsed.nb, indentOf(text)))
  return answer
}

/** Runs one job (in the notebook worker); FILE_TOO_LARGE first when its work could outgrow the worker's heap. */
export function runJob(job: NotebookJob): RenderedWindow | null | QualityAnswer | ColabAnswer | EditAnswer {
  if (heapMb !== undefined) assertParseable(job.bytes, job.rel, heapMb)
  switch (job.op) {
    case 'render':
      return render(job)
    case 'quality':
      return quality(job)
    case 'colab':
      return colab(job)
    case 'edit':
      return edit(job)
  }
}
