/**
 * Execution history. A finished call is redacted and serialized into one line of COPY text at
 * once, and the lines are loaded in batches every few milliseconds, so recording a call never
 * waits on the database. Reads flush first, so a caller always finds the call it just made.
 */
import os from 'node:os'
import fp from 'fastify-plugin'
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm'
import { executions } from '../db/schema/index.js'
import { EXECUTION_COLUMNS, executionLine, type ExecutionRecord } from '../db/execution-row.js'
import { copyText } from '../db/copy-text.js'
import { fail } from '../errors.js'
import { isUuid } from '../lib/uuidv7.js'

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

const BATCH = 1_000
/** Lines kept in memory while the database is down; the oldest go first beyond this. */
const MAX_BUFFER = 20_000
const RETRY_MS = 1_000
const UNIQUE_VIOLATION = '23505'

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
    const { database } = app
    const { db } = database
    const { redactor } = app
    const instance = copyText(`${os.hostname()}:${process.pid}`)
    const copy = (text: string) => database.copyIn('executions', EXECUTION_COLUMNS, text)
    let lines: string[] = []
    let inflight: Promise<void> = Promise.resolve()
    let timer: NodeJS.Timeout | undefined
    let scheduled = false

    // For updates of a recorded call (approval outcomes): rare, so a plain redacted copy will do.
    const clean = (rec: Partial<ExecutionRecord>) => ({
      ...rec,
      ...(rec.params !== undefined && { params: redactor.redact(rec.params) }),
      ...(rec.result !== undefined && { result: redactor.redact(rec.result) }),
      ...(rec.error != null && { error: redactor.redactString(rec.error) }),
      ...(rec.messages !== undefined && { messages: redactor.redact(rec.messages) }),
      ...(rec.sessionId != null && { sessionId: redactor.redactString(rec.sessionId) }),
      ...(rec.agentId != null && { agentId: redactor.redactString(rec.agentId) }),
      ...(rec.requestId != null && { requestId: redactor.redactString(rec.requestId) }),
    })

    /** A batch Postgres refused although it answers: one bad line, or lines an earlier try did write. */
    const writeOneByOne = async (batch: string[]) => {
      for (const line of batch) {
        await copy(line).catch((err: { code?: string }) => {
          // The answer to an earlier try was lost but the rows got in: nothing is missing.
          if (err?.code === UNIQUE_VIOLATION) return
          app.log.error({ err, component: 'history', execution_id: line.slice(0, line.indexOf('\t')) }, 'Dropping an execution row the database refuses')
        })
      }
    }

    const writeBatch = async () => {
      while (lines.length) {
        const batch = lines.length <= BATCH ? lines : lines.slice(0, BATCH)
        lines = batch === lines ? [] : lines.slice(BATCH)
        try {
          await copy(batch.join(''))
        } catch (err) {
          if (await database.ping(1_000)) {
            await writeOneByOne(batch)
            continue
          }
          lines = batch.concat(lines)
          if (lines.length > MAX_BUFFER) lines = lines.slice(lines.length - MAX_BUFFER)
          app.log.error({ err, component: 'history', rows: lines.length }, 'Database unavailable; history kept in memory for retry')
          // Nothing else may come along to flush them: try again by ourselves (but never hold the process open).
          schedule(RETRY_MS)
          timer?.unref()
          return
        }
      }
    }
    const flush = () => {
      clearTimeout(timer)
      timer = undefined
      scheduled = false
      inflight = inflight.then(writeBatch)
      return inflight
    }
    const schedule = (ms: number) => {
      if (!scheduled && timer === undefined) timer = setTimeout(() => void flush(), ms)
    }

    const history: History = {
      record(rec) {
        lines.push(executionLine(rec, instance, redactor))
        // One pending flush at a time; a full batch goes at once, a partial one after a short wait.
        if (lines.length >= BATCH && !scheduled) {
          scheduled = true
          clearTimeout(timer)
          timer = undefined
          queueMicrotask(() => void flush())
        } else schedule(app.config.historyFlushMs)
      },
      async insertNow(rec) {
        await copy(executionLine(rec, instance, redactor))
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
