/**
 * Configuration is environment variables, declared in src/config-schema.ts and read once at start
 * with `env-schema`. Every bad value is reported with its variable name and what would be accepted,
 * all at once, before anything binds.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import envSchema from 'env-schema'
import { accepted, ConfigSchema, variables, type ConfigEnv, type ConfigName, type VariableSchema } from './config-schema.js'
import { parseAllowlist } from './net/allowlist.js'
import { parseBlockPolicy, type BlockPolicy } from './workspace/blocked.js'
import { serverPaths, workspaceConflict } from './workspace/server-paths.js'
import { readFileVariables } from './config-files.js'

/** The subagent definitions shipped with toolgate: `agents/` beside src/ (and dist/). */
export const SHIPPED_AGENTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'agents')

export interface RateRule {
  limit: number
  windowMs: number
}

export interface AppConfig {
  port: number
  host: string
  databaseUrl?: string
  redisUrl?: string
  dataDir: string
  /** TOOLGATE_WORKSPACE: the tools' root (default ./workspace, created at start). */
  workspace: string
  /** Files settings were read from (`NAME_FILE`): kept from the tools like the data folder. */
  secretFiles: string[]
  bootstrapKey?: string
  secretKey?: string
  logLevel: string
  logFormat: 'json' | 'pretty'
  llm: { baseUrl?: string; apiKey?: string; model?: string; timeoutMs: number; maxRetries: number }
  /** Web search backend for `search` and `WebSearch`; none configured means 503 SEARCH_NOT_CONFIGURED. */
  search: {
    backend?: 'searxng' | 'brave'
    url?: string
    apiKey?: string
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
  /** Longest time a request may take to arrive whole, in ms; 0: none. */
  requestTimeoutMs: number
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
  /** TOOLGATE_MAX_CALLS_IN_FLIGHT: calls one caller may have running at once (pipeline/in-flight.ts). */
  maxCallsInFlight: number
  /** TOOLGATE_RG: the ripgrep binary Grep runs, a name looked up on PATH or an absolute path (default `rg`). */
  rg: string
  /** TOOLGATE_CHECKPOINT_EVERY: a `checkpoint` at the first write from each thread, at most one per N positions (default 1; 0 = never). */
  checkpointEvery: number
  /** TOOLGATE_PYTHON: the interpreter for notebook syntax checks and nbformat validation (default: /usr/bin/python3 when present, else python3). */
  python?: string
  /** TOOLGATE_ESCALATE_AFTER: consecutive errors from one tool in one session that escalate: the answer to the last of them is ESCALATE (tools that opt in). */
  escalateAfter: number
  /** TOOLGATE_SANDBOX: how child processes are confined (see src/sandbox); `auto` uses bwrap when it works here. */
  sandbox: 'auto' | 'bwrap' | 'off'
  /** TOOLGATE_SANDBOX_MEMORY_MB: data memory (RLIMIT_DATA) each sandboxed process may use. */
  sandboxMemoryMb: number
  /** Heap of each notebook worker thread (src/notebook/off-thread.ts), in MiB. */
  notebookHeapMb: number
  /** Subagents: where their definitions are (TOOLGATE_AGENTS_DIR) and each run's default budgets. */
  agents: { dir: string; maxSteps: number; maxTokens: number }
}

export class ConfigError extends Error {
  constructor(public problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

const WINDOWS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 }

export function parseRateLimits(spec: string): Record<string, RateRule> {
  const out: Record<string, RateRule> = {}
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z0-9_.*-]+)=(\d+)\/(second|minute|hour|day)$/.exec(part)
    if (!m) throw new Error(`"${part}" is not tool=N/second|minute|hour|day`)
    const limit = Number(m[2])
    if (limit < 1) throw new Error(`"${part}": the limit must be at least 1`)
    out[m[1]] = { limit, windowMs: WINDOWS[m[3]] }
  }
  return out
}

type Env = Record<string, string | undefined>

/**
 * The raw values the schema will see: empty means unset, and enums and booleans are read without
 * regard to case (`ALLOW`, `TRUE`, `1`).
 */
function normalise(env: Env): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, schema] of variables()) {
    const raw = env[name]
    if (raw === undefined || raw === '') continue
    if (schema.type === 'boolean') out[name] = ({ 1: 'true', 0: 'false' } as Record<string, string>)[raw] ?? raw.toLowerCase()
    else out[name] = schema.enum ? raw.toLowerCase() : raw
  }
  return out
}

