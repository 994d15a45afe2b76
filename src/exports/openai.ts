/** OpenAI function-calling tool (seed 002 §1): `{type: "function", function: {name, description, parameters}}`. */
import type { AnyTool } from '../tools/define.js'
import { toParameters, type JsonSchema } from './json-schema.js'
import { providerNameOf } from '../tools/provider-names.js'

export interface OpenAITool {
  type: 'function'
  function: { name: string; description: string; parameters: JsonSchema }
}

export function toOpenAI(tool: AnyTool): OpenAITool {
  return {
    type: 'function',
    function: { name: providerNameOf(tool), description: tool.description, parameters: toParameters(tool.input) },
  }
}
