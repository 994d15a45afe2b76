/**
 * One REST route per registered tool, `POST /v1/tools/{name}`, each with its own OpenAPI
 * operation, plus the catalog. Bodies are validated by the pipeline (the same code MCP calls go
 * through), so Fastify's own validation and serialization are switched off for these routes.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { providerNameOf } from '../tools/provider-names.js'
import { toPlainSchema } from '../exports/json-schema.js'
import type { AnyTool } from '../tools/define.js'
import { prefersXml } from '../lib/accept.js'
import { TOOLSET_INSTRUCTIONS } from '../exports/toolset-instructions.js'
import { sendXml } from './xml-reply.js'
import type { CallOutcome } from '../pipeline/call.js'
import { ErrorResponse, PendingResponse, contextHeaders, okResponse } from './openapi-schemas.js'

const passThrough = () => () => true
/** The description's first sentence ("e.g." and "i.e." do not end one). */
export const firstSentence = (text: string) => text.split(/(?<!\b(?:e\.g|i\.e)\.)(?<=\.)\s/)[0]
const stringify = () => (data: unknown) => JSON.stringify(data)

export function toolSummary(tool: AnyTool) {
  return {
    name: tool.name,
    toolset: tool.toolset,
    category: tool.category,
    description: tool.description,
    scope: tool.scope,
    requires_approval: tool.approval === 'always',
  }
}

function parameterList(tool: AnyTool) {
  const schema = toPlainSchema(tool.input) as { properties?: Record<string, any>; required?: string[] }
  const keys = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'enum', 'format']
  return Object.entries(schema.properties ?? {}).map(([name, p]) => ({
    name,
    type: p.type ?? (p.enum ? 'string' : 'any'),
    required: (schema.required ?? []).includes(name),
    description: p.description ?? '',
    default: p.default,
    constraints: Object.fromEntries(keys.filter((k) => p[k] !== undefined).map((k) => [k, p[k]])),
  }))
}

export default async function toolRoutes(app: FastifyInstance) {
  app.addSchema(ErrorResponse)
  app.addSchema(PendingResponse)
  const errorRef = { $ref: 'ToolError#' }

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
        schema: {
          operationId: providerNameOf(tool),
          summary: firstSentence(tool.description),
          description:
            `${tool.description}\n\nToolset \`${tool.toolset}\`, category ${tool.category}. ` +
            (tool.scope === 'public' ? 'Public: no key needed.' : `Needs a key with the \`${tool.scope}\` scope.`) +
            (tool.approval === 'always' ? ' Every call is held for approval (202).' : ''),
          tags: [tool.toolset],
          headers: contextHeaders,
          body: toPlainSchema(tool.input),
          security: tool.scope === 'public' ? [] : [{ bearerAuth: [] }],
          response: {
            200: tool.xml
              ? {
                  description: "The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`.",
                  content: { 'application/json': { schema: okResponse(tool) }, 'application/xml': { schema: { type: 'string' } } },
                }
              : okResponse(tool),
            202: { $ref: 'ToolPending#' },
            400: errorRef,
            401: errorRef,
            403: errorRef,
            404: errorRef,
            409: errorRef,
            413: errorRef,
            429: errorRef,
            500: errorRef,
            503: errorRef,
            504: errorRef,
          },
        },
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

  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  typed.get(
    '/v1/tools',
    {
      schema: {
        summary: 'The tool catalog by category (seed 002 §4)',
        tags: ['catalog'],
        querystring: Type.Object({ toolset: Type.Optional(Type.String({ maxLength: 256 })) }),
      },
    },
    async (request) => {
      const { toolset } = request.query
      const categories: Record<string, ReturnType<typeof toolSummary>[]> = {}
      for (const [cat, tools] of Object.entries(app.registry.byCategory())) {
        const picked = tools.filter((t) => !toolset || t.toolset === toolset)
        if (picked.length) categories[cat] = picked.map(toolSummary)
      }
      const total = Object.values(categories).reduce((n, l) => n + l.length, 0)
      // A toolset's own instructions to the model (seed 000 §3 for `alain`) go with it.
      const instructions = toolset ? TOOLSET_INSTRUCTIONS[toolset] : undefined
      return { total, categories, ...(instructions && { instructions }) }
    },
  )

  const ToolName = Type.Object({ name: Type.String({ maxLength: 256 }) })
  typed.get('/v1/tools/:name', { schema: { summary: "One tool's details (seed 002 §4)", tags: ['catalog'], params: ToolName } }, async (request) => {
    const { tool } = app.registry.require(request.params.name)
    return {
      ...toolSummary(tool),
      parameters: parameterList(tool),
      input_schema: toPlainSchema(tool.input),
      output_schema: toPlainSchema(tool.output),
      annotations: tool.annotations ?? {},
      rate_limit: app.rateLimiter.ruleFor(tool),
      timeout: tool.timeout ?? null,
      provider_name: providerNameOf(tool),
      route: `POST /v1/tools/${tool.name}`,
    }
  })
}
