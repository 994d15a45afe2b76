/** Prometheus metrics: calls, errors and durations per tool, in a registry of this app's own. */
import fp from 'fastify-plugin'
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export interface Metrics {
  registry: Registry
  observe(tool: string, status: string, errorCode: string | undefined, durationMs: number): void
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

export default fp(
  async (app) => {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry, prefix: 'toolgate_' })
    const calls = new Counter({ name: 'toolgate_tool_calls_total', help: 'Tool calls by tool and outcome status', labelNames: ['tool', 'status'], registers: [registry] })
    const errors = new Counter({ name: 'toolgate_tool_errors_total', help: 'Failed tool calls by tool and error code', labelNames: ['tool', 'code'], registers: [registry] })
    const duration = new Histogram({
      name: 'toolgate_tool_duration_seconds',
      help: 'Tool call duration through the whole pipeline',
      labelNames: ['tool'],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers: [registry],
    })
    const children = new Map<string, { calls: ReturnType<typeof calls.labels>; duration: ReturnType<typeof duration.labels> }>()
    app.decorate('metrics', {
      registry,
      observe(tool, status, errorCode, durationMs) {
        // Label children are cached: hashing label sets on every call showed in the profile.
        const key = `${tool}\u0000${status}`
        let c = children.get(key)
        if (!c) children.set(key, (c = { calls: calls.labels(tool, status), duration: duration.labels(tool) }))
        c.calls.inc()
        c.duration.observe(durationMs / 1000)
        if (errorCode) errors.inc({ tool, code: errorCode })
      },
    })
  },
  { name: 'metrics' },
)
