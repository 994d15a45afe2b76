/**
 * The registry: the set of tools this server serves, keyed by their global name. Everything else
 * (routes, OpenAPI, MCP, exported schemas) is built from what is registered here. A registered
 * tool's input schema carries its limits (limits.ts): the one schema the validator enforces and
 * every surface shows.
 */
import { codedError } from '../errors.js'
import { assertMappable, fromProviderName } from './provider-names.js'
import type { AnyTool, Category } from './define.js'
import { limitedInput } from './limits.js'
import { compileInputValidator, distance, type Validation } from './validate.js'

export interface RegisteredTool {
  tool: AnyTool
  validate(args: unknown): Validation
}

export interface Registry {
  readonly instanceId: string
  register(tool: AnyTool): void
  deregister(name: string): boolean
  /** Finds a tool by its name, or by the name an LLM provider was given for it. */
  get(name: string): RegisteredTool | undefined
  /** The tool, or a TOOL_NOT_FOUND error that suggests the nearest names. */
  require(name: string): RegisteredTool
  list(toolset?: string): AnyTool[]
  byCategory(): Record<string, AnyTool[]>
  suggest(name: string): string[]
}

export const CATEGORY_ORDER: Category[] = [
  'FILE',
  'EXECUTION',
  'WEB',
  'TASK',
  'NOTEBOOK',
  'GIT',
  'TEXT',
  'GLOSSARY',
  'CORPUS',
  'CONTEXT',
  'WORKFLOW',
  'VALIDATION',
  'MCP',
  'OTHER',
]

const RESERVED_OUTPUT_FIELDS = ['status', 'execution_id', 'duration_ms', 'messages', 'error_code', 'error_message', 'approval_id', 'dry_run']

export function createRegistry(tools: AnyTool[] = []): Registry {
  const registry = new ToolRegistry()
  for (const t of tools) registry.register(t)
  return registry
}

/** Refuses a tool that cannot be served as it is: its name taken or unmappable, its toolset or output fields unusable. */
function assertRegistrable(tool: AnyTool, taken: boolean): void {
  if (taken) {
    throw codedError(
      'TOOL_ALREADY_REGISTERED',
      `Cannot register tool "${tool.name}": a tool with this name already exists. To replace an existing tool: ` +
        '1. Deregister the existing tool first 2. Register the new tool. Or use a different tool name.',
      { details: { tool: tool.name } },
    )
  }
  assertMappable(tool.name)
  // Toolsets travel as plain words (query strings, history rows written without escaping).
  if (!/^[A-Za-z0-9_.-]+$/.test(tool.toolset)) throw new Error(`Tool "${tool.name}" has toolset "${tool.toolset}": use only letters, digits, "_", "-" and "."`)
  // The gateway owns these response fields; a tool returning one would be overwritten silently.
  const clash = Object.keys((tool.output as { properties?: object }).properties ?? {}).filter((k) => RESERVED_OUTPUT_FIELDS.includes(k))
  if (clash.length) {
    throw new Error(`Tool "${tool.name}" output uses reserved field(s) ${clash.join(', ')}; nest them under a named field`)
  }
}

function notFound(name: string, suggestions: string[]): Error {
  return codedError(
    'TOOL_NOT_FOUND',
    `The tool "${name}" is not registered.` +
      (suggestions.length ? ` Did you mean one of these? ${suggestions.join(', ')}.` : '') +
      ' Use GET /v1/tools to see all available tools.',
    { details: { tool: name, suggestions } },
  )
}

class ToolRegistry implements Registry {
  readonly instanceId = `0x${process.pid.toString(16)}${Date.now().toString(16).slice(-8)}`
  private readonly byName = new Map<string, RegisteredTool>()

  register(tool: AnyTool): void {
    assertRegistrable(tool, this.byName.has(tool.name))
    // One effective schema per tool: its own, with the default limits filled in. The validator,
    // the exports, MCP's tools/list, the catalog and OpenAPI all read this one, so none can drift.
    const effective: AnyTool = { ...tool, input: limitedInput(tool.input) as AnyTool['input'] }
    this.byName.set(tool.name, { tool: effective, validate: compileInputValidator(effective) })
  }

  deregister(name: string): boolean {
    return this.byName.delete(name)
  }

  get(name: string): RegisteredTool | undefined {
    return this.byName.get(name) ?? this.byName.get(fromProviderName(name))
  }

  require(name: string): RegisteredTool {
    const found = this.get(name)
    if (found) return found
    // No tool name is this long; comparing one against every name would only burn CPU.
    if (name.length > 128) throw notFound(`${name.slice(0, 64)}…`, [])
    throw notFound(name, this.suggest(name))
  }

  list(toolset?: string): AnyTool[] {
    return [...this.byName.values()].map((r) => r.tool).filter((t) => !toolset || t.toolset === toolset)
  }

  byCategory(): Record<string, AnyTool[]> {
    const out: Record<string, AnyTool[]> = {}
    for (const c of CATEGORY_ORDER) out[c] = []
    for (const { tool } of this.byName.values()) (out[tool.category] ??= []).push(tool)
    for (const list of Object.values(out)) list.sort((a, b) => a.name.localeCompare(b.name))
    return out
  }

  suggest(name: string): string[] {
    const q = name.toLowerCase()
    return [...this.byName.keys()]
      .map((n) => {
        const l = n.toLowerCase()
        const d = distance(q, l)
        // Substring hits ("read" → read_repo_file) count as close whatever their length.
        const ratio = d / Math.max(q.length, l.length)
        const score = l.includes(q) || q.includes(l) ? Math.min(ratio, 0.5) : ratio
        return { n, score, d }
      })
      .filter((s) => s.score <= 0.5 || s.d <= 2)
      .sort((a, b) => a.score - b.score || a.n.localeCompare(b.n))
      .slice(0, 3)
      .map((s) => s.n)
  }
}
