/**
 * Every environment variable toolgate reads, declared once: its type, default and description.
 * `loadConfig` (src/config.ts) validates the environment against this schema with `env-schema`,
 * and `npm run docs:config` writes docs/configuration.md from it. Keys beyond JSON Schema:
 * `x-accepts` (what a valid value looks like, when the type does not say it), `x-secret` (never
 * echoed back), `x-url` (the protocols a URL may use) and `x-default` (a default computed at start).
 */
import { Type, type Static, type TSchema } from 'typebox'

const MiB = 1024 * 1024

const int = (minimum: number, maximum: number, dflt: number, description: string) => Type.Integer({ minimum, maximum, default: dflt, description })
const flag = (description: string) => Type.Boolean({ default: false, description })
const url = (protocols: string[], description: string) => Type.Optional(Type.String({ 'x-url': protocols, description }))
const text = (description: string, options: Record<string, unknown> = {}) => Type.Optional(Type.String({ description, ...options }))

export const ConfigSchema = Type.Object({
  // Server
  PORT: int(0, 65535, 3000, 'Port the HTTP server listens on.'),
  HOST: Type.String({ default: '127.0.0.1', description: 'Address the HTTP server binds to.', 'x-accepts': 'a host name or IP address' }),
  TOOLGATE_BODY_LIMIT: int(1024, 1024 * MiB, 10 * MiB, 'Largest request body in bytes (413 above it).'),
  TOOLGATE_REQUEST_TIMEOUT_MS: int(
    0,
    86_400_000,
    300_000,
    'Longest time a client may take to send a whole request, headers and body (408 `REQUEST_TIMEOUT` after it); a call may then run as long as its tool allows. Raise it for slow uploads of a large corpus; 0 turns it off (only behind a proxy that times requests itself); headers must arrive within 60 s either way.',
  ),
  TOOLGATE_MAX_OUTPUT: int(1, 64 * MiB, 100_000, 'Default output cap in bytes when a call sends no `X-Max-Output-Size`; larger outputs are cut with a marker.'),
  TOOLGATE_METRICS_PUBLIC: flag('Serve `/metrics` without a key.'),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info', description: 'Log level.' }),
  LOG_FORMAT: Type.Enum(['json', 'pretty'], { default: 'json', description: 'Log lines as JSON, or readable for a terminal.' }),

  // Storage and keys
  DATABASE_URL: url(['postgres:', 'postgresql:'], '`postgres://…` switches from the embedded PGlite to a real Postgres.'),
  REDIS_URL: url(['redis:', 'rediss:'], '`redis://…` keeps rate-limit counters in Redis so that instances share them.'),
  TOOLGATE_DATA_DIR: Type.String({ default: 'data', description: 'PGlite data (`data/pglite`) and the generated encryption key (`data/secret.key`).' }),
  TOOLGATE_BOOTSTRAP_KEY: text('Ensures an admin key with this value exists (for tests and compose).', {
    minLength: 16,
    'x-secret': true,
    'x-accepts': 'at least 16 characters',
  }),
  TOOLGATE_SECRET_KEY: text(
    "The AES-256-GCM key that seals held calls' arguments (generated into the data folder when unset). Set the same value on every instance that shares a database.",
    {
      pattern: '^[0-9a-fA-F]{64}$',
      'x-secret': true,
      'x-accepts': '64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`',
    },
  ),
  TOOLGATE_HISTORY_FLUSH_MS: int(1, 10_000, 10, 'How often queued history rows are written, in milliseconds.'),

  // Workspace and tools
  TOOLGATE_WORKSPACE: Type.String({
    default: 'workspace',
    description:
      "The root every file, shell and git tool is confined to, created at start. Whatever it is, no tool reaches the data folder, secret files or toolgate's own code.",
    'x-accepts': 'a folder path (relative to the current folder, or absolute); not the data folder itself, a secret file or inside the code',
  }),
  TOOLGATE_MEMORY_DIR: Type.String({
    default: 'memory',
    description: "Folder inside the workspace holding `write_memory_entry`'s files.",
    'x-accepts': 'a relative folder inside the workspace',
  }),
  TOOLGATE_READ_BLOCKED: text(
    'Blocked-name rules that refuse reads (writes always refuse all of them): a comma list of env, secrets, key, pem, git-config, git-hooks, git-dir, or `none`.',
    {
      'x-default': 'env,secrets,key,pem',
      'x-accepts': 'a comma list of rule names, or none',
    },
  ),
  TOOLGATE_GREP_ENGINE: Type.Enum(['rg', 'auto'], {
    default: 'rg',
    description: 'Obsolete: `auto` and `rg` are accepted and ignored; anything else stops the start (the JavaScript engine was removed).',
    'x-accepts': 'rg or auto: Grep always runs ripgrep now (the JavaScript engine was removed); unset it, or set TOOLGATE_RG to the rg binary',
  }),
  TOOLGATE_RG: Type.String({
    default: 'rg',
    description: 'The ripgrep binary Grep runs: a name looked up on `PATH`, or an absolute path. Without it Grep answers 503 `GREP_NOT_AVAILABLE`.',
    'x-accepts': 'a command name looked up on PATH (e.g. rg) or an absolute path',
  }),
  TOOLGATE_PYTHON: text("The interpreter that checks notebook code cells' syntax and validates nbformat.", {
    'x-default': '/usr/bin/python3 when present, else python3',
  }),
  TOOLGATE_GIT_COMMITS: flag('`git_commit` creates commits (each held for approval); off, it warns and does nothing.'),
  TOOLGATE_HOLD_RISKY: flag('Hold risky `Bash`/`shell` commands for approval instead of only warning.'),
  TOOLGATE_MAX_SHELLS: int(1, 1000, 4, 'Background shells one key may have running at once.'),
  TOOLGATE_MAX_CALLS_IN_FLIGHT: int(
    1,
    100_000,
    64,
    'Calls one key (or one address without a key) may have running at once on this instance; one more is answered 429 `RATE_LIMITED` at once. The calls a call makes (subagents, workflow steps) are not counted again, nor a held call while it waits; an approved call (a workflow step too), and a workflow run going on after an approval or a restart, take a slot but are never refused (docs/api.md).',
  ),
  TOOLGATE_CHECKPOINT_EVERY: int(
    0,
    1_000_000,
    1,
    'Automatic glossary checkpoints: the first glossary write from the thread at position p freezes the glossary as it stood just before that write (everything written before it, nothing yet from thread p) as the `checkpoint` snapshot at position p, unless one exists at p or at the N − 1 positions before it. `1` (default): one per thread the agent writes in, the first thread included; `0` = never. Dry runs and refused writes take none.',
  ),
  TOOLGATE_ESCALATE_AFTER: int(
    1,
    1000,
    2,
    'Consecutive errors from one tool in one session that escalate: the answer to the last of them is ESCALATE (tools that opt in).',
  ),
  TOOLGATE_SANDBOX: Type.Enum(['auto', 'bwrap', 'off'], {
    default: 'auto',
    description:
      'How child processes are confined: `bwrap` (required), `off` (full host access), or `auto` (bwrap when a start-up probe shows it works, else off with a loud warning).',
  }),
  TOOLGATE_SANDBOX_MEMORY_MB: int(
    64,
    MiB,
    4096,
    'Data memory (RLIMIT_DATA) each sandboxed process may use, in MiB; also the size of its private `/tmp` (a quarter of it for `/dev/shm` and `/var/tmp`).',
  ),
  TOOLGATE_NOTEBOOK_HEAP_MB: int(
    64,
    16_384,
    1024,
    'Heap of each notebook worker thread, in MiB: notebooks are parsed there, off the event loop, and one whose JSON needs more is refused with 413 `FILE_TOO_LARGE`.',
  ),

  // Network
  TOOLGATE_NET_ALLOW: text(
    'Hosts, host:port pairs, addresses and CIDR ranges the fetch tools may reach although the SSRF guard refuses them, comma-separated (e.g. `internal.example.com:8443,10.0.0.0/8`).',
    {
      'x-accepts': 'a comma list of host, *.domain, host:port, IP address or CIDR range',
    },
  ),
  TOOLGATE_FETCH_MAX_BYTES: int(1024, 100 * MiB, 5 * MiB, 'Most response body bytes `http` and `WebFetch` read.'),
  TOOLGATE_IMPORT_MAX_BYTES: int(1024, 1024 ** 4, 1024 ** 3, 'Largest NDJSON body `POST /v1/corpus/import` reads, in bytes.'),

  // Calls: rate limits and approval
  TOOLGATE_RATE_LIMITS: text(
    'Per-tool limits per caller, e.g. `hello=100000/minute,*=600/minute` (`second`, `minute`, `hour`, `day`); `*` is the default for tools without their own.',
    {
      'x-accepts': 'a comma list of tool=N/second|minute|hour|day',
    },
  ),
  TOOLGATE_APPROVAL_REQUIRED: text(
    'Extra tools held for approval, comma-separated: tool names, `@<toolset>`, or `@destructive` (tools annotated destructive).',
    {
      'x-accepts': 'a comma list of tool names, @toolset or @destructive',
    },
  ),
  TOOLGATE_APPROVAL_TTL: int(1, 30 * 86_400, 86_400, 'Seconds a held call waits before it expires.'),
  TOOLGATE_APPROVAL_SELF: Type.Enum(['deny', 'allow'], {
    default: 'deny',
    description: '`deny`: another key decides a held call (four eyes); `allow`: a key may decide calls it queued itself (single-user setups).',
  }),

  // Agents (Task and its subagents)
  TOOLGATE_AGENTS_DIR: text('Folder of subagent definitions (`<name>.md`: YAML front matter and a system prompt) that `Task` and `GET /v1/agents` offer.', {
    'x-default': 'the `agents/` folder of the toolgate checkout',
    'x-accepts': 'a folder path',
  }),
  TOOLGATE_AGENT_MAX_STEPS: int(1, 1000, 20, 'Model turns one subagent run may take before it ends with what it has (its steps budget).'),
  TOOLGATE_AGENT_MAX_TOKENS: int(
    1,
    1_000_000_000,
    500_000,
    'LLM tokens (prompt + completion, summed over its turns) one subagent run may use before it ends with what it has.',
  ),

  // LLM and web search
  LLM_BASE_URL: url(['http:', 'https:'], 'An OpenAI-compatible endpoint (used by the text, web and glossary tools).'),
  LLM_API_KEY: text('API key for LLM_BASE_URL.', { 'x-secret': true }),
  LLM_MODEL: text('Model name sent to LLM_BASE_URL.'),
  LLM_TIMEOUT_MS: int(1000, 600_000, 60_000, 'How long one LLM request may take, in milliseconds.'),
  LLM_MAX_RETRIES: int(0, 10, 2, 'LLM retries after 429, 5xx or network errors.'),
  SEARCH_BACKEND: Type.Optional(
    Type.Enum(['searxng', 'brave'], { description: 'Web search backend for `search` and `WebSearch`; none means 503 SEARCH_NOT_CONFIGURED.' }),
  ),
  SEARCH_URL: url(['http:', 'https:'], 'SearXNG base URL (required for searxng); for brave, replaces the API base.'),
  SEARCH_API_KEY: text('The Brave Search subscription token (required for brave).', { 'x-secret': true }),
  SEARCH_TIMEOUT_MS: int(100, 120_000, 10_000, 'How long one request to the search backend may take (504 beyond it), in milliseconds.'),
  SEARCH_RETRY_BASE_MS: int(1, 60_000, 500, 'First backoff after a 429 or 5xx from the search backend; it doubles per retry (3 tries in all).'),
})

export type ConfigEnv = Static<typeof ConfigSchema>
export type ConfigName = keyof ConfigEnv

/** The schema of one variable, with the keys above. */
export interface VariableSchema extends TSchema {
  type?: string
  enum?: string[]
  default?: unknown
  description?: string
  minimum?: number
  maximum?: number
  'x-accepts'?: string
  'x-secret'?: boolean
  'x-url'?: string[]
  'x-default'?: string
}

export const variables = (): [ConfigName, VariableSchema][] => Object.entries(ConfigSchema.properties) as [ConfigName, VariableSchema][]

const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`)

/** What a valid value of this variable looks like: "an integer from 1 to 10", "json or pretty"… */
export function accepted(schema: VariableSchema): string {
  if (schema['x-accepts']) return schema['x-accepts']
  if (schema.enum) return orList(schema.enum)
  if (schema.type === 'integer') return `an integer from ${schema.minimum} to ${schema.maximum}`
  if (schema.type === 'boolean') return 'true or false (1 or 0)'
  if (schema['x-url']) return `a URL using ${orList(schema['x-url'])}`
  return 'any text'
}
