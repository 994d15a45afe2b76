/** Liveness, readiness (the database answers) and Prometheus metrics. */
import type { FastifyInstance } from 'fastify'

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { summary: 'Liveness', tags: ['health'] } }, async () => ({ status: 'ok' }))

  app.get('/readyz', { schema: { summary: 'Readiness: 503 while the database does not answer', tags: ['health'] } }, async (_request, reply) => {
    const ok = await app.database.ping(1_500)
    const sandbox = { mode: app.sandbox.mode, ...(app.sandbox.fallbackReason && { warning: `no sandbox: ${app.sandbox.fallbackReason}` }) }
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: ok ? 'up' : 'down', sandbox })
  })

  app.get(
    '/metrics',
    { schema: { summary: 'Prometheus metrics (admin key, or public with TOOLGATE_METRICS_PUBLIC=true)', tags: ['health'] } },
    async (request, reply) => {
      if (!app.config.metricsPublic) await app.keys.requireScope(request, 'admin')
      reply.header('content-type', app.metrics.registry.contentType)
      return app.metrics.registry.metrics()
    },
  )
}
