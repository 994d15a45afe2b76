/** The tool catalog by category and one tool's details (seed 002 §4). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { providerNameOf } from '../tools/provider-names.js'
import { toPlainSchema } from '../exports/json-schema.js'
import type { AnyTool } from '../tools/define.js'
import { TOOLSET_INSTRUCTIONS } from '../exports/toolset-instructions.js'
import { errorResponses } from './openapi-schemas.js'

const ToolSummary = Type.Object(
  {
    name: Type.String(),
    toolset: Type.String(),
    category: Type.String(),
    description: Type.String(),
    scope: Type.String({ description: 'What a key needs: public, read, write, exec or network' }),
    requires_approval: Type.Boolean({ description: 'Every call is held for approval' }),
  },
  { description: 'A tool in the catalog' },
)
const Catalog = Type.Object(
  {
    total: Type.Integer(),
    categories: Type.Record(Type.String(), Type.Array(ToolSummary), { description: 'Category → its tools, by name' }),
    instructions: Type.Optional(Type.String({ description: "The toolset's instructions to the model (with ?toolset=)" })),
  },
  { description: 'The tools by category' },
)
const Parameter = Type.Object({
  name: Type.String(),
  type: Type.String(),
  required: Type.Boolean(),
  description: Type.String(),
  default: Type.Optional(Type.Unknown()),
  constraints: Type.Record(Type.String(), Type.Unknown()),
})
const JsonSchemaObject = Type.Record(Type.String(), Type.Unknown())
const ToolDetails = Type.Object(
  {
    ...ToolSummary.properties,
    parameters: Type.Array(Parameter),
    input_schema: JsonSchemaObject,
    output_schema: JsonSchemaObject,
    annotations: JsonSchemaObject,
    rate_limit: Type.Object({ limit: Type.Integer(), windowMs: Type.Integer() }),
    timeout: Type.Union([Type.Object({ defaultMs: Type.Integer(), minMs: Type.Optional(Type.Integer()), maxMs: Type.Integer() }), Type.Null()]),
    provider_name: Type.String({ description: 'The name LLM providers get (dots become __)' }),
    route: Type.String(),
  },
  { description: "One tool's details" },
)

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

export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/tools',
    {
      schema: {
        operationId: 'listTools',
        summary: 'The tool catalog by category (seed 002 §4)',
        description: 'Every tool by category; `?toolset=` keeps one toolset and adds its instructions to the model.',
        tags: ['catalog'],
        querystring: Type.Object({ toolset: Type.Optional(Type.String({ maxLength: 256 })) }),
        response: { 200: Catalog, ...errorResponses(400, 500) },
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

  const ToolName = Type.Object({ name: Type.String({ maxLength: 256, description: 'A tool name, or its provider name' }) })
  app.get(
    '/v1/tools/:name',
    {
      schema: {
        operationId: 'getTool',
        summary: "One tool's details (seed 002 §4)",
        description: 'Parameters with their constraints, input and output schemas, annotations, rate limit, timeout and route.',
        tags: ['catalog'],
        params: ToolName,
        response: { 200: ToolDetails, ...errorResponses(400, 404, 500) },
      },
    },
    async (request) => {
      const { tool } = app.registry.require(request.params.name)
      return {
        ...toolSummary(tool),
        parameters: parameterList(tool),
        input_schema: toPlainSchema(tool.input),
        output_schema: toPlainSchema(tool.output),
        annotations: { ...tool.annotations },
        rate_limit: app.rateLimiter.ruleFor(tool),
        timeout: tool.timeout ?? null,
        provider_name: providerNameOf(tool),
        route: `POST /v1/tools/${tool.name}`,
      }
    },
  )
}
