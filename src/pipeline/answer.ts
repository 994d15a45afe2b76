/** What a call answers, as objects: Fastify serializes them, MCP and the XML writer read them. */
import { codedError, isCodedError, type CodedError } from '../errors.js'
import { merged } from '../lib/merged.js'
import type { AnyTool } from '../tools/define.js'
import type { PipelineDeps } from './call.js'
import { logException } from './call-log.js'

/** Milliseconds to two decimals, as answers report them. */
export const round = (ms: number) => Math.round(ms * 100) / 100

/** Seed 002/003 tools answer in ToolResult's shape even when they fail. */
function isToolResultShaped(tool: AnyTool): boolean {
  const properties = (tool.output as { properties?: object }).properties ?? {}
  return 'success' in properties && 'metadata' in properties
}

/** A successful call's answer: the tool's output with the gateway's fields after it (which win). */
export function okBody(output: unknown, envelope: { executionId: string; duration: number; messages: string[]; dryRun: boolean }) {
  // A tool that answered nothing (or not an object) answers with the envelope alone.
  const fields = typeof output === 'object' && output !== null ? output : {}
  return merged<Record<string, unknown>>(fields, {
    status: 'ok',
    execution_id: envelope.executionId,
    duration_ms: envelope.duration,
    messages: envelope.messages,
    ...(envelope.dryRun && { dry_run: true }),
  })
}

/**
 * The error answer. Tools of seeds 002/003 answer in ToolResult's shape even when they fail
 * (`success: false`, `error`, `output`, `metadata`); a tool may hand back a partial result (the
 * output a timed-out command printed) as `details.result`.
 */
export function errorBody(err: CodedError, extra: Record<string, unknown>, tool?: AnyTool): Record<string, unknown> {
  const { result, ...details } = (err.details ?? {}) as { result?: Record<string, unknown> }
  const toolResult = tool && isToolResultShaped(tool) ? { success: false, output: '', error: err.message, metadata: {} } : {}
  const status = { status: 'error', error_code: err.code, error_message: err.message, ...(Object.keys(details).length > 0 && { details }) }
  return merged(toolResult, result, status, extra)
}

/** Anything thrown that is not one of ours is a server fault: logged with its stack, never shown. */
export function normalize(deps: PipelineDeps, err: unknown, executionId?: string, tool?: string): CodedError {
  if (isCodedError(err)) return err
  const known = deps.classify(err)
  if (known) return known
  const e = err as { code?: string } | undefined
  logException(deps, tool, err, executionId)
  return codedError('INTERNAL_ERROR', `Internal error${executionId ? `; execution id ${executionId}` : ''}`, e?.code ? { details: {} } : {})
}
