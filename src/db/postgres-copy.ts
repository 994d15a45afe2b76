/**
 * COPY FROM STDIN on a node-postgres pool, and a ping with a deadline: shared by the app's own
 * pool and the history writer's connection in its worker thread.
 */
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

/** `COPY "table" ("a", "b") FROM <source>`; the names are ours, never a caller's. */
export const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM ${source}`

export async function copyInPool(pool: pg.Pool, table: string, columns: readonly string[], text: string): Promise<void> {
  const client = await pool.connect()
  let failure: Error | undefined
  // The pool stops listening to a client it has lent out: a connection dropped meanwhile would
  // be an uncaught 'error' event, and a crash, without this listener.
  const onError = (err: Error) => void (failure ??= err)
  client.on('error', onError)
  try {
    await new Promise<void>((resolve, reject) => {
      const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')))
      stream.on('finish', resolve)
      stream.on('error', reject)
      stream.end(text)
    })
  } catch (err) {
    failure ??= err as Error
    throw err
  } finally {
    client.off('error', onError)
    // A connection that failed mid-COPY is not worth trusting with the next query.
    client.release(failure)
  }
}

/** Resolves true when `query` answers within `timeoutMs`. */
export async function pingWith(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      query(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('ping timed out')), timeoutMs)
      }),
    ])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
