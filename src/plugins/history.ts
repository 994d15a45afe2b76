/**
 * Execution history. Finished calls are queued (redacted and bounded as they are queued) and
 * written with drizzle in batches every few milliseconds (TOOLGATE_HISTORY_FLUSH_MS); reads flush
 * first, so a caller always finds the call it just made. Calls that change something get their
 * row before the tool runs (`running`, written at once) and completed through the same queue;
 * rows this instance left `running` when it died are marked `interrupted` at its next start.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { and, count, desc, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { executions } from '../db/schema/index.js'
import { cleanPatch, executionRow, JSON_COLUMNS, storableJson, type ExecutionRecord, type ExecutionRow } from '../history/row.js'
import { createBatcher } from '../history/batcher.js'
import { stableInstanceId } from '../history/instance.js'
import { validate as isUuid } from 'uuid'
import { decodeCursor, encodeCursor, fitting } from '../lib/page-bytes.js'

type Row = typeof executions.$inferSelect
export type { ExecutionRecord }

export interface HistoryQuery {
  limit: number
  cursor?: string
  callerId?: string
  tool?: string
  status?: string
  /** Only the calls this execution made (a subagent's or a workflow's steps). */
  parent?: string
}

export interface History {
  /** This instance's stable identity (instance.ts). */
  readonly instance: string
  /** Queue a call's row (a new one, or the completion of a `running` one), redacted now. */
  record(rec: ExecutionRecord): void
  /** Write a row now: a running call's, or a held call's, which must exist before anyone approves it. */
  insertNow(rec: ExecutionRecord): Promise<void>
  /**
   * Update a recorded call now (claimed by this instance), e.g. a pending call once it ran or was
   * rejected; a result keeps a held call's larger preview, since its caller reads it here (row.ts).
   */
  complete(id: string, patch: Partial<ExecutionRecord>): Promise<void>
  flush(): Promise<void>
  get(id: string, callerId?: string): Promise<ExecutionView | undefined>
  list(q: HistoryQuery): Promise<{ executions: ExecutionView[]; next_cursor: string | null; total: number }>
}

declare module 'fastify' {
  interface FastifyInstance {
    history: History
  }
}

/** What a call answered with nobody left to answer: the row of a call its instance died running. */
export const INTERRUPTED = {
  status: 'interrupted',
  errorCode: 'INTERRUPTED',
  error: 'The server stopped while this call was running; whether its changes were made is unknown',
}

/** An execution as the API shows it (the `Execution` schema of the OpenAPI document). */
export type ExecutionView = ReturnType<typeof presentExecution>

export function presentExecution(r: Row) {
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
    messages: (r.messages ?? []) as string[],
    dry_run: r.dryRun === 1,
    usage: r.usage,
    duration_ms: r.durationMs,
    started_at: r.startedAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
    parent_execution_id: r.parentExecutionId,
  }
}

/**
 * Rows go in as one JSON parameter unpacked by json_to_recordset, jsonb columns inside it as JSON
 * (encoded once): drizzle's insert builder took about 0.2 ms of the main thread per row (measured),
 * more than the rest of a `hello` call. A row already there (a call that was `running`) is
 * completed: every column but the id is replaced.
 */
const COLUMNS = Object.entries(getTableColumns(executions))
const isJson = (key: string) => (JSON_COLUMNS as readonly string[]).includes(key)
const INSERT_COLUMNS = sql.raw(COLUMNS.map(([, c]) => `"${c.name}"`).join(', '))
const SELECTED = sql.raw(COLUMNS.map(([key]) => `"${key}"`).join(', '))
const RECORD_TYPE = sql.raw(COLUMNS.map(([key, c]) => `"${key}" ${c.getSQLType()}`).join(', '))
const COMPLETION = sql.raw(
  COLUMNS.filter(([key]) => key !== 'id')
    .map(([, c]) => `"${c.name}" = excluded."${c.name}"`)
    .join(', '),
)
const insertRows = (rows: ExecutionRow[]) => sql`INSERT INTO executions (${INSERT_COLUMNS})
  SELECT ${SELECTED} FROM json_to_recordset(${storableJson(rows)}::json) AS r(${RECORD_TYPE})
  ON CONFLICT (id) DO UPDATE SET ${COMPLETION}`

