/**
 * A step against the tools this server serves: the tool exists (else "did you mean"), its required
 * arguments are given, no argument is unknown to it, and arguments written as plain values (no
 * expression) fit its input schema. Agent steps need the Task tool, and a subagent type it knows.
 */
import { closest } from '../tools/validate.js'
import type { StepInfo } from './check-refs.js'
import type { Path } from './parse.js'
import { hasExpression } from './templates.js'

/** What the checker needs of a tool: its input schema's shape, and a check of one argument. */
export interface ToolInput {
  properties: Record<string, unknown>
  required: string[]
  /** Seed 002 §5's message for `value` as the argument `name`, or undefined when it fits. */
  checkArgument(name: string, value: unknown): string | undefined
}

/** The tools the checker checks against (the registry, as the workflows plugin offers it). */
export interface ToolCatalog {
  input(tool: string): ToolInput | undefined
  /** Served names close to `name`, best first. */
  suggest(name: string): string[]
}

/** The tool agent steps call: `{description, prompt, subagent_type}`. */
export const AGENT_TOOL = 'Task'
/** Tools a step may not call: a run inside a run would pause and resume on its own. */
export const NOT_STEPS = new Set(['workflow_run'])

type Report = (path: Path, message: string, opts?: { key?: boolean }) => void

/** True when `value` holds no `${{ }}` anywhere, so it can be checked before the run. */
function isPlain(value: unknown): boolean {
  if (typeof value === 'string') return !hasExpression(value)
  if (Array.isArray(value)) return value.every(isPlain)
  if (typeof value === 'object' && value !== null) return Object.values(value).every(isPlain)
  return true
}

export function checkToolStep(step: Record<string, any>, info: StepInfo, catalog: ToolCatalog, report: Report): void {
  const name: string = step.tool
  if (NOT_STEPS.has(name)) {
    report([...info.path, 'tool'], `${name} cannot be a step: a workflow cannot start another run (its pauses and resumes would not be this run's)`)
    return
  }
  const input = catalog.input(name)
  if (!input) {
    const hints = catalog.suggest(name)
    report([...info.path, 'tool'], `Unknown tool: ${name.slice(0, 128)}${hints.length ? ` (did you mean ${hints.join(', ')}?)` : ''}; GET /v1/tools lists them`)
    return
  }
  const args: Record<string, unknown> = typeof step.with === 'object' && step.with !== null && !Array.isArray(step.with) ? step.with : {}
  const at: Path = step.with === undefined ? info.path : [...info.path, 'with']
  // A required argument with a default is filled in by the validator (summarize's max_tokens).
  const hasDefault = (name: string) => (input.properties[name] as { default?: unknown } | undefined)?.default !== undefined
  for (const required of input.required) {
    if (!(required in args) && !hasDefault(required))
      report(at, `Missing required parameter: ${required} (step ${info.id}, tool ${name})`, { key: step.with !== undefined })
  }
  const known = Object.keys(input.properties)
  for (const [key, value] of Object.entries(args)) {
    if (!known.includes(key)) {
      const hint = closest(key, known)
      report([...at, key], `Unknown parameter: ${key.slice(0, 64)} for tool ${name}${hint ? ` (did you mean ${hint}?)` : ''}`, { key: true })
    } else if (isPlain(value)) {
      const problem = input.checkArgument(key, value)
      if (problem) report([...at, key], `${problem} (step ${info.id}, tool ${name})`)
    }
  }
}

export function checkAgentStep(step: Record<string, any>, info: StepInfo, catalog: ToolCatalog, report: Report): void {
  const task = catalog.input(AGENT_TOOL)
  if (!task) {
    report([...info.path, 'agent'], `Agent steps run as ${AGENT_TOOL} calls, and this server does not serve the ${AGENT_TOOL} tool`)
    return
  }
  // A subagent type the Task tool does not know fails on its own schema, with its own message.
  const problem = task.checkArgument('subagent_type', step.agent)
  if (problem) report([...info.path, 'agent'], `${problem} (step ${info.id})`)
}
