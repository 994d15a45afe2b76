/** Wires the API keys (src/auth/keys.ts): the workspace root, the revocation channel, `app.keys`. */
import fs from 'node:fs'
import fp from 'fastify-plugin'
import { Keys, REVOCATIONS_CHANNEL, type KeyService } from '../auth/keys.js'

declare module 'fastify' {
  interface FastifyInstance {
    keys: KeyService
    /** Real path of the server's workspace root. */
    workspaceRoot: string
  }
}

export default fp(
  async (app) => {
    fs.mkdirSync(app.config.workspace, { recursive: true })
    const root = fs.realpathSync(app.config.workspace)
    app.decorate('workspaceRoot', root)
    const keys = new Keys(app.database.db, {
      root,
      bootstrapKey: app.config.bootstrapKey,
      classifyOutage: (err) => app.databaseOutage.classify(err),
    })
    keys.listener = await app.database.listen(REVOCATIONS_CHANNEL, { message: keys.forget, connected: keys.reconnected }, app.log)
    app.addHook('onClose', async () => keys.listener?.close())
    app.decorate('keys', keys)
  },
  { name: 'auth', dependencies: ['config', 'db'] },
)
