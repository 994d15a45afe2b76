/** Prometheus metrics: calls, errors and durations per tool, in a registry of this app's own. */
import fp from 'fastify-plugin'
import { Registry, collectDefaultMetrics } from 'prom-client'
import { ToolMetrics } from '../metrics/tool-metrics.js'

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
    const tools = new ToolMetrics([0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120])
    tools.register(
      registry,
      { calls: 'toolgate_tool_calls_total', errors: 'toolgate_tool_errors_total', duration: 'toolgate_tool_duration_seconds' },
      {
        calls: 'Tool calls by tool and outcome status',
        errors: 'Failed tool calls by tool and error code',
        duration: 'Tool call duration through the whole pipeline',
      },
    )
    app.decorate('metrics', {
      registry,
      observe: (tool, status, errorCode, durationMs) => tools.observe(tool, status, errorCode, durationMs / 1000),
    })
  },
  { name: 'metrics' },
)
