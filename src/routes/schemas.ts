/**
 * `GET /v1/schemas/{format}`: the tools as OpenAI, Anthropic, LangChain or MCP definitions, ready to
 * pass straight to those APIs. The body is the list itself; names that had to change for a
 * provider are mapped in the `X-Tool-Name-Map` header (and in `?include=name_map`).
 * `harmony` is the text of a gpt-oss developer message (`text/plain`), or
 * `{format, developer_message, name_map}` for `Accept: application/json` or `?include=name_map`.
 */
import type { FastifyInstance } from 'fastify'
import { FORMATS, exportNameMap, exportTools, harmonyDeveloperMessage, isExportFormat } from '../exports/index.js'
import { preferredType } from '../lib/accept.js'
import { validationError } from '../tools/validate.js'
import { workflowJsonSchema } from '../workflows/schema.js'

/** JSON when the client ranks application/json above text/plain (a bare wildcard or no Accept means text). */
export const wantsJson = (accept: string | undefined): boolean => preferredType(accept, ['text/plain', 'application/json']) === 'application/json'

export default async function schemaRoutes(app: FastifyInstance) {
  // A static route: it wins over /v1/schemas/:format below.
  app.get(
    '/v1/schemas/workflow',
    {
      schema: {
        summary: 'Workflow schema v1, as JSON Schema (2020-12)',
        description: 'The format workflow_validate checks and workflow_run runs: docs/workflows.md explains it with an example.',
        tags: ['workflows'],
      },
    },
    async () => workflowJsonSchema(),
  )

  app.get(
    '/v1/schemas/:format',
    {
      schema: {
        summary: 'Tool definitions for an LLM API',
        description:
          `Formats: ${FORMATS.join(', ')}. The body is the array of tool definitions. Names that the provider would reject (dots) are mapped reversibly (\`.\` → \`__\`); the map is in the X-Tool-Name-Map header, and calls may use either name. ` +
          "`harmony` answers the `# Tools` section (with the toolset's `# Instructions` when it has some) of a gpt-oss developer message as text/plain; " +
          'with `Accept: application/json` or `?include=name_map`, `{format, developer_message, name_map}`, name_map mapping each recipient (`functions.Read`, `notebook.add_dependency`) to its tool.',
        tags: ['catalog'],
        params: { type: 'object', properties: { format: { type: 'string' } } },
        querystring: { type: 'object', properties: { toolset: { type: 'string' }, include: { type: 'string', enum: ['name_map'] } } },
      },
    },
    async (request, reply) => {
      const { format } = request.params as { format: string }
      const { toolset, include } = request.query as { toolset?: string; include?: string }
      if (!isExportFormat(format)) {
        throw validationError({ name: 'SchemaGenerator' }, `Invalid value for format: must be one of [${FORMATS.map((f) => `'${f}'`).join(', ')}]`, {
          parameter: 'format',
          received: JSON.stringify(format),
          valid_options: [...FORMATS],
        })
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
        if (include === 'name_map' || wantsJson(request.headers.accept)) return { format: 'harmony', developer_message: message, name_map: names }
        return reply.type('text/plain; charset=utf-8').send(message)
      }
      const list = exportTools(format, tools)
      if (include === 'name_map') return { tools: list, name_map: names }
      return format === 'mcp' ? { tools: list } : list
    },
  )
}
