/**
 * One entry point for every schema export surface (`GET /tools/export/:format` and friends), so
 * routes pick a format by name and never know how each provider spells a tool.
 */
import type { AnyTool } from '../tools/define.js'
import { toAnthropic } from './anthropic.js'
import { harmonyNameMap, toHarmony } from './harmony.js'
import { toLangChain } from './langchain.js'
import { toMcp } from './mcp.js'
import { nameMap } from '../tools/provider-names.js'
import { toOpenAI } from './openai.js'

export const FORMATS = ['openai', 'anthropic', 'langchain', 'mcp', 'harmony'] as const
export type ExportFormat = (typeof FORMATS)[number]

export function isExportFormat(value: string): value is ExportFormat {
  return (FORMATS as readonly string[]).includes(value)
}

export interface ExportOptions {
  /** OpenAI only: strict function calling (openai-strict.ts). */
  strict?: boolean
}

const CONVERTERS: Record<ExportFormat, (tool: AnyTool, options: ExportOptions) => unknown> = {
  openai: toOpenAI,
  anthropic: toAnthropic,
  langchain: toLangChain,
  mcp: toMcp,
  harmony: toHarmony,
}

/** The tools in `format`, in the order given. */
export function exportTools(format: ExportFormat, tools: readonly AnyTool[], options: ExportOptions = {}): unknown[] {
  const convert = CONVERTERS[format]
  if (!convert) throw new Error(`unknown export format "${String(format)}"`)
  return tools.map((tool) => convert(tool, options))
}

/**
 * Provider name → original name for renamed tools; MCP keeps names, so its map is empty. Harmony
 * maps every recipient (`functions.Read`, `notebook.add_dependency`) to its tool.
 */
export function exportNameMap(format: ExportFormat, tools: readonly AnyTool[]): Record<string, string> {
  if (format === 'harmony') return harmonyNameMap(tools)
  return format === 'mcp' ? {} : nameMap(tools)
}

export * from '../tools/provider-names.js'
export * from './json-schema.js'
export * from './envelope.js'
export * from './openai.js'
export * from './openai-strict.js'
export * from './anthropic.js'
export * from './langchain.js'
export * from './mcp.js'
export * from './harmony.js'
export * from './toolset-instructions.js'
