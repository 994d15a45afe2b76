/**
 * The background-shell manager, offered to tools as `ctx.services.shells`. Rows left `running` by
 * a crashed instance on this host are settled at start; a revoked key's shells are ended; every
 * shell of this instance is ended and recorded as killed when the app closes (before the database
 * is closed: onClose runs in reverse).
 */
import fp from 'fastify-plugin'
import { createShellManager, type ShellManager } from '../exec/shells.js'

declare module '../tools/define.js' {
  interface ToolServices {
    shells: ShellManager
  }
}

export default fp(
  async (app) => {
    const log = app.log.child({ component: 'shells' })
    const manager = createShellManager({
      db: app.database.db,
      maxShells: app.config.maxShells,
      redact: (s) => app.redactor.redactString(s),
      log,
      sandbox: app.sandbox,
    })
    const settled = await manager.reconcile()
    if (settled > 0) log.warn({ shells: settled }, `Marked ${settled} background shells of stopped instances as killed`)
    app.toolServices.shells = manager
    // A revoked key's shells end with it, on every instance (the revocation reaches each).
    app.keys.onRevoked((keyId) => {
      manager.endAllOf(keyId).then(
        (ended) => ended > 0 && log.info({ key: keyId, shells: ended }, `Ended ${ended} background shells of a revoked key`),
        (err: unknown) => log.error({ err, key: keyId }, 'Could not end the background shells of a revoked key'),
      )
    })
    app.addHook('onClose', async () => manager.closeAll())
  },
  { name: 'shells', dependencies: ['config', 'db', 'auth', 'registry', 'redaction', 'sandbox'] },
)
