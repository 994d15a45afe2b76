/** Steps 1 and 2: which tool is called, by whom, and may that caller call it. */
import { codedError } from '../../errors.js'
import type { AnyTool, Caller } from '../../tools/define.js'
import type { RegisteredTool } from '../../tools/registry.js'
import type { CallRequest, PipelineDeps } from '../call.js'

/** The tool called (404 TOOL_NOT_FOUND) and the caller behind the key (401 when it is wrong). */
export async function authenticate(deps: PipelineDeps, request: CallRequest): Promise<{ registered: RegisteredTool; caller: Caller }> {
  const registered = deps.registry.require(request.tool)
  const caller = await deps.keys.authenticate(request.authorization, request.clientIp)
  return { registered, caller }
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
