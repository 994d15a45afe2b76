/** Registry state (seed 002 §6) and the caller's execution context (seed 002 §8). */
import type { FastifyInstance } from 'fastify'
import { fail } from '../errors.js'
import { parseContext } from '../pipeline/context.js'

export default async function registryRoutes(app: FastifyInstance) {
  app.get('/v1/registry', { schema: { summary: 'Registry state', tags: ['catalog'], security: [{ bearerAuth: [] }] } }, async (request) => {
    await app.keys.requireScope(request, 'admin')
    const byCategory = app.registry.byCategory()
    const tools = app.registry.list()
    return {
      instance_id: app.registry.instanceId,
      total_tools: tools.length,
      by_category: Object.fromEntries(Object.entries(byCategory).map(([c, list]) => [c, list.length])),
      toolsets: [...new Set(tools.map((t) => t.toolset))],
      registered_tools: tools.map((t) => t.name).sort((a, b) => a.localeCompare(b)),
      database: app.database.kind,
      rate_limit_backend: app.rateLimiter.backend,
    }
  })

  app.get(
    '/v1/context',
    { schema: { summary: "The caller's execution context, as the headers set it", tags: ['catalog'], security: [{ bearerAuth: [] }] } },
    async (request) => {
      const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
      if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'The execution context needs an API key: send "Authorization: Bearer <api key>"')
      const ctx = parseContext(request.headers)
      return {
        working_dir: caller.workspace,
        session_id: ctx.sessionId ?? null,
        agent_id: ctx.agentId ?? null,
        dry_run: ctx.dryRun,
        timeout_ms: ctx.timeoutMs ?? null,
        max_output_size: ctx.maxOutputSize ?? app.config.maxOutputSize,
        metadata: {
          key_id: caller.id,
          key_name: caller.name,
          scopes: caller.scopes,
          request_id: ctx.requestId,
          post_id: ctx.postId ?? null,
          thread_id: ctx.threadId ?? null,
        },
      }
    },
  )
}
