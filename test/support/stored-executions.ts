/** How many of these execution ids have a row in the executions table, read over a connection of its own. */
import pg from 'pg'

export async function storedExecutions(databaseUrl: string, ids: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const res = await client.query('SELECT count(*)::int AS n FROM executions WHERE id = ANY($1::uuid[])', [ids])
    return res.rows[0].n
  } finally {
    await client.end()
  }
}
