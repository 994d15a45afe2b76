/**
 * One REST route per registered tool, `POST /v1/tools/{name}`, each with its own OpenAPI
 * operation. Bodies are validated by the pipeline (the same code MCP calls go through), so
 * Fastify's own validation and serialization are switched off for these routes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { providerNameOf } from '../tools/provider-names.js'
import { toPlainSchema, type JsonSchema } from '../exports/json-schema.js'
import type { AnyTool } from '../tools/define.js'
import { prefersXml } from '../lib/accept.js'
import { sendXml } from './xml-reply.js'
import type { CallOutcome } from '../pipeline/call.js'
import { TOOL_ERRORS, contextHeadersOf, errorResponses, okResponse, pendingResponse } from './openapi-schemas.js'

const passThrough = () => () => true
/** The description's first sentence ("e.g." and "i.e." do not end one). */
export const firstSentence = (text: string) => text.split(/(?<!\b(?:e\.g|i\.e)\.)(?<=\.)\s/)[0]
const stringify = () => (data: unknown) => JSON.stringify(data)

/** The request body: the tool's input schema, with its examples (shown by Swagger UI). */
function bodyOf(tool: AnyTool): JsonSchema {
  const examples = Object.fromEntries((tool.examples ?? []).map((e, i) => [`example${i + 1}`, { summary: e.summary, value: e.value }]))
  return { ...toPlainSchema(tool.input), ...(Object.keys(examples).length && { 'x-examples': examples }) }
}

const rateLimitHeaders = {
  'X-RateLimit-Limit': { type: 'integer', description: 'Calls allowed per window' },
  'X-RateLimit-Remaining': { type: 'integer', description: 'Calls left in this window' },
  'X-RateLimit-Reset': { type: 'integer', description: 'Seconds until the window resets' },
}

/** The operation of one tool: its words, headers, body, who may call it and every answer it gives. */
export function operationOf(tool: AnyTool, mayHold: boolean) {
  const ok = okResponse(tool)
  return {
    operationId: providerNameOf(tool),
    summary: firstSentence(tool.description),
    description:
      `${tool.description}\n\nToolset \`${tool.toolset}\`, category ${tool.category}. ` +
      (tool.scope === 'public' ? 'Public: no key needed.' : `Needs a key with the \`${tool.scope}\` scope.`) +
      (tool.approval === 'always' ? ' Every call is held for approval (202).' : mayHold ? ' Some calls are held for approval (202).' : ''),
    tags: [tool.toolset],
    headers: contextHeadersOf(tool),
    body: bodyOf(tool),
    security: tool.scope === 'public' ? [] : [{ bearerAuth: [] }],
    response: {
      200: {
        description: tool.xml ? "The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`." : `${tool.name} ran`,
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: ok }, ...(tool.xml && { 'application/xml': { schema: { type: 'string' } } }) },
      },
      ...(mayHold && { 202: pendingResponse }),
      ...errorResponses(...TOOL_ERRORS),
    },
  }
}

export default async function toolRoutes(app: FastifyInstance) {
  /** Sends a call's answer: XML when the caller prefers it and the tool speaks it, else JSON. */
  const answer = (request: FastifyRequest, reply: FastifyReply, toolName: string, outcome: CallOutcome): void => {
    if (prefersXml(request.headers.accept)) {
      const tool = app.registry.get(toolName)?.tool
      if (tool?.xml) {
        sendXml(reply, tool, outcome)
        return
      }
    }
    reply.code(outcome.statusCode).headers(outcome.headers).send(outcome.body)
  }

  const handle = (name?: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const toolName = name ?? (request.params as { name: string }).name
    const outcome = await app.pipeline.invoke({
      tool: toolName,
      args: request.body,
      authorization: request.headers.authorization,
      clientIp: request.ip,
      transport: 'rest',
      headers: request.headers,
      requestId: request.id,
      response: reply.raw,
    })
    answer(request, reply, toolName, outcome)
    // The reply itself: Fastify then waits for the response to end, and never sends again.
    return reply
  }

  for (const tool of app.registry.list()) {
    app.post(
      `/v1/tools/${tool.name}`,
      {
        config: { toolArguments: true },
        validatorCompiler: passThrough,
        serializerCompiler: stringify,
        schema: operationOf(tool, app.approvals.mayHold(tool)),
      },
      handle(tool.name),
    )
  }

  // Names given to LLM providers (notebook__add_dependency) and unknown names land here.
  app.post(
    '/v1/tools/:name',
    { config: { toolArguments: true }, validatorCompiler: passThrough, serializerCompiler: stringify, schema: { hide: true } },
    handle(),
  )
}
