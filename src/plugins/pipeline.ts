/** Wires the pipeline (src/pipeline/run-call.ts) to the server's services: REST and MCP call it alike. */
import fp from 'fastify-plugin'
import type { Claimed } from '../approvals/queue.js'
import type { CallOutcome, CallRequest, Execution, PipelineDeps } from '../pipeline/call.js'
import { createEscalation } from '../pipeline/escalation.js'
import { InFlight } from '../pipeline/in-flight.js'
import { resumeCall, runCall } from '../pipeline/run-call.js'
import { toolSettingsOf } from '../tools/settings.js'

export type { CallOutcome, CallRequest }

export interface Pipeline {
  invoke(call: CallRequest): Promise<CallOutcome>
  /** Runs a call that was held for approval and has just been approved. */
  resume(claimed: Claimed): Promise<CallOutcome>
  /** True once the server is shutting down: a call aborted from then on was aborted for that. */
  readonly closing: boolean
  /** Each caller's calls running (TOOLGATE_MAX_CALLS_IN_FLIGHT). */
  readonly inFlight: InFlight
}

declare module 'fastify' {
  interface FastifyInstance {
    pipeline: Pipeline
  }
}

export default fp(
  async (app) => {
    const running = new Set<Execution>()
    const deps: PipelineDeps = {
      config: app.config,
      settings: toolSettingsOf(app.config),
      registry: app.registry,
      keys: app.keys,
      rateLimiter: app.rateLimiter,
      inFlight: new InFlight(app.config.maxCallsInFlight),
      history: app.history,
      approvals: app.approvals,
      metrics: app.metrics,
      escalation: createEscalation(app.database.db, app.config.escalateAfter),
      services: app.toolServices,
      log: app.log.child({ component: 'tools' }),
      redactor: app.redactor,
      running,
      classify: (err) => app.databaseOutage.classify(err),
      invoke: (request) => runCall(deps, request),
    }
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
      for (const execution of running) execution.controller.abort(new Error('server shutting down'))
    })
    // An answer sent while the server closes says `Connection: close`: a call that was running when
    // the drain began would otherwise leave its keep-alive socket open, and the close waits for it.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close')
      done(null, payload)
    })
    app.decorate('pipeline', {
      invoke: (request: CallRequest) => runCall(deps, request),
      resume: (claimed: Claimed) => resumeCall(deps, claimed),
      inFlight: deps.inFlight,
      get closing() {
        return closing
      },
    })
  },
  {
    name: 'pipeline',
    dependencies: ['config', 'db', 'registry', 'llm', 'agents', 'auth', 'rate-limit', 'history', 'approvals', 'shells', 'metrics', 'redaction'],
  },
)
