/**
 * Workflows (src/workflows): offers `ctx.services.workflows` to the workflow tools, continues a
 * paused run when its held call is decided (on the instance that decided it), and at start resumes
 * the runs this instance was running when it stopped. Steps run through the pipeline as the run's
 * caller, recorded as children of the workflow_run call.
 */
import fp from 'fastify-plugin'
import { createSecretbox, loadOrCreateKey } from '../lib/secretbox.js'
import { innerCaller } from '../pipeline/inner-call.js'
import { bound, RECORD_BOUNDS, type Bounds } from '../redaction/index.js'
import { registryCatalog } from '../workflows/catalog.js'
import { createRunner, type Runner } from '../workflows/runner.js'
import { createRunStore, type RunStore } from '../workflows/store.js'

declare module 'fastify' {
  interface FastifyInstance {
    workflows: { runner: Runner; store: RunStore }
  }
}

/** A step's output as the run record shows it: a preview, as its execution's history row keeps. */
const STEP_BOUNDS: Bounds = { maxString: 2048, maxEntries: 50, maxChars: 4096, maxDepth: 8 }

export default fp(
  async (app) => {
    const log = app.log.child({ component: 'workflows' })
    const box = createSecretbox(loadOrCreateKey({ hexKey: app.config.secretKey, dataDir: app.config.dataDir }))
    const store = createRunStore(app.database.db, box, {
      run: (v) => app.redactor.redact(bound(v, RECORD_BOUNDS)),
      step: (v) => app.redactor.redact(bound(v, STEP_BOUNDS)),
    })
    const runner = createRunner({
      store,
      catalog: registryCatalog(app.registry, () => app.agents.list().map((d) => d.name)),
      instance: app.history.instance,
      policy: app.config.blockPolicy,
      // As the workflow_run call's own inner calls: its caller, its context, its children in history.
      invoke: (run, caller, tool, args, holdReason, deadline) =>
        innerCaller(app.pipeline.invoke, {
          caller,
          executionId: run.row.executionId,
          depth: run.row.depth,
          context: run.state.context,
          clientIp: '',
          deadline,
        })(tool, args, { holdReason }),
      callerById: (id) => app.keys.callerById(id),
      parentOf: async (id) => ((await app.history.get(id))?.parent_execution_id as string | null) ?? undefined,
      stopping: () => app.pipeline.closing,
      occupy: (caller) => app.pipeline.inFlight.occupy(caller.rateKey),
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
  { name: 'workflows', dependencies: ['config', 'db', 'registry', 'agents', 'auth', 'redaction', 'history', 'approvals', 'pipeline'] },
)
