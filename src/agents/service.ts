/**
 * The agent service: the definitions, which tools each may use and is offered, and `run`, which
 * starts a subagent for a caller: from inside a tool call (Task passes its ctx) or from anywhere
 * else with an explicit host (a workflow step). A run never has more rights than its caller: the
 * model is offered only the definition's tools the caller's scopes allow, and every call it makes
 * goes through the pipeline as that caller.
 */
import { codedError } from '../errors.js'
import { toOpenAI } from '../exports/openai.js'
import type { LlmProvider, LlmToolSpec } from '../llm/types.js'
import type { AnyTool, Scope, ToolContext } from '../tools/define.js'
import type { Registry } from '../tools/registry.js'
import { validationError } from '../tools/validate.js'
import type { AgentDefinition } from './definitions.js'
import { runAgentLoop } from './runtime.js'
import type { AgentHost, AgentRunRequest, AgentRunResult } from './types.js'

/** The tool that starts subagents: a definition that lists no tools gets every tool but this one. */
export const TASK_TOOL = 'Task'

export interface AgentService {
  list(): readonly AgentDefinition[]
  get(name: string): AgentDefinition | undefined
  /** The definition, or 400 VALIDATION_ERROR naming the valid options (seed 002 §5's enum message). */
  require(name: string, tool?: string, parameter?: string): AgentDefinition
  /** The registered tools the definition lets its agent call. */
  toolsOf(definition: AgentDefinition): AnyTool[]
  /** Names the definition lists that no registered tool has (reported at start and by GET /v1/agents). */
  missingTools(definition: AgentDefinition): string[]
  /** Of its tools, those these scopes allow: what the model is offered. */
  offeredTo(definition: AgentDefinition, scopes: readonly Scope[]): AnyTool[]
  run(request: AgentRunRequest): Promise<AgentRunResult>
}

export interface AgentServiceOptions {
  definitions: readonly AgentDefinition[]
  registry: Registry
  llm: LlmProvider
  redact<T>(value: T): T
  /** Default budgets of a run (TOOLGATE_AGENT_MAX_STEPS, TOOLGATE_AGENT_MAX_TOKENS). */
  maxSteps: number
  maxTokens: number
}

const allows = (scopes: readonly Scope[], tool: AnyTool) => tool.scope === 'public' || (scopes as readonly string[]).includes(tool.scope)

/** A tool's caller, time, cancellation and usage report, as a run's host. */
export function hostOf(ctx: ToolContext): AgentHost {
  return { caller: ctx.caller, callTool: ctx.callTool, timeoutMs: ctx.timeoutMs, signal: ctx.signal, onUsage: ctx.reportUsage, log: ctx.log }
}

export function createAgentService(opts: AgentServiceOptions): AgentService {
  const byName = new Map(opts.definitions.map((d) => [d.name, d]))
  const { registry } = opts

  const service: AgentService = {
    list: () => [...byName.values()],
    get: (name) => byName.get(name),
    require(name, tool = TASK_TOOL, parameter = 'subagent_type') {
      const found = byName.get(name)
      if (found) return found
      const names = [...byName.keys()]
      return unknownType(tool, parameter, name, names)
    },
    toolsOf(definition) {
      if (definition.tools === null) return registry.list().filter((t) => t.name !== TASK_TOOL)
      return definition.tools.map((name) => registry.get(name)?.tool).filter((t): t is AnyTool => t !== undefined)
    },
    missingTools: (definition) => (definition.tools ?? []).filter((name) => !registry.get(name)),
    offeredTo: (definition, scopes) => service.toolsOf(definition).filter((t) => allows(scopes, t)),
    async run(request) {
      const definition = service.require(request.type)
      const host = request.host ?? (request.ctx ? hostOf(request.ctx) : undefined)
      if (!host) throw new Error('AgentService.run needs a ctx (from a tool) or a host (caller and callTool)')
      if (!opts.llm.configured) throw llmNotConfigured()
      const offered: LlmToolSpec[] = service.offeredTo(definition, host.caller.scopes).map((t) => toOpenAI(t))
      host.log?.debug({ agent: definition.name, offered: offered.map((t) => t.function.name) }, `Subagent ${definition.name} starting`)
      return runAgentLoop({
        definition,
        // Redacted as every tool result the model sees: a workflow fills it with earlier steps' outputs.
        prompt: opts.redact(request.prompt),
        offered,
        allowed: new Set(service.toolsOf(definition).map((t) => t.name)),
        host,
        llm: opts.llm,
        redact: opts.redact,
        maxSteps: request.budgets?.maxSteps ?? opts.maxSteps,
        maxTokens: request.budgets?.maxTokens ?? opts.maxTokens,
      })
    },
  }
  return service
}

function unknownType(tool: string, parameter: string, received: string, names: string[]): never {
  const shown = received.length > 64 ? `${received.slice(0, 64)}…` : received
  const options = names.length ? `must be one of [${names.map((n) => `'${n}'`).join(', ')}]` : 'no subagents are defined (see TOOLGATE_AGENTS_DIR)'
  throw validationError({ name: tool }, `Invalid value for ${parameter}: ${options}`, {
    parameter,
    received: JSON.stringify(shown),
    valid_options: names,
  })
}

function llmNotConfigured() {
  return codedError(
    'LLM_NOT_CONFIGURED',
    'Subagents need an LLM: set LLM_BASE_URL (an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1) and LLM_MODEL, and LLM_API_KEY if the endpoint needs one',
  )
}
