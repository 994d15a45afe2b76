/**
 * Configuration is environment variables, read once and validated at start. Every bad value is
 * reported with its variable name and what would be accepted, all at once, before anything binds.
 */
import path from 'node:path'
import { parseAllowlist } from './net/allowlist.js'
import { defaultPolicy, parseBlockPolicy, type BlockPolicy } from './workspace/blocked.js'

export interface RateRule { limit: number; windowMs: number }

export interface AppConfig {
  port: number
  host: string
  databaseUrl?: string
  redisUrl?: string
  dataDir: string
  workspace: string
  bootstrapKey?: string
  secretKey?: string
  logLevel: string
  logFormat: 'json' | 'pretty'
  llm: { baseUrl?: string; apiKey?: string; model?: string; timeoutMs: number; maxRetries: number }
  /** Web search backend for `search` and `WebSearch`; none configured means 503 SEARCH_NOT_CONFIGURED. */
  search: {
    backend?: 'searxng' | 'brave'; url?: string; apiKey?: string
    /** SEARCH_TIMEOUT_MS: how long one request to the backend may take (504 beyond it). */
    timeoutMs: number
    /** SEARCH_RETRY_BASE_MS: first backoff after a 429 or 5xx; it doubles per retry (3 tries in all). */
    retryBaseMs: number
  }
  /** TOOLGATE_GIT_COMMITS: git_commit creates commits (through approval); otherwise it warns and does nothing. */
  gitCommits: boolean
  /** Largest response body the fetch tools read, in bytes. */
  fetchMaxBytes: number
  /** TOOLGATE_IMPORT_MAX_BYTES: largest NDJSON body `POST /v1/corpus/import` reads (default 1 GiB). */
  importMaxBytes: number
  netAllow: string[]
  /** Per-tool limits from TOOLGATE_RATE_LIMITS; `*` is the default for tools without their own. */
  rateLimits: Record<string, RateRule>
  /** Extra tools held for approval, beyond those whose definition requires it. */
  approvalTools: string[]
  approvalTtlMs: number
  /** TOOLGATE_APPROVAL_SELF: `deny` (default, four eyes) or `allow` a key to decide calls it queued itself. */
  approvalSelf: 'deny' | 'allow'
  bodyLimit: number
  maxOutputSize: number
  metricsPublic: boolean
  historyFlushMs: number
  memoryDir: string
  /** Which blocked-name rules refuse reads (writes always refuse all of them). */
  blockPolicy: BlockPolicy
  /** TOOLGATE_HOLD_RISKY: hold risky shell commands for approval instead of only warning. */
  holdRisky: boolean
  /** TOOLGATE_MAX_SHELLS: background shells one key may have running at once. */
  maxShells: number
  /** TOOLGATE_RG: the ripgrep binary Grep runs, a name looked up on PATH or an absolute path (default `rg`). */
  rg: string
  /** TOOLGATE_CHECKPOINT_EVERY: take a `checkpoint` snapshot every N threads the agent enters (0 = never). */
  checkpointEvery: number
  /** TOOLGATE_PYTHON: the interpreter for notebook syntax checks and nbformat validation (default: /usr/bin/python3 when present, else python3). */
  python?: string
  /** TOOLGATE_ESCALATE_AFTER: consecutive errors from one tool in one session after which the next error is ESCALATE (tools that opt in). */
  escalateAfter: number
  /** TOOLGATE_SANDBOX: how child processes are confined (see src/sandbox); `auto` uses bwrap when it works here. */
  sandbox: 'auto' | 'bwrap' | 'off'
  /** TOOLGATE_SANDBOX_MEMORY_MB: data memory (RLIMIT_DATA) each sandboxed process may use. */
  sandboxMemoryMb: number
}

