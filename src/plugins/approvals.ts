/** Wires the approval queue (src/approvals/queue.ts) to the server: its sealing key, config and services. */
import fp from 'fastify-plugin'
import { ApprovalQueue, type Approvals } from '../approvals/queue.js'
import { createSecretbox, loadOrCreateKey } from '../lib/secretbox.js'
import { toolSettingsOf } from '../tools/settings.js'

declare module 'fastify' {
  interface FastifyInstance {
    approvals: Approvals
  }
}

export default fp(
  async (app) => {
    const queue = new ApprovalQueue({
      db: app.database.db,
      box: createSecretbox(loadOrCreateKey({ hexKey: app.config.secretKey, dataDir: app.config.dataDir })),
      config: app.config,
      settings: toolSettingsOf(app.config),
      root: app.workspaceRoot,
      redactor: app.redactor,
      history: app.history,
      log: app.log,
    })
    app.decorate('approvals', queue)
  },
  { name: 'approvals', dependencies: ['config', 'db', 'auth', 'redaction', 'history'] },
)
