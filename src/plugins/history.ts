/**
 * Execution history. A finished call is written as a line of COPY text once its answer is on its
 * way, and handed to the history writer, which redacts it and loads it with the others in COPY
 * batches every few milliseconds: on Postgres from a worker thread, on PGlite from this one.
 * Recording a call never waits on the database, and reads flush first, so a caller always finds
 * the call it just made.
 */
import os from 'node:os'
import fp from 'fastify-plugin'
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm'
import { executions } from '../db/schema/index.js'
import { EXECUTION_COLUMNS, copyRow, redactLine, type ExecutionRecord } from '../history/row.js'
import { createCopyWriter } from '../history/copy-writer.js'
import { localSink, workerSink, type RowSink } from '../history/sink.js'
import { copyText } from '../db/copy-text.js'
import { bound, cutString, RECORD_BOUNDS } from '../redaction/index.js'
import { fail } from '../errors.js'
import { validate as isUuid } from 'uuid'

type Row = typeof executions.$inferSelect
export type { ExecutionRecord }

export interface HistoryQuery {
  limit: number
  cursor?: string
  callerId?: string
  tool?: string
  status?: string
}

export interface History {
  /** Which thread writes history rows: a worker on Postgres, the main thread on PGlite. */
  readonly writerThread: 'worker' | 'main'
  /**
   * Queue a finished call (redacted by the writer), encoded once this turn's answers are written:
   * `rec` must not change afterwards. `resultJson` is its result already serialized (the
   * answer's), so that it is not serialized twice.
   */
  record(rec: ExecutionRecord, resultJson?: string): void
  /** Write a call now: a pending call must exist before anyone can approve it. */
  insertNow(rec: ExecutionRecord): Promise<void>
  /** Update a recorded call, e.g. a pending call once it ran or was rejected. */
  complete(id: string, patch: Partial<ExecutionRecord>): Promise<void>
  flush(): Promise<void>
  get(id: string, callerId?: string): Promise<Record<string, unknown> | undefined>
  list(q: HistoryQuery): Promise<{ executions: Record<string, unknown>[]; next_cursor: string | null; total: number }>
}

declare module 'fastify' {
  interface FastifyInstance {
    history: History
  }
}

export function presentExecution(r: Row): Record<string, unknown> {
  return {
    id: r.id,
    tool: r.tool,
    toolset: r.toolset,
    transport: r.transport,
    params: r.params,
    caller: { id: r.callerId, name: r.callerName },
    session_id: r.sessionId,
    agent_id: r.agentId,
    request_id: r.requestId,
    status: r.status,
    http_status: r.httpStatus,
    error_code: r.errorCode,
    error: r.error,
    result: r.result,
    messages: r.messages ?? [],
    dry_run: r.dryRun === 1,
    usage: r.usage,
    duration_ms: r.durationMs,
    started_at: r.startedAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  }
}

// Execution ids are UUIDv7 (time-ordered), so the last id of a page is the cursor.
const encodeCursor = (r: Row) => Buffer.from(r.id).toString('base64url')
function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString()
  if (!isUuid(id)) fail('INVALID_REQUEST', 'Invalid cursor: pass back the next_cursor of a previous page')
  return id
}

export default fp(
  async (app) => {
    const { database, redactor, config } = app
    const { db } = database
    const instance = copyText(`${os.hostname()}:${process.pid}`)
    const copy = (text: string) => database.copyIn('executions', EXECUTION_COLUMNS, text)
    const localWriter = () => createCopyWriter({
      target: { copyIn: copy, ping: (ms) => database.ping(ms) }, redactor, log: app.log, delayMs: config.historyFlushMs,
    })
    const sink: RowSink = database.kind === 'postgres' && config.databaseUrl
      ? workerSink({ databaseUrl: config.databaseUrl, flushMs: config.historyFlushMs, log: app.log, fallback: localWriter })
      : localSink(localWriter())
    // A finished call is encoded after the answers of this turn of the event loop are written
    // (setImmediate runs after the I/O callbacks that wrote them): the caller has its answer before
    // its call's bookkeeping is done, and the rows of one turn are encoded together.
    let queued: (ExecutionRecord | string | undefined)[] = []
    let scheduled = false
    const encodeQueued = () => {
      scheduled = false
      const q = queued
      queued = []
      for (let i = 0; i < q.length; i += 2) {
        const rec = q[i] as ExecutionRecord
        try {
          sink.add(copyRow(rec, instance, redactor, q[i + 1] as string | undefined))
        } catch (err) {
          app.log.error({ err, component: 'history', execution_id: rec.id }, 'Dropping an execution row that cannot be encoded')
        }
      }
    }
    const flush = () => {
      encodeQueued()
      return sink.flush()
    }

    // For updates of a recorded call (approval outcomes): rare, so a plain redacted copy will do,
    // bounded as the rows are.
    const redacted = <T>(v: T) => redactor.redact(bound(v, RECORD_BOUNDS)) as T
    const clean = (rec: Partial<ExecutionRecord>) => ({
      ...rec,
      ...(rec.params !== undefined && { params: redacted(rec.params) }),
      ...(rec.result !== undefined && { result: redacted(rec.result) }),
      ...(rec.error != null && { error: redactor.redactString(cutString(rec.error, RECORD_BOUNDS.maxString)) }),
      ...(rec.messages !== undefined && { messages: redacted(rec.messages) }),
      ...(rec.sessionId != null && { sessionId: redactor.redactString(rec.sessionId) }),
      ...(rec.agentId != null && { agentId: redactor.redactString(rec.agentId) }),
      ...(rec.requestId != null && { requestId: redactor.redactString(rec.requestId) }),
    })

    const history: History = {
      get writerThread() {
        return sink.thread
      },
      record(rec, resultJson) {
        queued.push(rec, resultJson)
        if (!scheduled) {
          scheduled = true
          setImmediate(encodeQueued)
        }
      },
      async insertNow(rec) {
        await copy(`${redactLine(copyRow(rec, instance, redactor), redactor)}\n`)
      },
      async complete(id, patch) {
        await flush()
        await db.update(executions).set(clean(patch)).where(eq(executions.id, id))
      },
      flush,
      async get(id, callerId) {
        if (!isUuid(id)) return undefined
        await flush()
        const where = callerId ? and(eq(executions.id, id), eq(executions.callerId, callerId)) : eq(executions.id, id)
        const [row] = await db.select().from(executions).where(where)
        return row && presentExecution(row)
      },
      async list(q) {
        await flush()
        const filters: SQL[] = []
        if (q.callerId) filters.push(eq(executions.callerId, q.callerId))
        if (q.tool) filters.push(eq(executions.tool, q.tool))
        if (q.status) filters.push(eq(executions.status, q.status))
        const base = filters.length ? and(...filters) : undefined
        const page = [...filters]
        if (q.cursor) page.push(lt(executions.id, decodeCursor(q.cursor)))
        const rows = await db
          .select()
          .from(executions)
          .where(page.length ? and(...page) : undefined)
          .orderBy(desc(executions.id))
          .limit(q.limit + 1)
        const [{ n }] = await db.select({ n: count() }).from(executions).where(base)
        const more = rows.length > q.limit
        const items = rows.slice(0, q.limit)
        return { executions: items.map(presentExecution), next_cursor: more ? encodeCursor(items[items.length - 1]) : null, total: n }
      },
    }
    app.decorate('history', history)
    app.addHook('onClose', async () => {
      encodeQueued()
      await sink.close()
    })
  },
  { name: 'history', dependencies: ['config', 'db', 'redaction'] },
)
