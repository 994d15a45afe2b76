/**
 * LangChain tool as a JSON-schema dict, the form `convert_to_openai_tool` and `bind_tools` accept:
 * `title` becomes the function name, the rest is the parameters schema.
 */
import type { AnyTool } from '../tools/define.js'
import { toParameters, type JsonSchema } from './json-schema.js'
import { providerNameOf } from '../tools/provider-names.js'

export interface LangChainTool {
  title: string
  description: string
  type: 'object'
  properties: JsonSchema
  required?: string[]
  additionalProperties?: false
}

export function toLangChain(tool: AnyTool): LangChainTool {
  const params = toParameters(tool.input)
  const out: LangChainTool = {
    title: providerNameOf(tool),
    description: tool.description,
    type: 'object',
    properties: params.properties as JsonSchema,
  }
  if (Array.isArray(params.required)) out.required = params.required as string[]
  if (params.additionalProperties === false) out.additionalProperties = false
  return out
}
