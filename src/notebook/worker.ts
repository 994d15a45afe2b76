/**
 * The notebook worker's entry (piscina calls the default export with each job). A coded error
 * (INVALID_NOTEBOOK, CELL_NOT_FOUND…) is sent back as data: an Error crossing threads keeps its
 * message but loses its code, status and details. Strings in answers and errors are cut, so that
 * what the server's thread receives and serializes stays small whatever the notebook holds (a
 * 60 MB heading or cell id was echoed whole).
 */
import { isCodedError } from '../errors.js'
import { type ColabAnswer, type NotebookJob, type QualityAnswer, runJob } from './jobs.js'

export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } }

/** Longest string an answer carries (Read's lines are cut by the job itself, to its own limit). */
export const MAX_ANSWER_CHARS = 4000

/** `value` with every string longer than `max` characters cut, and a mark saying so; bytes are kept. */
export function cutStrings(value: unknown, max = MAX_ANSWER_CHARS): unknown {
  if (typeof value === 'string') return value.length <= max ? value : `${value.slice(0, max)}… [${value.length - max} more characters]`
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value
  if (Array.isArray(value)) return value.map((v) => cutStrings(v, max))
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutStrings(v, max)]))
}

/** The size of `value` as the answer's JSON; bytes (a file to write) are not answered, so not counted. */
const answerBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value, (_k, v) => (ArrayBuffer.isView(v) ? undefined : v)) ?? '')

/**
 * `value` fitted to `maxBytes` of JSON (the caller's X-Max-Output-Size), here in the worker: the
 * server's cap cuts only top-level strings, so 1,000 issues of 4,000 escaped characters came back
 * as 24 MB. Strings are cut shorter first, then `listOf(value)` shortened: only a list whose
 * tool says how many items it lists of how many (a silently shorter list would mislead).
 */
export function fitAnswer<T>(value: T, maxBytes: number, listOf?: (value: T) => unknown[]): T {
  let fitted = cutStrings(value) as T
  for (const max of [500, 100, 20]) {
    if (answerBytes(fitted) <= maxBytes) return fitted
    fitted = cutStrings(value, max) as T
  }
  const list = listOf?.(fitted) // a copy: cutStrings made new arrays
  for (let size = answerBytes(fitted); list && list.length > 1 && size > maxBytes; size = answerBytes(fitted)) {
    // In proportion to what is over, and at least one item fewer each time.
    list.length = Math.max(1, Math.min(list.length - 1, Math.floor((list.length * maxBytes) / size)))
  }
  return fitted
}

/** The list each job's answer may shorten to fit: the one its tool counts in a message. */
const LISTED: Partial<Record<NotebookJob['op'], (value: any) => unknown[]>> = {
  quality: (value: QualityAnswer) => value.report.steps,
  colab: (value: ColabAnswer) => value.issues,
}

/** A notebook nested deeper than the stack: JSON.stringify and structuredClone give up with a RangeError. */
const isTooDeep = (err: unknown) => err instanceof RangeError && /call stack/i.test(err.message)

export default function notebookWorker(job: NotebookJob): WorkerAnswer {
  try {
    const value = runJob(job)
    return { ok: true, value: job.op === 'render' ? value : fitAnswer(value, job.maxAnswerBytes ?? Number.POSITIVE_INFINITY, LISTED[job.op]) }
  } catch (err) {
    if (isTooDeep(err)) {
      return { ok: false, error: { code: 'INVALID_NOTEBOOK', message: `${job.rel} is nested too deeply to process`, details: { notebook_path: job.rel } } }
    }
    if (!isCodedError(err)) throw err
    const details = err.details && (cutStrings(err.details) as Record<string, unknown>)
    return { ok: false, error: { code: err.code, message: cutStrings(err.message) as string, ...(details && { details }) } }
  }
}
