/**
 * Subagents: the definitions read from TOOLGATE_AGENTS_DIR at start (buildApp reads them before
 * anything opens, so that a broken one stops the start, naming the file), and the agent service, offered to tools as `ctx.services.agents` (Task)
 * and to the server as `app.agents` (GET /v1/agents, workflows).
 */
import fp from 'fastify-plugin'
import { createAgentService, type AgentDefinition, type AgentService } from '../agents/index.js'

declare module '../tools/define.js' {
  interface ToolServices {
    agents: AgentService
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    agents: AgentService
  }
}

export default fp<{ definitions: readonly AgentDefinition[] }>(
  async (app, { definitions }) => {
    const log = app.log.child({ component: 'agents' })
    const { dir, maxSteps, maxTokens } = app.config.agents
    const agents = createAgentService({
      definitions,
      registry: app.registry,
      llm: app.toolServices.llm,
      redact: (value) => app.redactor.redact(value),
      maxSteps,
      maxTokens,
    })
    for (const definition of definitions) {
      const missing = agents.missingTools(definition)
      // A server built with fewer tools (tests, a trimmed deployment) still starts; the agent just lacks them.
      if (missing.length > 0)
        log.warn({ agent: definition.name, missing }, `Subagent ${definition.name} lists tools that are not registered: ${missing.join(', ')}`)
    }
    log.info({ dir, agents: definitions.map((d) => d.name) }, `Subagents: ${definitions.map((d) => d.name).join(', ') || 'none'}`)
    app.decorate('agents', agents)
    app.toolServices.agents = agents
  },
  { name: 'agents', dependencies: ['config', 'registry', 'llm', 'redaction'] },
)
