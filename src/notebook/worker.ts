/**
 * The notebook worker's entry (piscina calls the default export with each job). A coded error
 * (INVALID_NOTEBOOK, CELL_NOT_FOUND…) is sent back as data: an Error crossing threads keeps its
 * message but loses its code, status and details. Strings in answers and errors are cut, so that
 * what the server's thread receives and serializes stays small whatever the notebook holds (a
 * 60 MB heading or cell id was echoed whole).
 */
import { isCodedError } from '../errors.js'
import { runJob, type NotebookJob } from './jobs.js'

export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } }

/** Longest string an answer carries (Read's lines are cut by the job itself, to its own limit). */
export const MAX_ANSWER_CHARS = 4000

/** `value` with every string longer than MAX_ANSWER_CHARS cut, and a mark saying so; bytes are kept. */
export function cutStrings(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length <= MAX_ANSWER_CHARS ? value : `${value.slice(0, MAX_ANSWER_CHARS)}… [${value.length - MAX_ANSWER_CHARS} more characters]`
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value
  if (Array.isArray(value)) return value.map(cutStrings)
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutStrings(v)]))
}

/** A notebook nested deeper than the stack: JSON.stringify and structuredClone give up with a RangeError. */
const isTooDeep = (err: unknown) => err instanceof RangeError && /call stack/i.test(err.message)

export default function notebookWorker(job: NotebookJob): WorkerAnswer {
  try {
    const value = runJob(job)
    return { ok: true, value: job.op === 'render' ? value : cutStrings(value) }
  } catch (err) {
    if (isTooDeep(err)) {
      return { ok: false, error: { code: 'INVALID_NOTEBOOK', message: `${job.rel} is nested too deeply to process`, details: { notebook_path: job.rel } } }
    }
    if (!isCodedError(err)) throw err
    const details = err.details && (cutStrings(err.details) as Record<string, unknown>)
    return { ok: false, error: { code: err.code, message: cutStrings(err.message) as string, ...(details && { details }) } }
  }
}
