/** OpenAPI pieces shared by the tool routes: the error and pending shapes, and context headers. */
import { envelopePropertiesCopy } from '../exports/envelope.js'
import { toPlainSchema, type JsonSchema } from '../exports/json-schema.js'
import type { AnyTool } from '../tools/define.js'

export const ErrorResponse = {
  $id: 'ToolError',
  type: 'object',
  description: 'A refused or failed call',
  required: ['status', 'error_code', 'error_message'],
  properties: {
    status: { type: 'string', enum: ['error'] },
    error_code: { type: 'string', description: 'Stable upper-snake code, e.g. VALIDATION_ERROR, PATH_BLOCKED' },
    error_message: { type: 'string' },
    details: { type: 'object', additionalProperties: true },
    execution_id: { type: 'string' },
    duration_ms: { type: 'number' },
    messages: { type: 'array', items: { type: 'string' } },
  },
} as const

export const PendingResponse = {
  $id: 'ToolPending',
  type: 'object',
  description: 'The call is held until someone with the approve scope approves it',
  required: ['status', 'approval_id', 'execution_id'],
  properties: {
    status: { type: 'string', enum: ['pending'] },
    approval_id: { type: 'string', format: 'uuid' },
    execution_id: { type: 'string', format: 'uuid' },
    expires_at: { type: 'string', format: 'date-time' },
    duration_ms: { type: 'number' },
    messages: { type: 'array', items: { type: 'string' } },
  },
} as const

export const contextHeaders = {
  type: 'object',
  properties: {
    'x-session-id': { type: 'string', description: 'Session the call belongs to' },
    'x-agent-id': { type: 'string', description: 'Agent making the call' },
    'x-request-id': { type: 'string', description: 'Caller-chosen id, echoed in history' },
    'x-dry-run': { type: 'string', enum: ['true', 'false'], description: 'Report what a mutating tool would do; change nothing' },
    'x-timeout-ms': { type: 'integer', description: "Timeout, fitted into the tool's bounds" },
    'x-max-output-size': { type: 'integer', description: 'Output cap in bytes; longer output is truncated with a marker' },
    'x-post-id': { type: 'integer', description: 'Forum post the glossary agent is reading' },
    'x-thread-id': { type: 'integer', description: 'Forum thread the glossary agent is reading' },
  },
}

/** The 200 answer: the tool's output fields beside the gateway's envelope. */
export function okResponse(tool: AnyTool): JsonSchema {
  const out = toPlainSchema(tool.output)
  const env = envelopePropertiesCopy()
  for (const k of ['approval_id', 'error_code', 'error_message', 'details']) delete env[k]
  return {
    type: 'object',
    description: `${tool.name} ran`,
    properties: { ...(out.properties as object), ...env },
    required: [...((out.required as string[]) ?? []), 'status', 'execution_id', 'duration_ms', 'messages'],
  }
}
