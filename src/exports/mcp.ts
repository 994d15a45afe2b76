/**
 * MCP `tools/list` entry. MCP allows dotted names, so the original name is kept. The output schema
 * describes the whole gateway answer: the tool's fields plus the envelope, none of them required,
 * since a pending or failed call carries only the envelope.
 */
import type { AnyTool, ToolAnnotations } from '../tools/define.js'
import { envelopePropertiesCopy } from './envelope.js'
import { toObjectSchema, toPlainSchema, type JsonSchema } from './json-schema.js'

export interface McpTool {
  name: string
  title?: string
  description: string
  inputSchema: JsonSchema
  outputSchema: JsonSchema
  annotations?: ToolAnnotations
}

const HINTS = ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const

/** Tool output + envelope, `type: "object"`, no top-level `required`. Envelope fields win on a clash. */
export function mcpOutputSchema(output: unknown): JsonSchema {
  const plain = toPlainSchema(output)
  const isObjectSchema = plain.type === 'object' || (plain.type === undefined && 'properties' in plain)
  const { type: _t, required: _r, properties, ...rest } = isObjectSchema ? plain : {}
  return {
    type: 'object',
    ...rest,
    properties: { ...(properties as JsonSchema | undefined), ...envelopePropertiesCopy() },
  }
}

export function toMcp(tool: AnyTool): McpTool {
  const out: McpTool = {
    name: tool.name,
    description: tool.description,
    inputSchema: toObjectSchema(toPlainSchema(tool.input)),
    outputSchema: mcpOutputSchema(tool.output),
  }
  const title = tool.annotations?.title
  if (title !== undefined) out.title = title
  const annotations: ToolAnnotations = {}
  for (const key of HINTS) {
    const value = tool.annotations?.[key]
    if (value !== undefined) (annotations as Record<string, unknown>)[key] = value
  }
  if (Object.keys(annotations).length > 0) out.annotations = annotations
  return out
}
