/**
 * The one way to run raw SQL: only for what drizzle's builder cannot say (pg_trgm similarity and
 * operators, recursive or data-modifying CTEs, ON CONFLICT with a conditional update). Both
 * drivers (node-postgres and PGlite) answer `execute` with `{ rows }`.
 */
import type { SQL } from 'drizzle-orm'
import type { Db } from './client.js'

/** `Db` or a transaction: both can execute a query. */
export type Executor = Pick<Db, 'execute'>

/**
 * The rows of `query`, as the caller types them: `T` names the columns the query selects, in its
 * own snake_case; numbers that Postgres sends as bigint or numeric arrive as strings.
 */
export async function rows<T extends object = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] }
  return res.rows
}
