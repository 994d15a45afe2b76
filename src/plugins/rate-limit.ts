/**
 * Per-caller, per-tool fixed-window counters: in memory by default, in Redis when REDIS_URL is
 * set so that every instance counts against the same window. Tool calls arrive over REST and MCP
 * alike, so the limiter is a service the pipeline asks, not an HTTP hook.
 */
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { RateRule } from '../config.js'
import { parseRateLimits } from '../config.js'
import type { AnyTool } from '../tools/define.js'

export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  /** Milliseconds until the window resets. */
  resetMs: number
}

export interface RateLimiter {
  ruleFor(tool: AnyTool): RateRule
  /** Counts a call of `tool` by `who`. */
  consume(tool: string, who: string, rule: RateRule): Promise<RateDecision>
  backend: 'memory' | 'redis'
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter
  }
}

const DEFAULT_RULE: RateRule = { limit: 600, windowMs: 60_000 }

function memoryCounter() {
  // By tool, then by caller: no key string to build and hash on every call.
  const windows = new Map<string, Map<string, { count: number; resetAt: number }>>()
  let sweptAt = Date.now()
  return (tool: string, who: string, rule: RateRule): RateDecision => {
    const now = Date.now()
    if (now - sweptAt > 60_000) {
      for (const callers of windows.values()) for (const [k, w] of callers) if (w.resetAt <= now) callers.delete(k)
      sweptAt = now
    }
    let callers = windows.get(tool)
    if (!callers) windows.set(tool, (callers = new Map()))
    let w = callers.get(who)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + rule.windowMs }
      callers.set(who, w)
    }
    w.count++
    return { allowed: w.count <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - w.count), resetMs: w.resetAt - now }
  }
}

// INCR and set the expiry on the window's first hit, atomically; answer count and time left.
const INCR_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`

export default fp(
  async (app) => {
    const configured = app.config.rateLimits
    const local = memoryCounter()
    const rules = new Map<string, RateRule>()
    const ruleFor = (tool: AnyTool): RateRule => {
      let rule = rules.get(tool.name)
      if (!rule) {
        rule =
          configured[tool.name] ??
          (tool.rateLimit ? parseRateLimits(`${tool.name}=${tool.rateLimit}`)[tool.name] : undefined) ??
          configured['*'] ??
          DEFAULT_RULE
        rules.set(tool.name, rule)
      }
      return rule
    }

    let redis: Redis | undefined
    if (app.config.redisUrl) {
      redis = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: true })
      redis.on('error', (err) => app.log.warn({ err: err.message, component: 'rate-limit' }, 'Redis unavailable; counting in memory'))
      await redis.connect()
      redis.defineCommand('tgIncr', { numberOfKeys: 1, lua: INCR_SCRIPT })
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => {})
      })
    }

    const consumeShared = async (client: Redis, tool: string, who: string, rule: RateRule): Promise<RateDecision> => {
      try {
        const windowKey = `toolgate:rl:${rule.windowMs}:${tool}|${who}`
        const [count, ttl] = (await (client as any).tgIncr(windowKey, rule.windowMs)) as [number, number]
        return { allowed: count <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - count), resetMs: ttl }
      } catch {
        // Availability over exactness: a Redis outage degrades to per-instance counting.
        return local(tool, who, rule)
      }
    }
    const limiter: RateLimiter = {
      ruleFor,
      backend: redis ? 'redis' : 'memory',
      async consume(tool, who, rule) {
        if (redis?.status !== 'ready') return local(tool, who, rule)
        return consumeShared(redis, tool, who, rule)
      },
    }
    app.decorate('rateLimiter', limiter)
  },
  { name: 'rate-limit', dependencies: ['config'] },
)