/** `NAME="value" must be …`; secrets are named but never echoed. */
function problemOf(name: ConfigName, schema: VariableSchema, raw: string): string {
  return schema['x-secret'] ? `${name} must be ${accepted(schema)}` : `${name}="${raw}" must be ${accepted(schema)}`
}

/** Checks a type cannot say: URLs and their protocols, and values with a grammar of their own. */
function refinements(values: Record<string, string>): string[] {
  const problems: string[] = []
  const check = (name: ConfigName, parse: (raw: string) => unknown) => {
    if (values[name] === undefined) return
    try {
      parse(values[name])
    } catch (e) {
      problems.push(`${name}: ${(e as Error).message}`)
    }
  }
  for (const [name, schema] of variables()) {
    const protocols = schema['x-url']
    const raw = values[name]
    if (!protocols || raw === undefined) continue
    const protocol = URL.canParse(raw) ? new URL(raw).protocol : undefined
    // The URL may carry a password: say what is wrong, never echo it.
    if (!protocol) problems.push(`${name} is not a valid URL`)
    else if (!protocols.includes(protocol)) problems.push(`${name} must use ${protocols.join(' or ')}, got ${protocol}`)
  }
  check('TOOLGATE_RATE_LIMITS', parseRateLimits)
  check('TOOLGATE_READ_BLOCKED', parseBlockPolicy)
  check('TOOLGATE_NET_ALLOW', (raw) => parseAllowlist(list(raw)))
  const memoryDir = values.TOOLGATE_MEMORY_DIR
  if (memoryDir !== undefined && (path.isAbsolute(memoryDir) || memoryDir.split(/[\\/]/).includes('..'))) {
    problems.push(problemOf('TOOLGATE_MEMORY_DIR', ConfigSchema.properties.TOOLGATE_MEMORY_DIR, memoryDir))
  }
  const rg = values.TOOLGATE_RG
  if (rg?.includes('/') && !path.isAbsolute(rg)) problems.push(problemOf('TOOLGATE_RG', ConfigSchema.properties.TOOLGATE_RG, rg))
  const backend = values.SEARCH_BACKEND
  if (backend === 'searxng' && !values.SEARCH_URL) problems.push('SEARCH_BACKEND=searxng needs SEARCH_URL (the SearXNG base URL)')
  if (backend === 'brave' && !values.SEARCH_API_KEY) problems.push('SEARCH_BACKEND=brave needs SEARCH_API_KEY')
  return problems
}

const list = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

// env-schema's own options, built once (a fresh instance compiles the schema again: ~0.5 s a call).
const ajv = new Ajv({
  allErrors: true,
  removeAdditional: true,
  useDefaults: true,
  coerceTypes: true,
  allowUnionTypes: true,
  addUsedSchema: false,
  keywords: [envSchema.keywords.separator, 'x-accepts', 'x-secret', 'x-url', 'x-default'],
})
const schema = { ...ConfigSchema, additionalProperties: false }

/** Validates against the schema (types, ranges, enums, defaults); one problem per bad variable. */
function validate(values: Record<string, string>, raw: Env): { env?: ConfigEnv; problems: string[] } {
  try {
    const env = envSchema<ConfigEnv>({ schema, data: { ...values }, env: false, ajv })
    return { env, problems: [] }
  } catch (e) {
    const errors = (e as { errors?: { instancePath: string }[] }).errors
    if (!errors) throw e
    const names = [...new Set(errors.map((err) => err.instancePath.slice(1) as ConfigName))]
    const schemas = ConfigSchema.properties as Record<ConfigName, VariableSchema>
    return { problems: names.map((name) => problemOf(name, schemas[name], raw[name] ?? '')) }
  }
}

