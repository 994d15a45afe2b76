/**
 * Many execution rows in one statement with one parameter: the batch as a JSON array, expanded by
 * `json_to_recordset`. Far cheaper to build and to parse than a 500-row × 22-column VALUES list,
 * and the same SQL on PGlite and node-postgres.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client.js'
import type { executions } from './schema/index.js'

type Insert = typeof executions.$inferInsert

const COLUMNS: [keyof Insert, string, string][] = [
  ['id', 'id', 'uuid'], ['tool', 'tool', 'text'], ['toolset', 'toolset', 'text'], ['transport', 'transport', 'text'],
  ['params', 'params', 'jsonb'], ['callerId', 'caller_id', 'text'], ['callerName', 'caller_name', 'text'],
  ['sessionId', 'session_id', 'text'], ['agentId', 'agent_id', 'text'], ['requestId', 'request_id', 'text'],
  ['status', 'status', 'text'], ['httpStatus', 'http_status', 'int'], ['errorCode', 'error_code', 'text'],
  ['error', 'error', 'text'], ['result', 'result', 'jsonb'], ['messages', 'messages', 'jsonb'], ['dryRun', 'dry_run', 'int'],
  ['usage', 'usage', 'jsonb'], ['durationMs', 'duration_ms', 'int'], ['startedAt', 'started_at', 'timestamptz'],
  ['completedAt', 'completed_at', 'timestamptz'], ['instance', 'instance', 'text'],
]
const names = COLUMNS.map(([, col]) => col).join(', ')
const recordType = COLUMNS.map(([, col, type]) => `${col} ${type}`).join(', ')
const statement = (json: string) =>
  sql`INSERT INTO executions (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM json_to_recordset(${json}::json) AS x(${sql.raw(recordType)}) ON CONFLICT (id) DO NOTHING`

function toJson(rows: Insert[]): string {
  const plain = rows.map((r) => {
    const o: Record<string, unknown> = {}
    for (const [key, col] of COLUMNS) o[col] = r[key] ?? null
    return o
  })
  const json = JSON.stringify(plain)
  // Postgres text and jsonb cannot hold NUL; a path with a NUL byte must not poison the batch.
  return json.includes('\\u0000')
    ? JSON.stringify(plain, (_k, v) => (typeof v === 'string' ? v.replace(/\u0000/g, '\uFFFD') : v))
    : json
}

export async function insertExecutions(db: Db, rows: Insert[]): Promise<void> {
  if (rows.length) await db.execute(statement(toJson(rows)))
}
