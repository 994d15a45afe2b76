/** Step 3: the caller's rate limit for this tool, reported in X-RateLimit-* headers either way. */
import { codedError } from '../../errors.js'
import type { AnyTool, Caller } from '../../tools/define.js'
import type { Call, PipelineDeps } from '../call.js'
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
