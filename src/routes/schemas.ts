/**
 * `GET /v1/schemas/{format}`: the tools as OpenAI, Anthropic, LangChain or MCP definitions, ready to
 * pass straight to those APIs. The body is the list itself; names that had to change for a
 * provider are mapped in the `X-Tool-Name-Map` header (and in `?include=name_map`).
 * `harmony` is the text of a gpt-oss developer message (`text/plain`), or
 * `{format, developer_message, name_map}` for `Accept: application/json` or `?include=name_map`.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { FORMATS, exportNameMap, exportTools, harmonyDeveloperMessage, isExportFormat } from '../exports/index.js'
import { preferredType } from '../lib/accept.js'
import { validationError } from '../tools/validate.js'
import { workflowJsonSchema } from '../workflows/schema.js'
import { errorResponses } from './openapi-schemas.js'

/** JSON when the client ranks application/json above text/plain (a bare wildcard or no Accept means text). */
export const wantsJson = (accept: string | undefined): boolean => preferredType(accept, ['text/plain', 'application/json']) === 'application/json'

const Definition = Type.Record(Type.String(), Type.Unknown(), { description: 'One tool definition in the format asked for' })
const NameMap = Type.Record(Type.String(), Type.String(), { description: 'Provider name → tool name, for the names that changed' })
const Exported = Type.Union([
  Type.Array(Definition, { description: 'openai, anthropic, langchain: the list of definitions' }),
  Type.Object(
    {
      tools: Type.Optional(Type.Array(Definition)),
      name_map: Type.Optional(NameMap),
      format: Type.Optional(Type.Literal('harmony')),
      developer_message: Type.Optional(Type.String()),
    },
    { description: 'mcp: {tools}; with ?include=name_map: {tools, name_map}; harmony as JSON: {format, developer_message, name_map}' },
  ),
])

const description =
  `Formats: ${FORMATS.join(', ')}. The body is the array of tool definitions. Names that the provider would reject (dots) are mapped reversibly (\`.\` → \`__\`); the map is in the X-Tool-Name-Map header, and calls may use either name. ` +
  '`?strict=true` (openai only) gives each function `strict: true` and parameters in OpenAI\'s strict form: every property required, optional ones nullable (null means "not given"), `additionalProperties: false`, no unsupported keywords; a tool whose schema has no strict form (free-form maps) comes with `strict: false`. ' +
  "`harmony` answers the `# Tools` section (with the toolset's `# Instructions` when it has some) of a gpt-oss developer message as text/plain; " +
  'with `Accept: application/json` or `?include=name_map`, `{format, developer_message, name_map}`, name_map mapping each recipient (`functions.Read`, `notebook.add_dependency`) to its tool.'

const EXPORT_SCHEMA = {
  operationId: 'exportToolSchemas',
  summary: 'Tool definitions for an LLM API',
  description,
  tags: ['catalog'],
  params: Type.Object({ format: Type.String({ enum: [...FORMATS], description: 'The provider format' }) }),
  querystring: Type.Object({
    toolset: Type.Optional(Type.String({ maxLength: 256, description: 'Only the tools of this toolset' })),
    include: Type.Optional(Type.Literal('name_map', { description: 'Wrap the list as {tools, name_map}' })),
    strict: Type.Optional(Type.Boolean({ description: "openai only: OpenAI's strict function calling" })),
  }),
  response: {
    200: {
      description: 'The definitions; X-Tool-Name-Map maps changed names back',
      headers: { 'X-Tool-Name-Map': { type: 'string', description: 'JSON object: provider name → tool name' } },
      content: { 'application/json': { schema: Exported }, 'text/plain': { schema: { type: 'string', description: 'harmony: the developer message' } } },
    },
    ...errorResponses(400, 500),
  },
}

export default async function schemaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // A static route: it wins over /v1/schemas/:format below.
  app.get(
    '/v1/schemas/workflow',
    {
      schema: {
        operationId: 'getWorkflowSchema',
        summary: 'Workflow schema v1, as JSON Schema (2020-12)',
        description: 'The format workflow_validate checks and workflow_run runs: docs/workflows.md explains it with an example.',
        tags: ['workflows'],
        response: { 200: Type.Record(Type.String(), Type.Unknown(), { description: 'The JSON Schema of a workflow file' }), ...errorResponses(400, 500) },
      },
    },
    async () => workflowJsonSchema(),
  )

  app.get(
    '/v1/schemas/:format',
    {
      schema: EXPORT_SCHEMA,
      // An unknown format is answered in the handler, in the words of seed 002 §5 (valid options listed).
      attachValidation: true,
    },
    async (request, reply) => {
      const { format } = request.params
      const { toolset, include, strict } = request.query
      if (!isExportFormat(format)) {
        throw validationError({ name: 'SchemaGenerator' }, `Invalid value for format: must be one of [${FORMATS.map((f) => `'${f}'`).join(', ')}]`, {
          parameter: 'format',
          received: JSON.stringify(format),
          valid_options: [...FORMATS],
        })
      }
      if (request.validationError) throw request.validationError
      if (strict && format !== 'openai') {
        throw validationError({ name: 'SchemaGenerator' }, 'strict applies to the openai format only', { parameter: 'strict', received: 'true' })
      }
      const tools = app.registry.list(toolset)
      if (toolset && tools.length === 0) {
        const toolsets = [...new Set(app.registry.list().map((t) => t.toolset))]
        throw validationError({ name: 'SchemaGenerator' }, `Invalid value for toolset: must be one of [${toolsets.map((t) => `'${t}'`).join(', ')}]`, {
          parameter: 'toolset',
          received: JSON.stringify(toolset),
          valid_options: toolsets,
        })
      }
      const names = exportNameMap(format, tools)
      reply.header('x-tool-name-map', JSON.stringify(names))
      if (format === 'harmony') {
        const message = harmonyDeveloperMessage(tools)
        if (include === 'name_map' || wantsJson(request.headers.accept)) return { format: 'harmony' as const, developer_message: message, name_map: names }
        return reply.type('text/plain; charset=utf-8').send(message)
      }
      const list = exportTools(format, tools, { strict }) as Record<string, unknown>[]
      if (include === 'name_map') return { tools: list, name_map: names }
      return format === 'mcp' ? { tools: list } : list
    },
  )
}
