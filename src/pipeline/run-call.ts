/**
 * The pipeline every tool call goes through, REST or MCP alike, top to bottom:
 * authenticate → authorize → rate limit → context → validate → approval → execute → record.
 */
import { performance } from 'node:perf_hooks'
import { codedError } from '../errors.js'
import type { Claimed } from '../approvals/queue.js'
import { errorBody } from './answer.js'
import type { AdmittedCall, CallOutcome, CallRequest, PipelineDeps } from './call.js'
import { approvalNeeded, hold } from './steps/approval.js'
import { authenticate, authorize, MAX_CALL_DEPTH } from './steps/authenticate.js'
import { admit } from './steps/context.js'
import { escalate, execute, prepare, recordStart } from './steps/execute.js'
import { enterInFlight, rateLimit } from './steps/rate-limit.js'
import { finish, invalid, refused } from './steps/record.js'
import { validate } from './steps/validate.js'

export async function runCall(deps: PipelineDeps, request: CallRequest): Promise<CallOutcome> {
  const call = { request, t0: performance.now(), startedAt: new Date(), headers: {} }
  let admitted: AdmittedCall
  let leave = () => {}
  try {
    const { registered, caller } = await authenticate(deps, request)
    authorize(registered.tool, caller)
    leave = enterInFlight(deps, request, caller)
    await rateLimit(deps, call, registered.tool, caller)
    admitted = admit(call, registered, caller)
  } catch (err) {
    leave()
    return refused(deps, call, err)
  }
  try {
    return await runAdmitted(deps, admitted)
  } finally {
    leave()
  }
}

async function runAdmitted(deps: PipelineDeps, admitted: AdmittedCall): Promise<CallOutcome> {
  try {
    await validate(deps, admitted)
  } catch (err) {
    return invalid(deps, admitted, err)
  }
  const approval = admitted.request.holdReason ? { required: true, reason: admitted.request.holdReason } : approvalNeeded(deps, admitted)
  if (approval.required) return hold(deps, admitted, approval.reason)
  return executeAndRecord(deps, admitted, false)
}

async function executeAndRecord(deps: PipelineDeps, call: AdmittedCall, resumed: boolean): Promise<CallOutcome> {
  const execution = prepare(deps, call)
  const settled = (await recordStart(deps, call, resumed)) ?? (await execute(deps, call, execution))
  return finish(deps, call, execution, await escalate(deps, call, settled), resumed)
}

/** How deep a held call was made: its ancestors in history, counted up to one past the limit. */
async function depthOf(deps: PipelineDeps, executionId: string): Promise<number> {
  let depth = 0
  let parent = (await deps.history.get(executionId))?.parent_execution_id
  while (typeof parent === 'string' && depth <= MAX_CALL_DEPTH) {
    depth++
    parent = (await deps.history.get(parent))?.parent_execution_id
  }
  return depth
}

/** Runs a call that was held for approval and has just been approved, as its caller. */
export async function resumeCall(deps: PipelineDeps, claimed: Claimed): Promise<CallOutcome> {
  const t0 = performance.now()
  const registered = deps.registry.get(claimed.tool)
  const caller = await deps.keys.callerById(claimed.callerId)
  if (!registered || !caller) {
    const err = !registered
      ? codedError('TOOL_NOT_FOUND', `The tool "${claimed.tool}" is no longer registered`)
      : codedError('UNAUTHORIZED', 'The API key that made this call has been revoked; the call was not run')
    await deps.history.complete(claimed.executionId, {
      status: 'error',
      httpStatus: err.statusCode,
      errorCode: err.code,
      error: err.message,
      completedAt: new Date(),
    })
    return { statusCode: err.statusCode, body: errorBody(err, { execution_id: claimed.executionId }), headers: {} }
  }
  const { tool } = registered
  const context = claimed.context
  // Only what running it changes is written over the held row: the rest was recorded when it was held.
  const record = { id: claimed.executionId, params: claimed.args } as AdmittedCall['record']
  // As deep as it was held: inner calls it makes count on toward the depth limit.
  const depth = await depthOf(deps, claimed.executionId)
  // Counted by itself, inner or not: the call or run it was made for stopped counting it when it was
  // held (a paused run's slot comes back when it goes on, after this; a subagent's call counts beside it).
  const leave = deps.inFlight.occupy(caller.rateKey)
  const request: CallRequest = { tool: tool.name, args: claimed.args, clientIp: '', transport: 'rest', headers: {}, depth }
  const call: AdmittedCall = {
    request,
    t0,
    startedAt: new Date(),
    headers: {},
    tool,
    caller,
    context,
    record,
    session: context.sessionId ?? `key:${caller.id}`,
    validator: registered.validate,
    args: claimed.args,
  }
  try {
    return await executeAndRecord(deps, call, true)
  } finally {
    leave()
  }
}
