/** Step 4: the call's context (headers or MCP `_meta`), and with it an execution id and a history record. */
import { timeOrderedId } from '../../lib/time-ordered-id.js'
import type { Caller } from '../../tools/define.js'
import type { RegisteredTool } from '../../tools/registry.js'
import type { AdmittedCall, Call } from '../call.js'
import { parseContext } from '../context.js'

export function admit(call: Call, registered: RegisteredTool, caller: Caller): AdmittedCall {
  const { tool } = registered
  const context = parseContext(call.request.headers, call.request.requestId)
  const record = {
    id: timeOrderedId(),
    tool: tool.name,
    toolset: tool.toolset,
    transport: call.request.transport,
    // The arguments as sent until they are validated (an invalid call is recorded with them).
    params: (call.request.args ?? {}) as object,
    callerId: caller.id,
    callerName: caller.name,
    sessionId: context.sessionId,
    agentId: context.agentId,
    requestId: context.requestId,
    startedAt: call.startedAt,
    dryRun: context.dryRun ? 1 : 0,
    status: 'ok',
    httpStatus: 200,
    errorCode: null,
    error: null,
    result: null,
    messages: null,
    usage: null,
    durationMs: null,
    completedAt: null,
    parentExecutionId: call.request.parentExecutionId ?? null,
  }
  const session = context.sessionId ?? `key:${caller.id}`
  // Listed rather than `{ ...call, tool, … }`: see src/lib/merged.ts.
  const { request, t0, startedAt, headers } = call
  return { request, t0, startedAt, headers, tool, caller, context, record, session, validator: registered.validate, args: {} }
}
