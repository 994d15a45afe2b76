/** Registry state (seed 002 §6) and the caller's execution context (seed 002 §8). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type TSchema } from 'typebox'
import { fail } from '../errors.js'
import { parseContext, seconds } from '../pipeline/context.js'
import { effectiveLimits } from '../pipeline/limits.js'
import { errorResponses } from './openapi-schemas.js'

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])

const RegistryState = Type.Object(
  {
    instance_id: Type.String(),
    total_tools: Type.Integer(),
    by_category: Type.Record(Type.String(), Type.Integer(), { description: 'Category → number of tools' }),
    toolsets: Type.Array(Type.String()),
    registered_tools: Type.Array(Type.String(), { description: 'Every tool name, sorted' }),
    database: Type.String({ description: 'pglite or postgres' }),
    rate_limit_backend: Type.String({ description: 'memory or redis' }),
  },
  { description: 'The registry state' },
)

const Context = Type.Object(
  {
    working_dir: Type.String({ description: "The key's workspace" }),
    session_id: Nullable(Type.String()),
    agent_id: Nullable(Type.String()),
    dry_run: Type.Boolean(),
    tool: Nullable(Type.String({ description: 'The tool whose bounds the limits were fitted into (`?tool=`)' })),
    timeout_ms: Type.Integer({ description: 'The timeout a call would run with: X-Timeout-Ms fitted into the bounds' }),
    timeout: Type.String({ description: 'The same, for people' }),
    max_output_size: Type.Integer({ description: 'The output cap a call would run with: X-Max-Output-Size fitted into the limit' }),
    requested: Type.Object({ timeout_ms: Nullable(Type.Integer()), max_output_size: Nullable(Type.Integer()) }),
    messages: Type.Array(Type.String(), { description: 'What was changed to fit the bounds' }),
    metadata: Type.Object({
      key_id: Type.String(),
      key_name: Type.String(),
      scopes: Type.Array(Type.String()),
      request_id: Type.String(),
      post_id: Nullable(Type.Integer()),
      thread_id: Nullable(Type.Integer()),
    }),
  },
  { description: 'The execution context a call with these headers would run in' },
)

const REGISTRY_SCHEMA = {
  operationId: 'getRegistry',
  summary: 'Registry state (seed 002 §6)',
  description: 'Tools by category and toolset, the database and the rate-limit backend this instance uses. Needs the admin scope.',
  tags: ['catalog'],
  security: [{ bearerAuth: [] }],
  response: { 200: RegistryState, ...errorResponses(400, 401, 403, 500, 503) },
}

const CONTEXT_SCHEMA = {
  operationId: 'getContext',
  summary: "The caller's execution context, as the headers set it (seed 002 §8)",
  description:
    'Send the context headers (X-Session-Id, X-Dry-Run, X-Timeout-Ms…) to see what a tool call would run with. Any key. ' +
    'timeout_ms and max_output_size are the values a call would run with: the X-Timeout-Ms and X-Max-Output-Size headers fitted into the bounds of `tool` (or of a tool that declares none), as calls fit them; `messages` says what was changed.',
  tags: ['catalog'],
  security: [{ bearerAuth: [] }],
  querystring: Type.Object(
    { tool: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Show this tool's effective limits" })) },
    { additionalProperties: false },
  ),
  response: { 200: Context, ...errorResponses(400, 401, 404, 500, 503) },
}

export default async function registryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/registry',
    {
      schema: REGISTRY_SCHEMA,
    },
    async (request) => {
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
    },
  )

  app.get(
    '/v1/context',
    {
      schema: CONTEXT_SCHEMA,
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
          scopes: [...caller.scopes],
          request_id: ctx.requestId,
          post_id: ctx.postId ?? null,
          thread_id: ctx.threadId ?? null,
        },
      }
    },
  )
}
