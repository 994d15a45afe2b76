/** The subagent definitions (`GET /v1/agents`): what Task's `subagent_type` may name, with their tools. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { fail } from '../errors.js'
import { errorResponses } from './openapi-schemas.js'

const AgentSummary = Type.Object({
  name: Type.String({ description: "The agent's name: Task's subagent_type" }),
  description: Type.String({ description: 'When to use it' }),
  tools: Type.Array(Type.String(), { description: 'The tools its definition lets it call (registered on this server)' }),
  offered_tools: Type.Array(Type.String(), { description: "Of those, the ones this key's scopes allow: what the model is offered when this key calls Task" }),
  missing_tools: Type.Array(Type.String(), { description: 'Tools its file lists that this server does not have' }),
  model: Type.Union([Type.String(), Type.Null()], { description: 'The model it asks LLM_BASE_URL for; null means LLM_MODEL' }),
})

const AgentList = Type.Object(
  {
    agents: Type.Array(AgentSummary),
    llm_configured: Type.Boolean({ description: 'Whether an LLM is configured; without one, Task answers 503 LLM_NOT_CONFIGURED' }),
  },
  { description: 'The subagent definitions' },
)

export default async function agentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/agents',
    {
      schema: {
        operationId: 'listAgents',
        summary: 'Subagent definitions, with their tools',
        description: 'The agents `Task` can start (files in TOOLGATE_AGENTS_DIR), by name. Any valid key may list them.',
        tags: ['agents'],
        security: [{ bearerAuth: [] }],
        response: { 200: AgentList, ...errorResponses(400, 401, 500, 503) },
      },
    },
    async (request) => {
      const caller = await app.keys.authenticate(request.headers.authorization, request.ip)
      if (caller.id === 'anonymous') fail('UNAUTHORIZED', 'Listing subagents needs an API key: send "Authorization: Bearer <api key>"')
      const agents = app.agents.list().map((d) => ({
        name: d.name,
        description: d.description,
        tools: app.agents.toolsOf(d).map((t) => t.name),
        offered_tools: app.agents.offeredTo(d, caller.scopes).map((t) => t.name),
        missing_tools: app.agents.missingTools(d),
        model: d.model ?? null,
      }))
      return { agents, llm_configured: app.toolServices.llm.configured }
    },
  )
}
