/**
 * OpenAI function-calling tool (seed 002 §1): `{type: "function", function: {name, description, parameters}}`.
 * With `strict`, each function carries `strict: true` and parameters in OpenAI's strict form
 * (openai-strict.ts), or `strict: false` and its ordinary parameters when it has no strict form.
 */
import type { AnyTool } from '../tools/define.js'
import { toParameters, type JsonSchema } from './json-schema.js'
import { toStrictParameters } from './openai-strict.js'
import { providerNameOf } from '../tools/provider-names.js'

export interface OpenAITool {
  type: 'function'
  function: { name: string; description: string; parameters: JsonSchema; strict?: boolean }
}

export interface OpenAIOptions {
  strict?: boolean
}

export function toOpenAI(tool: AnyTool, options: OpenAIOptions = {}): OpenAITool {
  const parameters = toParameters(tool.input)
  const fn = { name: providerNameOf(tool), description: tool.description, parameters }
  if (!options.strict) return { type: 'function', function: fn }
  const strict = toStrictParameters(parameters)
  return { type: 'function', function: strict.ok ? { ...fn, parameters: strict.schema, strict: true } : { ...fn, strict: false } }
}
