/**
 * OpenAPI 3.1 from the routes' own schemas, served at /openapi.json, with Swagger UI at /docs. The
 * document is built at start from the live registry and configuration: tags name the toolsets
 * served (tool groups first, then the admin ones), components keep their names (`ToolError`…).
 */
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { addComponents } from '../routes/components.js'

export const openapiInfo = {
  title: 'toolgate',
  version: '0.1.0',
  description:
    'Agent tools over REST, MCP and LLM tool schemas, behind auth, rate limits, approval, redaction and history. ' +
    'Authorize with an API key (`Authorization: Bearer tg_…`); `hello`, /healthz, /readyz, /openapi.json and /docs are public. ' +
    'Errors share one envelope (`ToolError`); calls held for approval answer 202 (`ToolPending`).',
}

/** What each seed's toolset is, for its tag; a toolset not listed here gets a plain line. */
const TOOLSETS: Record<string, string> = {
  alain: 'Seed 000: notebook authoring for a course generator',
  booster: 'Seed 001: the learning system tools',
  claude: 'Seed 002: files, search, shell, web, notebooks',
  codex: 'Seed 003: the coding agent tool parity catalog',
  glossary: 'Seed 004: the glossary agent over a forum corpus',
}

/** The tags of the routes that are not tools, in the order people look for them. */
export const ADMIN_TAGS = [
  { name: 'catalog', description: 'The tool catalog, schemas for LLM APIs, registry and context' },
  { name: 'history', description: 'Execution history (seed 002 §7)' },
  { name: 'approvals', description: 'The approval queue' },
  { name: 'workflows', description: 'Workflow schema v1 and durable workflow runs' },
  { name: 'agents', description: 'Subagent definitions (Task)' },
  { name: 'keys', description: 'API keys (admin)' },
  { name: 'glossary-entries', description: 'Glossary entries and their revision history' },
  { name: 'snapshots', description: 'Glossary snapshots (seed 004)' },
  { name: 'corpus', description: 'The forum corpus the glossary tools read' },
  { name: 'mcp', description: 'Model Context Protocol (Streamable HTTP)' },
  { name: 'health', description: 'Liveness, readiness, metrics' },
]

/**
 * A JSON body whose object schema requires nothing may be left out: the server reads an empty body
 * as `{}` (the errors plugin; the approval routes' optional note). @fastify/swagger marks every
 * body required, which would make clients send `{}` to call `hello`.
 */
function optionalBodies<T extends { paths?: object }>(document: T): T {
  type Body = { required?: boolean; content?: Record<string, { schema?: { type?: unknown; required?: unknown[] } }> }
  for (const item of Object.values(document.paths ?? {}) as Record<string, { requestBody?: Body }>[]) {
    for (const op of Object.values(item ?? {})) {
      const schema = op?.requestBody?.content?.['application/json']?.schema
      if (op.requestBody && schema?.type === 'object' && !schema.required?.length) op.requestBody.required = false
    }
  }
  return document
}

export default fp(
  async (app) => {
    const toolsets = [...new Set(app.registry.list().map((t) => t.toolset))]
    const known = Object.keys(TOOLSETS)
    toolsets.sort((a, b) => (known.indexOf(a) + 1 || known.length + 1) - (known.indexOf(b) + 1 || known.length + 1))
    const toolTags = toolsets.map((name) => ({ name, description: TOOLSETS[name] ?? `Tools of the ${name} toolset` }))
    // A toolset named like an admin tag (glossary) keeps one tag: its tools come first either way.
    const adminTags = ADMIN_TAGS.filter((t) => !toolsets.includes(t.name))
    addComponents(app)
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: openapiInfo,
        // Relative to where the document is served: Swagger UI and clients call the server they read it from.
        servers: [{ url: '/', description: 'The server this document is served by' }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A toolgate API key (tg_…)' } } },
        security: [],
        tags: [...toolTags, ...adminTags],
      },
      transformObject: (documents) => ('openapiObject' in documents ? optionalBodies(documents.openapiObject) : documents.swaggerObject),
      // Shared schemas keep their `$id` as their name (`#/components/schemas/ToolError`), not `def-0`.
      refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    })
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: {
        // Tags in the document's order: tool groups first, then the admin ones.
        filter: true,
        deepLinking: true,
        docExpansion: 'none',
        persistAuthorization: true,
        tryItOutEnabled: true,
        displayOperationId: true,
        displayRequestDuration: true,
        defaultModelsExpandDepth: 0,
      },
    })
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'swagger' },
)
