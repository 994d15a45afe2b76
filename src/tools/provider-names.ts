/**
 * Provider tool names. OpenAI and Anthropic accept only `^[a-zA-Z0-9_-]{1,64}$`, while our names
 * may carry a toolset dot (`notebook.add_dependency`). Dots become `__`, reversibly, so a provider's
 * tool call can be routed back to the registered tool.
 */
import type { AnyTool } from './define.js'

export const PROVIDER_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/
const OUR_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/

/** `notebook.add_dependency` → `notebook__add_dependency`. */
export function toProviderName(name: string): string {
  return name.replaceAll('.', '__')
}

/** `notebook__add_dependency` → `notebook.add_dependency`. */
export function fromProviderName(name: string): string {
  return name.replaceAll('__', '.')
}

export function isProviderSafe(name: string): boolean {
  return PROVIDER_NAME_PATTERN.test(name)
}

/** Throws unless `name` maps to a valid provider name and back; the registry calls it at registration. */
export function assertMappable(name: string): void {
  if (!OUR_NAME_PATTERN.test(name)) {
    throw new Error(`tool name "${name}" must be non-empty and use only letters, digits, "_", "-" and "."`)
  }
  if (name.includes('__')) {
    throw new Error(`tool name "${name}" must not contain "__": it is reserved for "." in provider names`)
  }
  const mapped = toProviderName(name)
  if (mapped.length > 64) {
    throw new Error(`tool name "${name}" becomes "${mapped}" (${mapped.length} chars) for OpenAI/Anthropic; the limit is 64`)
  }
  if (fromProviderName(mapped) !== name) {
    // e.g. `a_.b` → `a___b` → `a._b`: an underscore right before a dot cannot be told apart.
    throw new Error(`tool name "${name}" cannot be mapped reversibly (avoid "_" next to ".")`)
  }
}

/** Provider name → original name, for the tools whose name the mapping changes. */
export function nameMap(tools: readonly AnyTool[]): Record<string, string> {
  const map: Record<string, string> = {}
  for (const tool of tools) {
    const mapped = toProviderName(tool.name)
    if (mapped !== tool.name) map[mapped] = tool.name
  }
  return map
}

/** The provider name of a tool, checked: exporters never emit a name a provider would reject. */
export function providerNameOf(tool: AnyTool): string {
  assertMappable(tool.name)
  return toProviderName(tool.name)
}