export class ConfigError extends Error {
  constructor(public problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const WINDOWS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 }

export function parseRateLimits(spec: string): Record<string, RateRule> {
  const out: Record<string, RateRule> = {}
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([A-Za-z0-9_.*-]+)=(\d+)\/(second|minute|hour|day)$/.exec(part)
    if (!m) throw new Error(`"${part}" is not tool=N/second|minute|hour|day`)
    const limit = Number(m[2])
    if (limit < 1) throw new Error(`"${part}": the limit must be at least 1`)
    out[m[1]] = { limit, windowMs: WINDOWS[m[3]] }
  }
  return out
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const problems: string[] = []
  const int = (name: string, dflt: number, min: number, max: number): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return dflt
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}="${raw}" must be an integer from ${min} to ${max}`)
      return dflt
    }
    return n
  }
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = env[name]
    if (!raw) return undefined
    try {
      const u = new URL(raw)
      if (!protocols.includes(u.protocol)) problems.push(`${name} must use ${protocols.join(' or ')}, got ${u.protocol}`)
    } catch {
      problems.push(`${name} is not a valid URL`)
    }
    return raw
  }
  const bool = (name: string): boolean => {
    const raw = (env[name] ?? '').toLowerCase()
    if (raw === '' || raw === 'false' || raw === '0') return false
    if (raw === 'true' || raw === '1') return true
    problems.push(`${name}="${env[name]}" must be true or false`)
    return false
  }

  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase()
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL="${env.LOG_LEVEL}" must be one of ${LOG_LEVELS.join(', ')}`)
  const logFormat = (env.LOG_FORMAT ?? 'json').toLowerCase()
  if (logFormat !== 'json' && logFormat !== 'pretty') problems.push(`LOG_FORMAT="${env.LOG_FORMAT}" must be json or pretty`)

  let rateLimits: Record<string, RateRule> = {}
  try {
    rateLimits = parseRateLimits(env.TOOLGATE_RATE_LIMITS ?? '')
  } catch (e) {
    problems.push(`TOOLGATE_RATE_LIMITS: ${(e as Error).message}`)
  }

  const bootstrapKey = env.TOOLGATE_BOOTSTRAP_KEY || undefined
  if (bootstrapKey !== undefined && bootstrapKey.length < 16) {
    problems.push('TOOLGATE_BOOTSTRAP_KEY must be at least 16 characters')
  }
  const secretKey = env.TOOLGATE_SECRET_KEY || undefined
  if (secretKey !== undefined && !/^[0-9a-fA-F]{64}$/.test(secretKey)) {
    problems.push('TOOLGATE_SECRET_KEY must be 64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`')
  }
  const memoryDir = env.TOOLGATE_MEMORY_DIR ?? 'memory'
  if (path.isAbsolute(memoryDir) || memoryDir.split(/[\\/]/).includes('..')) {
    problems.push('TOOLGATE_MEMORY_DIR must be a relative folder inside the workspace')
  }

  let blockPolicy: BlockPolicy = defaultPolicy
  try {
    blockPolicy = parseBlockPolicy(env.TOOLGATE_READ_BLOCKED)
  } catch (e) {
    problems.push(`TOOLGATE_READ_BLOCKED: ${(e as Error).message}`)
  }

  // Grep runs ripgrep only (linear-time regexes, in the sandbox); the JavaScript engine is gone
  const grepEngine = (env.TOOLGATE_GREP_ENGINE || 'rg').toLowerCase()
  if (!['auto', 'rg'].includes(grepEngine)) {
    problems.push(`TOOLGATE_GREP_ENGINE="${env.TOOLGATE_GREP_ENGINE}": Grep always runs ripgrep now (the JavaScript engine was removed); unset it, or set TOOLGATE_RG to the rg binary`)
  }
  const rg = env.TOOLGATE_RG || 'rg'
  if (rg.includes('/') && !path.isAbsolute(rg)) problems.push(`TOOLGATE_RG="${rg}" must be a command name looked up on PATH (e.g. rg) or an absolute path`)

  const sandbox = (env.TOOLGATE_SANDBOX || 'auto').toLowerCase()
  if (!['auto', 'bwrap', 'off'].includes(sandbox)) problems.push(`TOOLGATE_SANDBOX="${env.TOOLGATE_SANDBOX}" must be auto, bwrap or off`)

  const approvalSelf = (env.TOOLGATE_APPROVAL_SELF || 'deny').toLowerCase()
  if (!['deny', 'allow'].includes(approvalSelf)) {
    problems.push(`TOOLGATE_APPROVAL_SELF="${env.TOOLGATE_APPROVAL_SELF}" must be deny (another key decides a held call) or allow (single-user setups)`)
  }

  const netAllow = (env.TOOLGATE_NET_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  try {
    parseAllowlist(netAllow)
  } catch (e) {
    problems.push(`TOOLGATE_NET_ALLOW: ${(e as Error).message}`)
  }

  const searchBackend = (env.SEARCH_BACKEND || '').toLowerCase() || undefined
  if (searchBackend && !['searxng', 'brave'].includes(searchBackend)) problems.push(`SEARCH_BACKEND="${env.SEARCH_BACKEND}" must be searxng or brave`)
  if (searchBackend === 'searxng' && !env.SEARCH_URL) problems.push('SEARCH_BACKEND=searxng needs SEARCH_URL (the SearXNG base URL)')
  if (searchBackend === 'brave' && !env.SEARCH_API_KEY) problems.push('SEARCH_BACKEND=brave needs SEARCH_API_KEY')

  const config: AppConfig = {
    port: int('PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    dataDir: path.resolve(env.TOOLGATE_DATA_DIR || 'data'),
    workspace: path.resolve(env.TOOLGATE_WORKSPACE || process.cwd()),
    bootstrapKey,
    secretKey,
    logLevel,
    logFormat: logFormat as 'json' | 'pretty',
    llm: {
      baseUrl: url('LLM_BASE_URL', ['http:', 'https:']),
      apiKey: env.LLM_API_KEY || undefined,
      model: env.LLM_MODEL || undefined,
      timeoutMs: int('LLM_TIMEOUT_MS', 60_000, 1_000, 600_000),
      maxRetries: int('LLM_MAX_RETRIES', 2, 0, 10),
    },
    search: {
      backend: searchBackend as AppConfig['search']['backend'],
      url: url('SEARCH_URL', ['http:', 'https:']),
      apiKey: env.SEARCH_API_KEY || undefined,
      timeoutMs: int('SEARCH_TIMEOUT_MS', 10_000, 100, 120_000),
      retryBaseMs: int('SEARCH_RETRY_BASE_MS', 500, 1, 60_000),
    },
    gitCommits: bool('TOOLGATE_GIT_COMMITS'),
    fetchMaxBytes: int('TOOLGATE_FETCH_MAX_BYTES', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    importMaxBytes: int('TOOLGATE_IMPORT_MAX_BYTES', 1024 ** 3, 1024, 1024 ** 4),
    netAllow,
    rateLimits,
    approvalTools: (env.TOOLGATE_APPROVAL_REQUIRED ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    approvalTtlMs: int('TOOLGATE_APPROVAL_TTL', 86_400, 1, 30 * 86_400) * 1000,
    approvalSelf: approvalSelf as AppConfig['approvalSelf'],
    bodyLimit: int('TOOLGATE_BODY_LIMIT', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxOutputSize: int('TOOLGATE_MAX_OUTPUT', 100_000, 1, 64 * 1024 * 1024),
    metricsPublic: bool('TOOLGATE_METRICS_PUBLIC'),
    historyFlushMs: int('TOOLGATE_HISTORY_FLUSH_MS', 10, 1, 10_000),
    memoryDir,
    blockPolicy,
    holdRisky: bool('TOOLGATE_HOLD_RISKY'),
    maxShells: int('TOOLGATE_MAX_SHELLS', 4, 1, 1000),
    rg,
    checkpointEvery: int('TOOLGATE_CHECKPOINT_EVERY', 10, 0, 1_000_000),
    python: env.TOOLGATE_PYTHON || undefined,
    escalateAfter: int('TOOLGATE_ESCALATE_AFTER', 2, 1, 1000),
    sandbox: sandbox as AppConfig['sandbox'],
    sandboxMemoryMb: int('TOOLGATE_SANDBOX_MEMORY_MB', 4096, 64, 1024 * 1024),
  }
  if (problems.length) throw new ConfigError(problems)
  return config
}