/** For the command-line entry points: every bad setting, by name, on stderr, and exit code 2. */
export function loadConfigOrExit(env: Env = process.env): AppConfig {
  try {
    return loadConfig(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    process.stderr.write(`${err.message}\n`)
    process.exit(2)
  }
}

export function loadConfig(env: Env = process.env): AppConfig {
  const fromFiles = readFileVariables(env, Object.keys(ConfigSchema.properties))
  const values = normalise(fromFiles.env)
  const { env: e, problems } = validate(values, fromFiles.env)
  problems.push(...fromFiles.problems, ...refinements(values))
  if (e && problems.length === 0) {
    const config = toAppConfig(e, fromFiles.files)
    const conflict = workspaceConflict(config.workspace, serverPaths(config))
    if (conflict === null) return config
    problems.push(conflict)
  }
  throw new ConfigError(problems)
}

const passwordIn = (url: string | undefined): string | undefined => {
  if (!url || !URL.canParse(url)) return undefined
  const password = new URL(url).password
  return password ? decodeURIComponent(password) : undefined
}

/** The values of the secrets in the configuration, for the redactor: some (a hex admin key) have no shape a pattern would know. */
export function secretValuesOf(config: AppConfig): string[] {
  const values = [config.bootstrapKey, config.secretKey, config.llm.apiKey, config.search.apiKey, passwordIn(config.databaseUrl), passwordIn(config.redisUrl)]
  return values.filter((v): v is string => typeof v === 'string' && v.length > 0)
}

/**
 * `p` by its real path as far as it exists. The server keeps using the data folder it started
 * with: reached through a link that a sandboxed shell can point elsewhere, its database's next
 * files would have been written wherever the link led then.
 */
function realAsFarAsItExists(p: string): string {
  const missing: string[] = []
  for (let dir = p; ; dir = path.dirname(dir)) {
    try {
      return path.join(fs.realpathSync.native(dir), ...missing.reverse())
    } catch {
      if (path.dirname(dir) === dir) return p
      missing.push(path.basename(dir))
    }
  }
}

function toAppConfig(e: ConfigEnv, secretFiles: string[]): AppConfig {
  return {
    secretFiles,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: realAsFarAsItExists(path.resolve(e.TOOLGATE_DATA_DIR)),
    workspace: path.resolve(e.TOOLGATE_WORKSPACE),
    bootstrapKey: e.TOOLGATE_BOOTSTRAP_KEY,
    secretKey: e.TOOLGATE_SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS, maxRetries: e.LLM_MAX_RETRIES },
    search: {
      backend: e.SEARCH_BACKEND,
      url: e.SEARCH_URL,
      apiKey: e.SEARCH_API_KEY,
      timeoutMs: e.SEARCH_TIMEOUT_MS,
      retryBaseMs: e.SEARCH_RETRY_BASE_MS,
    },
    gitCommits: e.TOOLGATE_GIT_COMMITS,
    fetchMaxBytes: e.TOOLGATE_FETCH_MAX_BYTES,
    importMaxBytes: e.TOOLGATE_IMPORT_MAX_BYTES,
    netAllow: list(e.TOOLGATE_NET_ALLOW),
    rateLimits: parseRateLimits(e.TOOLGATE_RATE_LIMITS ?? ''),
    approvalTools: list(e.TOOLGATE_APPROVAL_REQUIRED),
    approvalTtlMs: e.TOOLGATE_APPROVAL_TTL * 1000,
    approvalSelf: e.TOOLGATE_APPROVAL_SELF,
    bodyLimit: e.TOOLGATE_BODY_LIMIT,
    requestTimeoutMs: e.TOOLGATE_REQUEST_TIMEOUT_MS,
    maxOutputSize: e.TOOLGATE_MAX_OUTPUT,
    metricsPublic: e.TOOLGATE_METRICS_PUBLIC,
    historyFlushMs: e.TOOLGATE_HISTORY_FLUSH_MS,
    memoryDir: e.TOOLGATE_MEMORY_DIR,
    blockPolicy: parseBlockPolicy(e.TOOLGATE_READ_BLOCKED),
    holdRisky: e.TOOLGATE_HOLD_RISKY,
    maxShells: e.TOOLGATE_MAX_SHELLS,
    maxCallsInFlight: e.TOOLGATE_MAX_CALLS_IN_FLIGHT,
    rg: e.TOOLGATE_RG,
    checkpointEvery: e.TOOLGATE_CHECKPOINT_EVERY,
    python: e.TOOLGATE_PYTHON,
    escalateAfter: e.TOOLGATE_ESCALATE_AFTER,
    sandbox: e.TOOLGATE_SANDBOX,
    sandboxMemoryMb: e.TOOLGATE_SANDBOX_MEMORY_MB,
    notebookHeapMb: e.TOOLGATE_NOTEBOOK_HEAP_MB,
    agents: {
      dir: e.TOOLGATE_AGENTS_DIR ? path.resolve(e.TOOLGATE_AGENTS_DIR) : SHIPPED_AGENTS_DIR,
      maxSteps: e.TOOLGATE_AGENT_MAX_STEPS,
      maxTokens: e.TOOLGATE_AGENT_MAX_TOKENS,
    },
  }
}
