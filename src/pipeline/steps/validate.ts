/** Step 5: the arguments against the tool's schema, then the tool's own precheck. */
import type { CodedError } from '../../errors.js'
import { normalize } from '../answer.js'
import type { AdmittedCall, PipelineDeps } from '../call.js'

/** Sets `call.args`; throws the validation error (escalated for tools that escalate). */
export async function validate(deps: PipelineDeps, call: AdmittedCall): Promise<void> {
  const error = await check(deps, call)
  if (!error) return
  throw call.tool.escalates ? await deps.escalation.onError(call.tool, { callerId: call.caller.id, session: call.session }, error) : error
}

async function check(deps: PipelineDeps, call: AdmittedCall): Promise<CodedError | undefined> {
  const checked = call.validator(call.request.args ?? {})
  if (!checked.ok) return checked.error
  try {
    await call.tool.precheck?.(checked.value, deps.settings)
  } catch (err) {
    return normalize(deps, err, call.record.id, call.tool.name)
  }
  call.args = checked.value
  call.record.params = checked.value
  return undefined
}
