/** Anthropic Messages API tool (seed 002 §2): `{name, description, input_schema}`. */
import type { AnyTool } from '../tools/define.js'
import { toParameters, type JsonSchema } from './json-schema.js'
import { providerNameOf } from '../tools/provider-names.js'

export interface AnthropicTool {
  name: string
  description: string
  input_schema: JsonSchema
}

export function toAnthropic(tool: AnyTool): AnthropicTool {
  return { name: providerNameOf(tool), description: tool.description, input_schema: toParameters(tool.input) }
}
