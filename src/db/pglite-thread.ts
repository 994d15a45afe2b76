/**
 * PGlite in a worker thread (pglite-worker.mjs), behind the part of PGlite's interface that
 * drizzle and toolgate use: query, exec, transaction, listen, dumpDataDir, close. In the server's
 * thread PGlite held the event loop for all of its work (99–129 ms of CPU for a 10 MB corpus
 * import here, 200–500 ms on slower machines, ~1 ms for a history batch); now the loop only copies
 * each request and answer. One thread serves every database of the process.
 */
import { Worker } from 'node:worker_threads'
import type { Results } from '@electric-sql/pglite'

interface QueryOptions {
  rowMode?: 'array' | 'object'
  /** Parsers by type id: only the identity (keep the text Postgres sent) can cross to the thread. */
  parsers?: Record<number, (value: string, typeId?: number) => unknown>
  /** What `COPY … FROM '/dev/blob'` reads. */
  blob?: Blob
}

export interface PgliteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(text: string): Promise<Results[]>
}

interface Reply {
  id?: number
  value?: unknown
  error?: Record<string, unknown> & { message: string }
  notify?: number
  payload?: string
}

/** The type ids whose parser keeps the text as it is (drizzle's, for dates and intervals). */
function textTypes(options?: QueryOptions): number[] | undefined {
  if (!options?.parsers) return undefined
  return Object.entries(options.parsers).map(([type, parse]) => {
    if (parse('\u0001probe', Number(type)) !== '\u0001probe') throw new Error(`PGlite thread: the parser of type ${type} is not the identity`)
    return Number(type)
  })
}

/** A database error from the thread, as the driver would have thrown it: its message, code, detail, constraint… */
function rebuilt(error: NonNullable<Reply['error']>): Error {
  const { message, name, ...fields } = error
  return Object.assign(new Error(message), fields, { name: typeof name === 'string' ? name : 'Error' })
}

/** The thread and what waits on it: answers by request id, notifications by listener id. */
class Host {
  readonly worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url))
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  readonly listeners = new Map<number, (payload: string) => void>()
  private nextId = 1
  stopped: Error | undefined
  private markLost!: (reason: Error) => void
  /** Settles with why once the thread has died; nothing starts it again in this process. */
  readonly lost = new Promise<Error>((resolve) => {
    this.markLost = resolve
  })

  constructor() {
    // Held only while a request waits, as PGlite in the process held nothing: an idle database
    // never keeps a command (migrate, seed) from exiting.
    this.worker.unref()
    this.worker.on('message', (m: Reply) => this.answer(m))
    // A thread that ends (its WASM aborted) fails every request still waiting, and every database on it.
    this.worker.on('error', (err) => this.stop(err))
    this.worker.on('exit', (code) => this.stop(new Error(`PGlite is closed: its thread exited (${code})`)))
  }

  id(): number {
    return this.nextId++
  }

  request<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = this.id()
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref()
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      try {
        this.worker.postMessage({ ...message, id }, transfer)
      } catch (err) {
        // A value that cannot be copied (a function, a class with methods): refused, and nothing left waiting.
        this.settle(id)
        reject(err)
      }
    })
  }

  /** Forgets request `id`; the thread is held only while one waits. */
  private settle(id: number): void {
    this.pending.delete(id)
    if (this.pending.size === 0) this.worker.unref()
  }

  private answer(m: Reply): void {
    if (m.notify !== undefined) {
      this.listeners.get(m.notify)?.(m.payload ?? '')
      return
    }
    const waiting = m.id === undefined ? undefined : this.pending.get(m.id)
    if (!waiting) return
    this.settle(m.id!)
    if (m.error) waiting.reject(rebuilt(m.error))
    else waiting.resolve(m.value)
  }

  private stop(reason: Error): void {
    // Said as closed, which callers treat as the database being unreachable (503), not as a bug (500).
    this.stopped ??= /PGlite is closed/.test(reason.message) ? reason : new Error(`PGlite is closed: its thread failed (${reason.message})`, { cause: reason })
    for (const { reject } of this.pending.values()) reject(this.stopped)
    this.pending.clear()
    this.markLost(this.stopped)
  }
}

let shared: Host | undefined
const host = () => (shared && !shared.stopped ? shared : (shared = new Host()))

export class PgliteThread implements PgliteTransaction {
  private closing: Promise<void> | undefined
  private readonly listening = new Set<number>()

  private constructor(
    private readonly host: Host,
    private readonly db: number,
  ) {}

  /** Opens PGlite on `dir` (or in memory), loaded from `dump` when given; rejects as PGlite.create would. */
  static async start(dir: string, dump?: Blob): Promise<PgliteThread> {
    const on = host()
    const db = on.id()
    const bytes = dump ? new Uint8Array(await dump.arrayBuffer()) : undefined
    await on.request({ op: 'open', db, dir, dump: bytes }, bytes ? [bytes.buffer] : [])
    return new PgliteThread(on, db)
  }

  /** Settles with why if the thread dies: this database, and every other on the thread, is then closed for good. */
  get lost(): Promise<Error> {
    return this.host.lost
  }

  get closed(): boolean {
    return this.closing !== undefined || this.host.stopped !== undefined
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn(undefined, text, params, options)
  }

  exec(text: string): Promise<Results[]> {
    return this.request({ op: 'exec', text })
  }

  /** A query in transaction `tx`, or outside any when undefined. */
  private queryIn<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const wire = options && { rowMode: options.rowMode, textTypes: textTypes(options), blob: options.blob }
    return this.request({ op: 'query', text, params, options: wire, tx })
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = this.host.id()
    await this.request({ op: 'begin', begin: id })
    const tx: PgliteTransaction = {
      query: (text, params, options) => this.queryIn(id, text, params, options),
      exec: (text) => this.request({ op: 'exec', text, tx: id }),
    }
    let result: T
    try {
      result = await fn(tx)
    } catch (err) {
      await this.request({ op: 'end', tx: id, commit: false }).catch(() => {})
      throw err
    }
    await this.request({ op: 'end', tx: id, commit: true })
    return result
  }

  /** Calls `on` with each notification on `channel`; resolves to what stops listening. */
  async listen(channel: string, on: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.host.id()
    this.host.listeners.set(listener, on)
    this.listening.add(listener)
    await this.request({ op: 'listen', channel, listener }).catch((err: unknown) => {
      this.host.listeners.delete(listener)
      this.listening.delete(listener)
      throw err
    })
    return async () => {
      this.host.listeners.delete(listener)
      this.listening.delete(listener)
      if (!this.closed) await this.request({ op: 'unlisten', listener })
    }
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    return new Blob([await this.request<Uint8Array<ArrayBuffer>>({ op: 'dump', compression })])
  }

  close(): Promise<void> {
    for (const listener of this.listening) this.host.listeners.delete(listener)
    this.closing ??= this.host.request<void>({ op: 'close', db: this.db }).catch(() => {})
    return this.closing
  }

  /** Once closing, only a transaction already open may go on (and end): PGlite's close waits for it, as in the process. */
  private request<T>(message: Record<string, unknown>): Promise<T> {
    if (this.closing && message.tx === undefined) return Promise.reject(new Error('PGlite is closed'))
    return this.host.request({ ...message, db: this.db })
  }
}
