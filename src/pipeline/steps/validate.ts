/** Step 5: the arguments against the tool's schema, then the tool's own precheck. */
import type { CodedError } from '../../errors.js'
import { normalize } from '../answer.js'
import type { AdmittedCall, PipelineDeps } from '../call.js'

/** Sets `call.args`; throws the validation error (escalated for tools that escalate). */
export async function validate(deps: PipelineDeps, call: AdmittedCall): Promise<void> {
  const checked = call.validator(call.request.args ?? {})
  let error: CodedError | undefined = checked.ok ? undefined : checked.error
  if (checked.ok) {
    try {
      call.tool.precheck?.(checked.value, deps.config)
      call.args = checked.value
      call.record.params = checked.value
      return
    } catch (err) {
      error = normalize(deps, err, call.record.id)
    }
  }
  throw call.tool.escalates ? await deps.escalation.onError(call.tool, call.session, error!) : error
}
