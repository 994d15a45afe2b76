/**
 * Execution history. Finished calls are redacted and queued, then written in multi-row inserts
 * every few milliseconds, so recording a call never waits on the database. Reads flush first, so
 * a caller always finds the call it just made.
 */
import os from 'node:os'
import fp from 'fastify-plugin'
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm'
import { executions } from '../db/schema/index.js'
import { insertExecutions } from '../db/bulk-insert.js'
import { fail } from '../errors.js'
import { isUuid } from '../lib/uuidv7.js'

type Row = typeof executions.$inferSelect
export type ExecutionRecord = Omit<typeof executions.$inferInsert, 'instance'>

export interface HistoryQuery {
  limit: number
  cursor?: string
  callerId?: string
  tool?: string
  status?: string
}

export interface History {
  /** Queue a finished call (redacted here). */
  record(rec: ExecutionRecord): void
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

const BATCH = 500
const MAX_BUFFER = 20_000

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
    const { db } = app.database
    const redact = app.redactor.redact
    const instance = `${os.hostname()}:${process.pid}`
    let buffer: (typeof executions.$inferInsert)[] = []
    let inflight: Promise<void> = Promise.resolve()
    let timer: NodeJS.Timeout | undefined

    const clean = (rec: Partial<ExecutionRecord>) => ({
      ...rec,
      ...(rec.params !== undefined && { params: redact(rec.params) }),
      ...(rec.result !== undefined && { result: redact(rec.result) }),
      ...(rec.error != null && { error: app.redactor.redactString(rec.error) }),
      ...(rec.messages !== undefined && { messages: redact(rec.messages) }),
      // Context headers are free text from the caller: a token pasted there is still a token.
      ...(rec.sessionId != null && { sessionId: app.redactor.redactString(rec.sessionId) }),
      ...(rec.agentId != null && { agentId: app.redactor.redactString(rec.agentId) }),
      ...(rec.requestId != null && { requestId: app.redactor.redactString(rec.requestId) }),
    })

    const writeBatch = async () => {
      while (buffer.length) {
        const batch = buffer.slice(0, BATCH)
        try {
          await insertExecutions(db, batch)
          buffer = buffer.slice(batch.length)
        } catch (err) {
          if (!(await app.database.ping(1_000))) {
            app.log.error({ err, component: 'history', rows: buffer.length }, 'Database unavailable; history kept in memory for retry')
            if (buffer.length > MAX_BUFFER) buffer = buffer.slice(buffer.length - MAX_BUFFER)
            return
          }
          // The database answers, so some row is bad: keep every good one, log and drop the rest.
          for (const row of batch) {
            await insertExecutions(db, [row]).catch((e) => app.log.error({ err: e, component: 'history', execution_id: row.id }, 'Dropping an execution row the database refuses'))
          }
          buffer = buffer.slice(batch.length)
        }
      }
    }
    let scheduled = false
    const flush = () => {
      clearTimeout(timer)
      timer = undefined
      scheduled = false
      inflight = inflight.then(writeBatch)
      return inflight
    }

    const history: History = {
      record(rec) {
        buffer.push({ ...(clean(rec) as ExecutionRecord), instance })
        // One pending flush at a time; a full batch goes at once, a partial one after a short wait.
        if (buffer.length >= BATCH && !scheduled) {
          scheduled = true
          clearTimeout(timer)
          timer = undefined
          queueMicrotask(() => void flush())
        } else if (!scheduled) timer ??= setTimeout(() => void flush(), app.config.historyFlushMs)
      },
      async insertNow(rec) {
        await insertExecutions(db, [{ ...(clean(rec) as ExecutionRecord), instance }])
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
      await flush()
    })
  },
  { name: 'history', dependencies: ['config', 'db', 'redaction'] },
)
