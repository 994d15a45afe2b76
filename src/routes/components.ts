/**
 * The named schemas of the OpenAPI document (`#/components/schemas/…`): what the routes answer,
 * so that generated clients get named types instead of `unknown`. Each has an `$id`, is added once
 * to the app (addComponents) and is referred to with `ref()`, which keeps its static type for the
 * handlers of routes on the TypeBox type provider.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { SCOPES } from '../tools/define.js'
import { SnapshotView } from '../glossary/snapshots/view.js'

export const Nullable = <T extends TSchema>(schema: T, description?: string) => Type.Union([schema, Type.Null()], description ? { description } : {})
const Json = (description: string) => Type.Unknown({ description })
const Time = (description: string) => Type.String({ format: 'date-time', description })
const Caller = Type.Object({ id: Type.String({ description: 'Key id, or `anonymous`' }), name: Type.String() }, { description: 'Who made the call' })

export const ToolError = Type.Object(
  {
    status: Type.Literal('error'),
    error_code: Type.String({ description: 'Stable upper-snake code, e.g. VALIDATION_ERROR, PATH_BLOCKED' }),
    error_message: Type.String(),
    details: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Structured facts: received value, valid options, suggestions…' })),
    execution_id: Type.Optional(Type.String()),
    duration_ms: Type.Optional(Type.Number()),
    messages: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'ToolError', description: 'A refused or failed call: the error envelope of every route' },
)

export const ToolPending = Type.Object(
  {
    status: Type.Literal('pending'),
    approval_id: Type.String({ format: 'uuid' }),
    execution_id: Type.String({ format: 'uuid' }),
    expires_at: Type.Optional(Time('When the held call expires unless decided')),
    duration_ms: Type.Optional(Type.Number()),
    messages: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'ToolPending', description: 'The call is held until a key with the approve scope approves it' },
)

export const Approval = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    execution_id: Type.String({ format: 'uuid', description: 'Where the result will be: GET /v1/executions/{id}' }),
    tool: Type.String(),
    params: Json('The held arguments, redacted'),
    reason: Nullable(Type.String(), 'Why it is held'),
    caller: Caller,
    workspace: Type.String({ description: "The caller's folder under the server workspace ('' = the root)" }),
    status: Type.Enum(['pending', 'approved', 'rejected', 'expired']),
    decided_by: Nullable(Type.String()),
    decision_note: Nullable(Type.String()),
    created_at: Time('When it was held'),
    expires_at: Time('When it expires unless decided'),
    decided_at: Nullable(Time('When it was decided')),
  },
  { $id: 'Approval', description: 'A call held for approval' },
)

export const Execution = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    tool: Type.String(),
    toolset: Type.String(),
    transport: Type.String({ description: 'rest, mcp or inner (a call made by a tool)' }),
    params: Json('The arguments, redacted'),
    caller: Caller,
    session_id: Nullable(Type.String()),
    agent_id: Nullable(Type.String()),
    request_id: Nullable(Type.String()),
    status: Type.String({ description: 'ok, error, timeout, pending, running, interrupted, approved, rejected or expired' }),
    http_status: Type.Integer(),
    error_code: Nullable(Type.String()),
    error: Nullable(Type.String()),
    result: Json("The tool's answer, redacted, as a preview: 4 KiB in all, 32 KiB for a held call once approved (null until it ran)"),
    messages: Type.Array(Type.String()),
    dry_run: Type.Boolean(),
    usage: Json('LLM token usage, summed over the call'),
    duration_ms: Nullable(Type.Integer()),
    started_at: Time('When the call started'),
    completed_at: Nullable(Time('When it finished')),
    parent_execution_id: Nullable(Type.String({ format: 'uuid' }), 'The call that made this one (a subagent or workflow step)'),
  },
  { $id: 'Execution', description: 'One recorded call (seed 002 §7)' },
)

const ScopeEnum = Type.Enum([...SCOPES])
const keyFields = {
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'First characters of the key, to tell keys apart' }),
  scopes: Type.Array(ScopeEnum),
  workspace: Type.String({ description: 'Folder inside the server workspace its tools are confined to' }),
  created_at: Time('When it was created'),
  revoked_at: Nullable(Time('When it was revoked')),
  last_used_at: Nullable(Time('Last use, to the minute')),
}
export const ApiKey = Type.Object(keyFields, { $id: 'ApiKey', description: 'An API key (never the key itself)' })
export const CreatedApiKey = Type.Object(
  { ...keyFields, key: Type.String({ description: 'The key: shown this once, stored only as a hash' }) },
  { $id: 'CreatedApiKey', description: 'A new API key, with the key itself' },
)

export const GlossaryEntry = Type.Object(
  {
    id: Type.Integer(),
    term: Type.String(),
    definition: Type.String({ description: 'Markdown with [[Term]] references' }),
    tags: Type.Array(Type.String()),
    status: Type.Union([Type.Literal('tentative'), Type.Literal('confirmed')]),
    first_seen_post_id: Nullable(Type.Integer()),
    first_seen_thread_id: Nullable(Type.Integer()),
    last_updated_post_id: Nullable(Type.Integer()),
    last_updated_thread_id: Nullable(Type.Integer()),
    created_by: Nullable(Type.String()),
    created_at: Time('When it was created'),
    updated_at: Time('When it last changed'),
  },
  { $id: 'GlossaryEntry', description: 'A glossary entry as it stands' },
)

export const GlossaryRevision = Type.Object(
  {
    id: Type.Integer(),
    entry_id: Type.Integer(),
    action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
    fields: Type.Array(Type.String(), { description: 'The fields it changed' }),
    old_values: Nullable(Type.Record(Type.String(), Type.Unknown())),
    new_values: Nullable(Type.Record(Type.String(), Type.Unknown())),
    reason: Nullable(Type.String(), 'Why it was deleted'),
    post_id: Nullable(Type.Integer(), 'The post the agent was reading (X-Post-Id)'),
    thread_id: Nullable(Type.Integer(), 'The thread the agent was reading (X-Thread-Id)'),
    session_id: Nullable(Type.String()),
    actor: Type.Object({ id: Type.String(), name: Nullable(Type.String()) }),
    execution_id: Nullable(Type.String()),
    created_at: Time('When it was made'),
  },
  { $id: 'GlossaryRevision', description: 'One change to a glossary entry' },
)

export const Snapshot = Type.Object(
  {
    ...SnapshotView.properties,
    last_revision_id: Nullable(Type.Integer(), 'The last glossary revision it includes'),
    created_by: Nullable(Type.String(), 'Key id of who took it'),
  },
  { $id: 'Snapshot', description: 'A frozen copy of the glossary (seed 004)' },
)

export const ImportSummary = Type.Object(
  {
    status: Type.Literal('ok'),
    lines: Type.Integer({ description: 'Lines read (blank ones included)' }),
    inserted: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    rejected: Type.Integer(),
    errors: Type.Array(Type.Object({ line: Type.Integer(), error: Type.String() }), { description: 'The first rejected lines, in order' }),
    threads: Type.Integer({ description: 'Distinct threads among the accepted posts' }),
    duration_ms: Type.Number(),
    posts_per_second: Type.Number(),
  },
  { $id: 'ImportSummary', description: 'What a corpus import did' },
)

const RpcId = Type.Union([Type.String(), Type.Number(), Type.Null()], { description: 'The request id (none on a notification)' })

export const JsonRpcRequest = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(RpcId),
    method: Type.String({ description: 'initialize, tools/list, tools/call, notifications/initialized…' }),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'tools/call: {name, arguments, _meta}' })),
  },
  { $id: 'JsonRpcRequest', description: 'An MCP (JSON-RPC 2.0) request or notification' },
)

export const JsonRpcResponse = Type.Union(
  [
    Type.Object({ jsonrpc: Type.Literal('2.0'), id: RpcId, result: Type.Record(Type.String(), Type.Unknown()) }),
    Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'The answers to a batch' }),
  ],
  { $id: 'JsonRpcResponse', description: 'An MCP (JSON-RPC 2.0) result; tools/call results carry structuredContent and isError' },
)

export const JsonRpcError = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    error: Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
    id: RpcId,
  },
  { $id: 'JsonRpcError', description: 'An MCP (JSON-RPC 2.0) error' },
)

const COMPONENTS: TSchema[] = [
  ToolError,
  ToolPending,
  Approval,
  Execution,
  ApiKey,
  CreatedApiKey,
  GlossaryEntry,
  GlossaryRevision,
  Snapshot,
  ImportSummary,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcError,
]

/** Adds every named schema to the app (the root context: swagger plugin), once. */
export function addComponents(app: FastifyInstance): void {
  for (const schema of COMPONENTS) app.addSchema(schema)
}

/** A reference to a named schema, typed as the schema itself. */
export const ref = <T extends TSchema & { $id?: string }>(schema: T): TUnsafe<Static<T>> => Type.Unsafe<Static<T>>({ $ref: `${schema.$id}#` })
