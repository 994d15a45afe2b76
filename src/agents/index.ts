/** Subagents: definitions as files, the agent loop, and the service Task and workflows run them through. */
export { AgentDefinitionError, loadDefinitions, parseDefinition, type AgentDefinition } from './definitions.js'
export { createAgentService, hostOf, TASK_TOOL, type AgentService, type AgentServiceOptions } from './service.js'
export type { AgentHost, AgentRunRequest, AgentRunResult, AgentToolCall, AgentUsage, BudgetName, CallTool } from './types.js'
