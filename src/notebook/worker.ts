/**
 * The notebook worker's entry (piscina calls the default export with each job). A coded error
 * (INVALID_NOTEBOOK, CELL_NOT_FOUND…) is sent back as data: an Error crossing threads keeps its
 * message but loses its code, status and details.
 */
import { isCodedError } from '../errors.js'
import { runJob, type NotebookJob } from './jobs.js'

export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } }

export default function notebookWorker(job: NotebookJob): WorkerAnswer {
  try {
    return { ok: true, value: runJob(job) }
  } catch (err) {
    if (!isCodedError(err)) throw err
    return { ok: false, error: { code: err.code, message: err.message, ...(err.details && { details: err.details }) } }
  }
}
