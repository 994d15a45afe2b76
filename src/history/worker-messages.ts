/** What the main thread and the history writer's thread say to each other. */

export interface HistoryWorkerData {
  databaseUrl: string
  /** How long rows wait for more before they are written (TOOLGATE_HISTORY_FLUSH_MS). */
  flushMs: number
  /** The ring the answering thread writes rows into (row-ring.ts). */
  ring: SharedArrayBuffer
}

/** Rows that found the ring full travel by message, joined by newlines: COPY text never holds a raw one. */
export type ToWorker = { type: 'rows'; rows: string } | { type: 'flush'; id: number } | { type: 'close' }

export type FromWorker =
  | { type: 'flushed'; id: number }
  | { type: 'log'; level: 'error' | 'warn' | 'info'; msg: string; data: Record<string, unknown> }
  | { type: 'closed' }