/** jsonb for drizzle's update: storable JSON text, SQL NULL for null (as the batch insert stores it). */
function jsonbValue(v: unknown) {
  const json = v == null ? 'null' : storableJson(v)
  return json === 'null' ? null : sql`${json}::jsonb`
}
/** A patch for drizzle's update: jsonb columns as jsonbValue. */
const asUpdate = (patch: Partial<ExecutionRow>) => Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, isJson(k) ? jsonbValue(v) : v]))

export default fp(
  async (app) => {
    const { database, redactor, config } = app
    const { db } = database
    const instance = stableInstanceId(config.dataDir)
    const write = async (rows: ExecutionRow[]) => {
      // One row per id: Postgres refuses to update a row twice in one statement.
      const unique = [...new Map(rows.map((r) => [r.id, r])).values()]
      await db.execute(insertRows(unique))
    }
    const batcher = createBatcher({ target: { write, ping: (ms) => database.ping(ms) }, log: app.log, delayMs: config.historyFlushMs })
    await markInterrupted(app, instance)

    const history: History = {
      instance,
      record(rec) {
        try {
          batcher.add(executionRow(rec, instance, redactor))
        } catch (err) {
          app.log.error({ err, component: 'history', execution_id: rec.id }, 'Dropping an execution row that cannot be stored')
        }
      },
      async insertNow(rec) {
        await write([executionRow(rec, instance, redactor)])
      },
      async complete(id, patch) {
        await batcher.flush()
        await db
          .update(executions)
          .set(asUpdate({ ...cleanPatch(patch, redactor), instance }))
          .where(eq(executions.id, id))
      },
      flush: () => batcher.flush(),
      async get(id, callerId) {
        if (!isUuid(id)) return undefined
        await batcher.flush()
        const where = callerId ? and(eq(executions.id, id), eq(executions.callerId, callerId)) : eq(executions.id, id)
        const [row] = await db.select().from(executions).where(where)
        return row && presentExecution(row)
      },
      list: async (q) => {
        await batcher.flush()
        return listExecutions(app, q)
      },
    }
    app.decorate('history', history)
    app.addHook('onClose', async () => history.flush())
  },
  { name: 'history', dependencies: ['config', 'db', 'redaction'] },
)

/** Rows this instance left `running` when it last stopped: nobody will complete them now. */
async function markInterrupted(app: FastifyInstance, instance: string): Promise<void> {
  const marked = await app.database.db
    .update(executions)
    .set({ ...INTERRUPTED, completedAt: new Date() })
    .where(and(eq(executions.status, 'running'), eq(executions.instance, instance)))
    .returning({ id: executions.id })
  if (marked.length)
    app.log.warn(
      { component: 'history', executions: marked.map((r) => r.id) },
      `Marked ${marked.length} call(s) that were running when this instance stopped as interrupted`,
    )
}

/** The bytes of a row's JSON columns and error text, measured by the database: only the rows that fit are fetched. */
const rowBytes = sql<number>`coalesce(octet_length(${executions.params}::text), 0) + coalesce(octet_length(${executions.result}::text), 0) + coalesce(octet_length(${executions.messages}::text), 0) + coalesce(octet_length(${executions.usage}::text), 0) + coalesce(octet_length(${executions.error}), 0)`

async function listExecutions(app: FastifyInstance, q: HistoryQuery) {
  const { db } = app.database
  const filters: SQL[] = []
  if (q.callerId) filters.push(eq(executions.callerId, q.callerId))
  if (q.tool) filters.push(eq(executions.tool, q.tool))
  if (q.status) filters.push(eq(executions.status, q.status))
  if (q.parent) filters.push(eq(executions.parentExecutionId, q.parent))
  const base = filters.length ? and(...filters) : undefined
  const page = [...filters]
  if (q.cursor) page.push(lt(executions.id, decodeCursor(q.cursor)))
  const sized = await db
    .select({ id: executions.id, bytes: rowBytes })
    .from(executions)
    .where(page.length ? and(...page) : undefined)
    .orderBy(desc(executions.id))
    .limit(q.limit + 1)
  const kept = fitting(sized.slice(0, q.limit).map((r) => r.bytes))
  const ids = sized.slice(0, kept).map((r) => r.id)
  const items = ids.length ? await db.select().from(executions).where(inArray(executions.id, ids)).orderBy(desc(executions.id)) : []
  const [{ n }] = await db.select({ n: count() }).from(executions).where(base)
  const more = sized.length > kept
  // Execution ids are UUIDv7 (time-ordered), so the last id of a page is the cursor.
  return { executions: items.map(presentExecution), next_cursor: more ? encodeCursor(items[items.length - 1].id) : null, total: n }
}
