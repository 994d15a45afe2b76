/**
 * The gateway's response envelope fields, which sit beside a tool's own output fields. Shared by
 * the MCP `outputSchema` and the OpenAPI builder so both describe the same answer.
 */
import type { JsonSchema } from './json-schema.js'

export const envelopeProperties: Record<string, JsonSchema> = {
  status: { type: 'string', enum: ['ok', 'error', 'pending'], description: 'Outcome of the call' },
  execution_id: { type: 'string', description: 'Id of this execution' },
  duration_ms: { type: 'number', description: 'Wall-clock duration of the call in milliseconds' },
  messages: { type: 'array', items: { type: 'string' }, description: 'Warnings and notes' },
  error_code: { type: 'string', description: 'Machine-readable error code when status is error' },
  error_message: { type: 'string', description: 'Human-readable error when status is error' },
  approval_id: { type: 'string', description: 'Approval to wait for when status is pending' },
  dry_run: { type: 'boolean', description: 'Present and true when X-Dry-Run asked for a dry run: nothing was changed' },
  details: { type: 'object', description: 'Structured facts about an error (received value, valid options, suggestions…)' },
}

/** A fresh copy, safe to mutate or hand to libraries that annotate schemas in place. */
export function envelopePropertiesCopy(): Record<string, JsonSchema> {
  return structuredClone(envelopeProperties)
}
