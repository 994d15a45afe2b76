/**
 * Step 3: the caller's rate limit for this tool, reported in X-RateLimit-* headers either way, and
 * its calls in flight.
 */
import { codedError } from '../../errors.js'
import type { AnyTool, Caller } from '../../tools/define.js'
import type { Call, CallRequest, PipelineDeps } from '../call.js'
import { seconds } from '../context.js'

export async function rateLimit(deps: PipelineDeps, call: Call, tool: AnyTool, caller: Caller): Promise<void> {
  const rule = deps.rateLimiter.ruleFor(tool)
  const decision = await deps.rateLimiter.consume(tool.name, caller.rateKey, rule)
  const resetS = Math.max(1, Math.ceil(decision.resetMs / 1000))
  call.headers['x-ratelimit-limit'] = String(decision.limit)
  call.headers['x-ratelimit-remaining'] = String(decision.remaining)
  call.headers['x-ratelimit-reset'] = String(resetS)
  if (decision.allowed) return
  throw codedError('RATE_LIMITED', `Rate limit exceeded for ${tool.name}: ${rule.limit} calls per ${seconds(rule.windowMs)}. Retry after ${resetS}s`, {
    headers: { 'retry-after': String(resetS) },
    details: { limit: rule.limit, window_ms: rule.windowMs, retry_after_s: resetS },
  })
}

const noop = () => {}

/**
 * Counts an outer call among its caller's calls in flight until the returned function is called;
 * 429 when the caller already has the limit running. Inner calls run inside their outer call and
 * are not counted again.
 */
export function enterInFlight(deps: PipelineDeps, request: CallRequest, caller: Caller): () => void {
  if ((request.depth ?? 0) > 0) return noop
  const { inFlight } = deps
  const leave = inFlight.enter(caller.rateKey)
  if (leave) return leave
  throw codedError(
    'RATE_LIMITED',
    `Too many calls in flight: ${inFlight.limit} of this caller's calls are running on this server (TOOLGATE_MAX_CALLS_IN_FLIGHT). Retry once one has answered`,
    { headers: { 'retry-after': '1' }, details: { in_flight_limit: inFlight.limit, retry_after_s: 1 } },
  )
}
