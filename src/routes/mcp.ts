/**
 * `/mcp`: the same tools over MCP's Streamable HTTP transport, stateless, one server per request.
 * Tool calls go through the same pipeline as REST calls; the context comes from `_meta` and the
 * key from the Authorization header. Results and errors come back as MCP tool results.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { exportTools } from '../exports/index.js'
import { isCodedError } from '../errors.js'
import { metaToHeaders } from '../pipeline/context.js'
import type { CallOutcome } from '../plugins/pipeline.js'
import { findNul } from '../plugins/input-guard.js'

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

export default async function mcpRoutes(app: FastifyInstance) {
  const version = '0.1.0'
  // One validator for every per-request server: the SDK would otherwise build a new Ajv for each.
  const jsonSchemaValidator = new AjvJsonSchemaValidator()
  const tools = exportTools('mcp', app.registry.list()) as never[]

  function serverFor(request: FastifyRequest): Server {
    const server = new Server({ name: 'toolgate', version }, { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator })
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
      })
      return toMcpResult(outcome)
    })
    return server
  }

  const rpcError = (reply: FastifyReply, status: number, code: number, message: string) =>
    reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id: null })

  app.post(
    '/mcp',
    {
      config: { toolArguments: true },
      schema: { summary: 'MCP over Streamable HTTP (JSON-RPC); send Accept: application/json, text/event-stream', tags: ['mcp'] },
    },
    async (request, reply) => {
      // A wrong key fails the whole connection; no key at all still reaches the public tools.
      if (request.headers.authorization) {
        try {
          await app.keys.authenticate(request.headers.authorization, request.ip)
        } catch (err) {
          if (isCodedError(err) && err.statusCode === 401) {
            reply.header('www-authenticate', 'Bearer')
            return rpcError(reply, 401, -32001, err.message)
          }
          throw err
        }
      }
      const nul = nulOutsideArguments(request.body)
      if (nul !== undefined) return rpcError(reply, 400, -32600, `Invalid Request: ${nul} contains a NUL character (\\u0000)`)
      const server = serverFor(request)
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

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    rpcError(
      reply.header('allow', 'POST'),
      405,
      -32000,
      'This MCP endpoint is stateless: POST JSON-RPC requests; there is no event stream to GET or session to DELETE',
    )
  app.get('/mcp', { schema: { hide: true } }, notAllowed)
  app.delete('/mcp', { schema: { hide: true } }, notAllowed)
}
