/** Registry state (seed 002 §6) and the caller's execution context (seed 002 §8). */
import type { FastifyInstance } from 'fastify'
import { fail } from '../errors.js'
import { parseContext, seconds } from '../pipeline/context.js'
import { effectiveLimits } from '../pipeline/limits.js'

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

  app.get<{ Querystring: { tool?: string } }>(
    '/v1/context',
    {
      schema: {
        summary: "The caller's execution context, as the headers set it",
        description:
          'timeout_ms and max_output_size are the values a call would run with: the X-Timeout-Ms and X-Max-Output-Size headers fitted into the bounds of `tool` (or of a tool that declares none), as calls fit them; `messages` says what was changed.',
        tags: ['catalog'],
        security: [{ bearerAuth: [] }],
        querystring: {
          type: 'object',
          properties: { tool: { type: 'string', minLength: 1, maxLength: 200, description: "Show this tool's effective limits" } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
      if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'The execution context needs an API key: send "Authorization: Bearer <api key>"')
      const ctx = parseContext(request.headers)
      const tool = request.query.tool === undefined ? undefined : app.registry.require(request.query.tool).tool
      const limits = effectiveLimits(tool, ctx, app.config.maxOutputSize)
      return {
        working_dir: caller.workspace,
        session_id: ctx.sessionId ?? null,
        agent_id: ctx.agentId ?? null,
        dry_run: ctx.dryRun,
        tool: tool?.name ?? null,
        timeout_ms: limits.timeoutMs,
        timeout: seconds(limits.timeoutMs),
        max_output_size: limits.maxOutputSize,
        requested: { timeout_ms: ctx.timeoutMs ?? null, max_output_size: ctx.maxOutputSize ?? null },
        messages: limits.messages,
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
