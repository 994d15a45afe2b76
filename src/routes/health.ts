/** Liveness, readiness (the database answers) and Prometheus metrics. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses } from './openapi-schemas.js'

const Ready = Type.Object(
  {
    status: Type.Enum(['ok', 'unavailable']),
    database: Type.Enum(['up', 'down']),
    sandbox: Type.Object({ mode: Type.String({ description: 'bwrap or off' }), warning: Type.Optional(Type.String()) }),
  },
  { description: 'Whether the database answers, and the sandbox child processes run in' },
)

const LIVENESS_SCHEMA = {
  operationId: 'getLiveness',
  summary: 'Liveness',
  description: 'Answers while the process serves requests, whatever its dependencies do.',
  tags: ['health'],
  response: { 200: Type.Object({ status: Type.Literal('ok') }, { description: 'Alive' }), ...errorResponses(400) },
}

const READINESS_SCHEMA = {
  operationId: 'getReadiness',
  summary: 'Readiness: 503 while the database does not answer',
  description: 'Whether this instance can serve calls: the database answers; and which sandbox child processes run in.',
  tags: ['health'],
  response: {
    200: { description: 'Ready', content: { 'application/json': { schema: Ready } } },
    503: { description: 'Not ready: the database does not answer', content: { 'application/json': { schema: Ready } } },
    ...errorResponses(400),
  },
}

/** Public by configuration or behind an admin key: the document says which, as this server runs. */
const metricsSchema = (isPublic: boolean) => ({
  operationId: 'getMetrics',
  summary: 'Prometheus metrics',
  description: `toolgate_tool_calls_total, toolgate_tool_errors_total, toolgate_tool_duration_seconds and the process metrics. ${
    isPublic ? 'Public on this server (TOOLGATE_METRICS_PUBLIC=true).' : 'Needs the admin scope (TOOLGATE_METRICS_PUBLIC=true makes it public).'
  }`,
  tags: ['health'],
  security: isPublic ? [] : [{ bearerAuth: [] }],
  produces: ['text/plain'],
  response: {
    200: { description: 'The Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } },
    ...(isPublic ? errorResponses(400, 500) : errorResponses(400, 401, 403, 500, 503)),
  },
})

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/healthz',
    {
      schema: LIVENESS_SCHEMA,
    },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/readyz',
    {
      schema: READINESS_SCHEMA,
    },
    async (_request, reply) => {
      const ok = await app.database.ping(1_500)
      const sandbox = { mode: app.sandbox.mode, ...(app.sandbox.fallbackReason && { warning: `no sandbox: ${app.sandbox.fallbackReason}` }) }
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: ok ? 'up' : 'down', sandbox })
    },
  )

  const metricsPublic = app.config.metricsPublic
  app.get(
    '/metrics',
    {
      schema: metricsSchema(metricsPublic),
    },
    async (request, reply) => {
      if (!metricsPublic) await app.keys.requireScope(request, 'admin')
      reply.header('content-type', app.metrics.registry.contentType)
      return app.metrics.registry.metrics()
    },
  )
}
