/**
 * LangChain tool as `{name, description, schema}`: LangChain.js's StructuredToolParams, which
 * `bindTools`, `convertToOpenAITool` and `tool()` take as they are (the schema is plain JSON Schema).
 */
import type { AnyTool } from '../tools/define.js'
import { toParameters, type JsonSchema } from './json-schema.js'
import { providerNameOf } from '../tools/provider-names.js'

export interface LangChainTool {
  name: string
  description: string
  schema: JsonSchema
}

export function toLangChain(tool: AnyTool): LangChainTool {
  return { name: providerNameOf(tool), description: tool.description, schema: toParameters(tool.input) }
}
