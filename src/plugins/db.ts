/** The database, opened and migrated before anything that needs it is registered. */
import path from 'node:path'
import fp from 'fastify-plugin'
import { createDb, type Database } from '../db/client.js'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
  }
}

export default fp<{ database?: Database }>(
  async (app, opts) => {
    const database =
      opts.database ??
      (await createDb({ databaseUrl: app.config.databaseUrl, pgliteDir: path.join(app.config.dataDir, 'pglite') }))
    app.decorate('database', database)
    // A database handed in by the caller (tests sharing one) is the caller's to close.
    if (!opts.database) app.addHook('onClose', async () => database.close())
  },
  { name: 'db', dependencies: ['config'] },
)
