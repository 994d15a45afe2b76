/**
 * Workflows (src/workflows): offers `ctx.services.workflows` to the workflow tools, continues a
 * paused run when its held call is decided (on the instance that decided it), and at start resumes
 * the runs this instance was running when it stopped. Steps run through the pipeline as the run's
 * caller, recorded as children of the workflow_run call.
 */
import fp from 'fastify-plugin'
import { createSecretbox, loadOrCreateKey } from '../lib/secretbox.js'
import type { HeaderBag } from '../pipeline/context.js'
import { bound, RECORD_BOUNDS } from '../redaction/index.js'
import { registryCatalog } from '../workflows/catalog.js'
import { createRunner, type Runner } from '../workflows/runner.js'
import { createRunStore, type RunContext, type RunStore } from '../workflows/store.js'

declare module 'fastify' {
  interface FastifyInstance {
    workflows: { runner: Runner; store: RunStore }
  }
}

/** A run's context as the headers its steps are sent with. */
const headersOf = (c: RunContext): HeaderBag => ({
  'x-session-id': c.sessionId,
  'x-agent-id': c.agentId,
  'x-request-id': c.requestId,
  'x-dry-run': c.dryRun ? 'true' : undefined,
})

export default fp(
  async (app) => {
    const log = app.log.child({ component: 'workflows' })
    const box = createSecretbox(loadOrCreateKey({ hexKey: app.config.secretKey, dataDir: app.config.dataDir }))
    const store = createRunStore(app.database.db, box, (v) => app.redactor.redact(bound(v, RECORD_BOUNDS)))
    const runner = createRunner({
      store,
      catalog: registryCatalog(app.registry),
      instance: app.history.instance,
      policy: app.config.blockPolicy,
      invoke: (run, caller, tool, args, holdReason) =>
        app.pipeline.invoke({
          tool,
          args,
          caller,
          parentExecutionId: run.row.executionId,
          depth: run.row.depth + 1,
          transport: 'inner',
          clientIp: '',
          headers: headersOf(run.state.context),
          requestId: run.state.context.requestId,
          holdReason,
        }),
      callerById: (id) => app.keys.callerById(id),
      parentOf: async (id) => ((await app.history.get(id))?.parent_execution_id as string | null) ?? undefined,
      stopping: () => app.pipeline.closing,
      log,
    })
    app.toolServices.workflows = runner
    app.decorate('workflows', { runner, store })
    app.approvals.onDecided((d) => runner.decided(d))
    app.addHook('onReady', async () => {
      const resumed = await runner.resumeOwned()
      if (resumed.length) log.warn({ runs: resumed }, `Resuming ${resumed.length} workflow run(s) this instance was running when it stopped`)
    })
    // After the pipeline's own preClose has aborted every call: runs stop at their next step and stay `running`.
    app.addHook('preClose', async () => runner.idle())
  },
  { name: 'workflows', dependencies: ['config', 'db', 'registry', 'auth', 'redaction', 'history', 'approvals', 'pipeline'] },
)
