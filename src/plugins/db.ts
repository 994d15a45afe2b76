/** The database, opened and migrated before anything that needs it is registered. */
import path from 'node:path'
import fp from 'fastify-plugin'
import { createDb, type Database } from '../db/client.js'
import { createOutageMonitor, type OutageMonitor } from '../db/outage.js'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
    /** Turns "database unreachable" errors into 503 DATABASE_UNAVAILABLE and logs the outage once. */
    databaseOutage: OutageMonitor
  }
}

export default fp<{ database?: Database }>(
  async (app, opts) => {
    const database = opts.database ?? (await createDb({ databaseUrl: app.config.databaseUrl, pgliteDir: path.join(app.config.dataDir, 'pglite') }))
    app.decorate('database', database)
    const outage = createOutageMonitor({ ping: (ms) => database.ping(ms), log: app.log })
    app.decorate('databaseOutage', outage)
    app.addHook('onClose', async () => outage.close())
    // A database handed in by the caller (tests sharing one) is the caller's to close.
    if (!opts.database) app.addHook('onClose', async () => database.close())
  },
  { name: 'db', dependencies: ['config'] },
)
