/** OpenAPI 3.1 from the routes' own schemas, served at /openapi.json, with Swagger UI at /docs. */
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

export const openapiInfo = {
  title: 'toolgate',
  version: '0.1.0',
  description:
    'Agent tools over REST, MCP and LLM tool schemas, behind auth, rate limits, approval, redaction and history. ' +
    'Authorize with an API key (`Authorization: Bearer tg_…`); `hello`, /healthz, /readyz, /openapi.json and /docs are public.',
}

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: openapiInfo,
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A toolgate API key' } } },
        security: [],
        tags: [
          { name: 'booster', description: 'Seed 001: the learning system tools' },
          { name: 'catalog', description: 'Tools, schemas for LLM APIs, registry and context' },
          { name: 'history', description: 'Execution history' },
          { name: 'approvals', description: 'The approval queue' },
          { name: 'workflows', description: 'Workflow schema v1 and durable workflow runs' },
          { name: 'keys', description: 'API keys (admin)' },
          { name: 'agents', description: 'Subagent definitions (Task)' },
          { name: 'mcp', description: 'Model Context Protocol' },
          { name: 'health', description: 'Liveness, readiness, metrics' },
        ],
      },
    })
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { persistAuthorization: true } })
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'swagger' },
)
