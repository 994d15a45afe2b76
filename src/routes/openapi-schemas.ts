/**
 * OpenAPI pieces the routes share: error responses (the one error envelope, per status), the
 * pending answer, context headers, and a tool's 200 answer.
 */
import { envelopePropertiesCopy } from '../exports/envelope.js'
import { toPlainSchema, type JsonSchema } from '../exports/json-schema.js'
import type { AnyTool, ToolContextHeader } from '../tools/define.js'

/** What each error status means, as the responses list them. */
const ERRORS = {
  400: 'Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER…',
  401: 'No key, or an unknown or revoked one (UNAUTHORIZED)',
  403: 'The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused',
  404: 'Not found: the tool (with suggestions), file, entry, execution…',
  405: 'Method not allowed',
  406: 'Not acceptable: the Accept header names no type this route answers',
  409: 'Conflict, e.g. an approval that is no longer pending',
  413: 'Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry',
  415: 'Unsupported content type',
  429: 'Rate limited (RATE_LIMITED); retry after Retry-After seconds',
  500: 'A server fault; the message names the request id, never internals',
  502: 'The upstream server failed (UPSTREAM_ERROR)',
  503: 'Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured',
  504: 'Timed out (TIMEOUT); partial output is kept where the tool has some',
} as const
export type ErrorStatus = keyof typeof ERRORS

const retryAfter = { 'Retry-After': { type: 'integer', description: 'Seconds to wait before retrying' } }

/** One response per status, each the error envelope (`ToolError`). */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, JsonSchema> {
  const out: Record<number, JsonSchema> = {}
  for (const status of statuses) {
    out[status] = {
      description: ERRORS[status],
      ...((status === 429 || status === 503) && { headers: retryAfter }),
      content: { 'application/json': { schema: { $ref: 'ToolError#' } } },
    }
  }
  return out
}

/** Every status a tool call can answer with an error: the pipeline's, whatever the tool. */
export const TOOL_ERRORS: ErrorStatus[] = [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503, 504]

export const pendingResponse = {
  description: 'Held for approval: approve it with POST /v1/approvals/{approval_id}/approve; the result will be at Location',
  headers: { Location: { type: 'string', description: '/v1/executions/{execution_id}' } },
  content: { 'application/json': { schema: { $ref: 'ToolPending#' } } },
}

/** The context headers every tool call reads. */
const COMMON_HEADERS: Record<string, JsonSchema> = {
  'x-session-id': { type: 'string', maxLength: 200, description: 'Session the call belongs to' },
  'x-agent-id': { type: 'string', maxLength: 200, description: 'Agent making the call' },
  'x-request-id': { type: 'string', maxLength: 200, description: 'Caller-chosen id, echoed in history and logs' },
  'x-dry-run': { type: 'string', enum: ['true', 'false'], description: 'Report what a mutating tool would do; change nothing' },
  'x-timeout-ms': { type: 'integer', minimum: 1, description: "Timeout, fitted into the tool's bounds" },
  'x-max-output-size': { type: 'integer', minimum: 1, description: 'Output cap in bytes; longer output is truncated with a marker' },
}
const TOOL_HEADERS: Record<ToolContextHeader, JsonSchema> = {
  'x-post-id': { type: 'integer', minimum: 0, description: 'Forum post the glossary agent is reading (kept in the revision)' },
  'x-thread-id': { type: 'integer', minimum: 0, description: 'Forum thread the glossary agent is reading (kept in the revision; checkpoints)' },
}

/** The headers `tool` reads: the common ones, and those it declares (`contextHeaders`). */
export function contextHeadersOf(tool: AnyTool): JsonSchema {
  const own = Object.fromEntries((tool.contextHeaders ?? []).map((h) => [h, TOOL_HEADERS[h]]))
  return { type: 'object', properties: { ...COMMON_HEADERS, ...own } }
}

/** The 200 answer: the tool's output fields beside the gateway's envelope. */
export function okResponse(tool: AnyTool): JsonSchema {
  const out = toPlainSchema(tool.output)
  const env = envelopePropertiesCopy()
  for (const k of ['approval_id', 'error_code', 'error_message', 'details']) delete env[k]
  env.status = { type: 'string', enum: ['ok'], description: 'The tool ran' }
  return {
    type: 'object',
    description: `${tool.name} ran`,
    properties: { ...(out.properties as object), ...env },
    required: [...((out.required as string[]) ?? []), 'status', 'execution_id', 'duration_ms', 'messages'],
  }
}
