/**
 * `/mcp`: the same tools over MCP's Streamable HTTP transport, stateless, one server per request.
 * Tool calls go through the same pipeline as REST calls; the context comes from `_meta` and the
 * key from the Authorization header. Results and errors come back as MCP tool results.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { exportTools } from '../exports/index.js'
import { isCodedError } from '../errors.js'
import { metaToHeaders } from '../pipeline/context.js'
import type { CallOutcome } from '../plugins/pipeline.js'
import { findNul } from '../plugins/input-guard.js'
import { errorResponses } from './openapi-schemas.js'

/**
 * Where a NUL is in a JSON-RPC message (or batch) outside a tool call's `arguments`, which the
 * tool's validator refuses in its own words. Elsewhere (id, method, tool name, `_meta`) it would be
 * echoed back or become a header value; the input guard leaves /mcp bodies to this check.
 */
export function nulOutsideArguments(body: unknown): string | undefined {
  const messages = Array.isArray(body) ? body : [body]
  for (const [i, message] of messages.entries()) {
    const at = Array.isArray(body) ? `[${i}]` : ''
    if (typeof message !== 'object' || message === null || Array.isArray(message)) continue
    const { params, ...rest } = message as Record<string, unknown>
    const outside =
      typeof params === 'object' && params !== null && !Array.isArray(params)
        ? Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'arguments'))
        : params
    const found = findNul(rest, at) ?? findNul(outside, `${at ? `${at}.` : ''}params`)
    if (found !== undefined) return found
  }
  return undefined
}

export function toMcpResult(outcome: CallOutcome) {
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(outcome.body) }],
    structuredContent: outcome.body,
    isError: outcome.body.status === 'error',
  }
}

const rpcErrorResponse = (description: string, alsoEnvelope = false) => ({
  description,
  content: {
    'application/json': { schema: alsoEnvelope ? { anyOf: [{ $ref: 'JsonRpcError#' }, { $ref: 'ToolError#' }] } : { $ref: 'JsonRpcError#' } },
  },
})
const mcpResponses = {
  200: { description: 'The JSON-RPC response (a batch answers with an array)', content: { 'application/json': { schema: { $ref: 'JsonRpcResponse#' } } } },
  202: { description: 'Accepted: notifications only, which have no response', type: 'null' },
  400: rpcErrorResponse('Not a JSON-RPC message (JsonRpcError), or a body that is not JSON at all (ToolError)', true),
  401: rpcErrorResponse('The key is wrong (no key at all still reaches the public tools)'),
  406: rpcErrorResponse('Accept must list application/json and text/event-stream'),
  415: rpcErrorResponse('The body must be application/json (JsonRpcError when there is none, ToolError for another type)', true),
  ...errorResponses(413, 500, 503),
}

const MCP_SCHEMA: FastifySchema = {
  operationId: 'callMcp',
  summary: 'MCP over Streamable HTTP (JSON-RPC)',
  description:
    'Stateless MCP: initialize, tools/list, tools/call. Send Accept: application/json, text/event-stream. Public tools answer without a key; others need one with their scope. The context comes from `params._meta` (sessionId, dryRun, timeoutMs…).',
  tags: ['mcp'],
  // A key is optional: without one only the public tools answer.
  security: [{}, { bearerAuth: [] }],
  body: {
    description: 'A JSON-RPC 2.0 request or notification, or a batch of them',
    anyOf: [{ $ref: 'JsonRpcRequest#' }, { type: 'array', items: { $ref: 'JsonRpcRequest#' } }],
    'x-examples': {
      list: { summary: 'List the tools', value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      call: { summary: 'Call hello', value: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hello', arguments: { name: 'MCP' } } } },
    },
  },
  response: mcpResponses,
}

/**
 * Messages in one JSON-RPC batch (MCP 2025-06-18 dropped batches; older clients send a few): a
 * batch of 100 `tools/list` was 14 MB of answer built in one turn, without a key.
 */
export const BATCH_MAX = 16

const rpcError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id: null })

const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
  rpcError(
    reply.header('allow', 'POST'),
    405,
    -32000,
    'This MCP endpoint is stateless: POST JSON-RPC requests; there is no event stream to GET or session to DELETE',
  )

/** A server for one request: the tools' list, and every call through the pipeline with this request's key. */
function serverFor(app: FastifyInstance, tools: never[], jsonSchemaValidator: AjvJsonSchemaValidator, request: FastifyRequest, reply: FastifyReply): Server {
  const server = new Server({ name: 'toolgate', version: '0.1.0' }, { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }))
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const outcome = await app.pipeline.invoke({
      tool: req.params.name,
      args: req.params.arguments ?? {},
      authorization: request.headers.authorization,
      clientIp: request.ip,
      transport: 'mcp',
      headers: metaToHeaders(req.params._meta as Record<string, unknown> | undefined),
      requestId: request.id,
      response: reply.raw,
    })
    return toMcpResult(outcome)
  })
  return server
}

/** What makes the whole body invalid: too big a batch (checked first: a NUL search reads it all), or a NUL outside the arguments. */
function invalidWhole(body: unknown): string | undefined {
  if (Array.isArray(body) && body.length > BATCH_MAX) return `a batch may hold at most ${BATCH_MAX} messages (this one holds ${body.length})`
  const nul = nulOutsideArguments(body)
  return nul === undefined ? undefined : `${nul} contains a NUL character (\\u0000)`
}

/**
 * Refuses the whole request before any message runs: a wrong key, too big a batch, a NUL outside
 * the arguments; true once the refusal is sent. A boolean, not the reply: a reply is a thenable,
 * and an async function returning it would resolve to what it resolves to (nothing).
 */
async function refused(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  // A wrong key fails the whole connection; no key at all still reaches the public tools.
  if (request.headers.authorization) {
    try {
      await app.keys.authenticate(request.headers.authorization, request.ip)
    } catch (err) {
      if (!isCodedError(err) || err.statusCode !== 401) throw err
      rpcError(reply.header('www-authenticate', 'Bearer'), 401, -32001, err.message)
      return true
    }
  }
  const invalid = invalidWhole(request.body)
  if (invalid) rpcError(reply, 400, -32600, `Invalid Request: ${invalid}`)
  return Boolean(invalid)
}

export default async function mcpRoutes(app: FastifyInstance) {
  // One validator for every per-request server: the SDK would otherwise build a new Ajv for each.
  const jsonSchemaValidator = new AjvJsonSchemaValidator()
  const tools = exportTools('mcp', app.registry.list()) as never[]

  app.post(
    '/mcp',
    {
      config: { toolArguments: true },
      // The SDK reads the message and answers a bad one in JSON-RPC's own words.
      validatorCompiler: () => () => true,
      schema: MCP_SCHEMA,
    },
    async (request, reply) => {
      if (await refused(app, request, reply)) return reply
      const server = serverFor(app, tools, jsonSchemaValidator, request, reply)
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      reply.hijack()
      reply.raw.on('close', () => {
        void transport.close()
        void server.close()
      })
      await server.connect(transport)
      await transport.handleRequest(request.raw, reply.raw, request.body)
    },
  )

  app.get('/mcp', { schema: { hide: true } }, notAllowed)
  app.delete('/mcp', { schema: { hide: true } }, notAllowed)
}
