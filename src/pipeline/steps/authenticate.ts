/** Steps 1 and 2: which tool is called, by whom, and may that caller call it. */
import { performance } from 'node:perf_hooks'
import { codedError } from '../../errors.js'
import type { AnyTool, Caller } from '../../tools/define.js'
import type { RegisteredTool } from '../../tools/registry.js'
import type { CallRequest, PipelineDeps } from '../call.js'

/** Subagents that start subagents stop here: deep enough for any real plan, short of a runaway. */
export const MAX_CALL_DEPTH = 4

/** The tool called (404 TOOL_NOT_FOUND) and the caller behind the key (401 when it is wrong). */
export async function authenticate(deps: PipelineDeps, request: CallRequest): Promise<{ registered: RegisteredTool; caller: Caller }> {
  const registered = deps.registry.require(request.tool)
  const caller = request.caller ? await innerCaller(deps, request) : await deps.keys.authenticate(request.authorization, request.clientIp)
  return { registered, caller }
}

/** An inner call's caller, checked again: its key may have been revoked since the outer call began. */
async function innerCaller(deps: PipelineDeps, request: CallRequest): Promise<Caller> {
  const depth = request.depth ?? 0
  if (depth > MAX_CALL_DEPTH) {
    throw codedError('CALL_DEPTH_EXCEEDED', `${request.tool} was called ${depth} calls deep; at most ${MAX_CALL_DEPTH} are allowed`, {
      details: { depth, max_depth: MAX_CALL_DEPTH },
    })
  }
  // The call it is made for has ended (timed out, cancelled, its client gone): nothing more runs for it.
  if (request.signal?.aborted || (request.deadline !== undefined && request.deadline <= performance.now())) {
    throw codedError('TIMEOUT', `The call this ${request.tool} call was made for has ended (out of time or cancelled); it was not run`)
  }
  const outer = request.caller as Caller
  if (outer.id === 'anonymous') return outer
  const caller = await deps.keys.callerById(outer.id)
  if (!caller) throw codedError('UNAUTHORIZED', 'The API key that started this call has been revoked; the inner call was not run')
  return caller
}

export function authorize(tool: AnyTool, caller: Caller): void {
  if (tool.scope === 'public') return
  if (caller.id === 'anonymous') {
    throw codedError('UNAUTHORIZED', `${tool.name} needs an API key with the "${tool.scope}" scope: send "Authorization: Bearer <api key>"`, {
      details: { required_scope: tool.scope },
    })
  }
  if (!caller.scopes.includes(tool.scope)) {
    throw codedError('SCOPE_REQUIRED', `This API key lacks the "${tool.scope}" scope that ${tool.name} needs`, {
      details: { required_scope: tool.scope, scopes: caller.scopes },
    })
  }
}
