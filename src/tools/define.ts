/**
 * A tool is one plain object: schemas, words and an `execute`. `defineTool` does nothing at run
 * time (it returns its argument); its value is in the types, so that a tool file reads like a
 * specification and the registry can build every surface from it.
 */
import type { Static, TSchema } from 'typebox'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import type { LlmProvider, TokenUsage } from '../llm/types.js'
import type { XmlElement } from '../lib/xml.js'
import type { SearchBackend } from '../web-search/index.js'
import type { NotebookRunner } from '../notebook/off-thread.js'
import type { ToolSettings } from './settings.js'

export type { ToolSettings } from './settings.js'

export type Scope = 'read' | 'write' | 'exec' | 'network' | 'approve' | 'admin'
export const SCOPES: readonly Scope[] = ['read', 'write', 'exec', 'network', 'approve', 'admin']
/** What a tool needs from its caller; `public` tools need no key at all. */
export type ToolScope = 'public' | 'read' | 'write' | 'exec' | 'network'

/** Categories of seed 002 §4 and §6, plus those the other seeds' tools fall into. */
export type Category =
  | 'FILE'
  | 'EXECUTION'
  | 'WEB'
  | 'TASK'
  | 'NOTEBOOK'
  | 'GIT'
  | 'TEXT'
  | 'GLOSSARY'
  | 'CORPUS'
  | 'CONTEXT'
  | 'WORKFLOW'
  | 'VALIDATION'
  | 'MCP'
  | 'OTHER'

/** MCP's tool annotations: hints for clients and for the approval policy, never a security boundary. */
export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

export interface Caller {
  /** Key id, or `anonymous` for public calls without a key. */
  id: string
  name: string
  scopes: readonly Scope[]
  /** For rate limiting: the key id, or the client address for anonymous callers. */
  rateKey: string
  /** Absolute real path of the caller's workspace root. */
  workspace: string
}

/**
 * Services tools may use, filled in by plugins at start. A plugin that offers one declares it by
 * augmenting this interface (`declare module '../tools/define.js' { interface ToolServices {…} }`).
 */
export interface ToolServices {
  db: Db
  /** The OpenAI-compatible LLM (src/llm); `configured` is false without LLM_BASE_URL. */
  llm: LlmProvider
  /** The web search backend SEARCH_BACKEND names; undefined when none is configured. */
  webSearch?: SearchBackend
  /** Notebook parsing and its work, off the event loop (src/notebook/off-thread.ts). */
  notebooks: NotebookRunner
}

export type { TokenUsage } from '../llm/types.js'

/** How a tool calls another tool (`ctx.callTool`). */
export interface InnerCallOptions {
  /** Sent as the inner call's X-Agent-Id (the subagent's name), else the outer call's. */
  agentId?: string
  /** Sent as X-Timeout-Ms; the call never outlives what is left of the outer call's own time. */
  timeoutMs?: number
  /** Stops the inner call early (a subagent out of time); it stops with the outer call regardless. */
  signal?: AbortSignal
  /** Sent as X-Post-Id / X-Thread-Id instead of the outer call's (the post a subagent is annotating). */
  postId?: number
  threadId?: number
  /**
   * Hold the call for approval whatever its tool's policy, with this reason (a workflow step that
   * escalated goes to a person): it can only add a check, never skip one.
   */
  holdReason?: string
}

/** An inner call's answer, exactly as a client would have had it: status and JSON body. */
export interface InnerCallOutcome {
  statusCode: number
  body: Record<string, unknown>
}

export interface ToolContext {
  executionId: string
  caller: Caller
  workspace: string
  sessionId?: string
  /** The session state is kept under: `X-Session-Id`, or `key:<key id>` when the caller sent none. */
  session: string
  agentId?: string
  requestId: string
  postId?: number
  threadId?: number
  dryRun: boolean
  timeoutMs: number
  maxOutputSize: number
  /** Aborted when the call times out or the server shuts down. */
  signal: AbortSignal
  /** Non-secret settings (workspace rules, limits); secrets stay inside the services that use them. */
  settings: ToolSettings
  services: ToolServices
  log: FastifyBaseLogger
  /** Add a warning to the response's `messages`. */
  warn(message: string): void
  /** Record LLM token usage for this call; it is summed and kept in history. */
  reportUsage(usage: TokenUsage): void
  /** How many calls deep this one is: 0 for a client's own call. */
  depth: number
  /**
   * Calls another tool through the whole pipeline (scopes, rate limit, validation, approval,
   * redaction, history) as this call's caller, recorded as a child of this execution: never with
   * more rights than the caller has. Refusals come back as answers (4xx), not as exceptions.
   */
  callTool(tool: string, args: unknown, options?: InnerCallOptions): Promise<InnerCallOutcome>
}

/**
 * A successful answer's HTTP status when it is not 200 (`ToolDefinition.status`). 202 means the
 * work waits on a held call: the answer says `status: "pending"` and carries `approval_id`, as
 * the pipeline's own holds do.
 */
export type AnswerStatus = { code: 200 | 201 } | { code: 202; approvalId: string }

/**
 * Context headers a tool reads beyond those every call has (session, agent, request id, dry run,
 * timeout, output cap): the glossary agent's reading position. Only a tool that declares one sees
 * it in its context, and only its operation documents it.
 */
export type ToolContextHeader = 'x-post-id' | 'x-thread-id'

/** A sample call: shown in OpenAPI and Swagger UI, and checked against the schema by the tests. */
export interface ToolExample<A> {
  /** What the call does, in a few words (the seed's example says so where it gives one). */
  summary: string
  value: A
}

export interface ApprovalDecision {
  required: boolean
  reason?: string
}

export interface ToolDefinition<I extends TSchema = TSchema, O extends TSchema = TSchema> {
  name: string
  toolset: string
  category: Category
  description: string
  input: I
  output: O
  scope: ToolScope
  /**
   * `always` holds every call for approval; a function decides per call (a risky command, a
   * commit when commits are enabled). Configuration can add tools on top of this.
   */
  approval?: 'never' | 'always' | ((args: Static<I>, settings: ToolSettings) => ApprovalDecision)
  annotations?: ToolAnnotations
  /**
   * The tool honours `ctx.dryRun` (reports what it would do and changes nothing). Only such tools
   * skip approval on a dry run; any other tool held for approval stays held, dry run or not.
   */
  supportsDryRun?: boolean
  /**
   * Checks beyond the schema (sizes, JSON lines) that must fail before a call is held for approval:
   * an approver should never approve a call that cannot run. Throws coded errors.
   */
  precheck?(args: Static<I>, settings: ToolSettings): void | Promise<void>
  /** Context headers it reads (see ToolContextHeader); none by default. */
  contextHeaders?: readonly ToolContextHeader[]
  /** Sample calls, the seed's own where it gives one; the first is the request body's default example. */
  examples?: readonly ToolExample<Static<I>>[]
  /** Default and bounds for `X-Timeout-Ms`. */
  timeout?: { defaultMs: number; minMs?: number; maxMs: number }
  /** A timeout the call's own arguments ask for (Bash's `timeout`), in ms; wins over the header. */
  timeoutFromArgs?(args: Static<I>): number | undefined
  /** Default per-caller limit, e.g. `100/minute`; TOOLGATE_RATE_LIMITS overrides it. */
  rateLimit?: string
  /** Default output cap in bytes when the caller sends no `X-Max-Output-Size`. */
  maxOutputSize?: number
  /**
   * The answer as XML (seed 004's glossary, corpus and context tools), served instead of JSON when
   * the caller asks `Accept: application/xml`. It gets the same object the JSON answer holds.
   */
  xml?(output: Static<O>): XmlElement
  /**
   * Seed 000 §3's escalation rule: "after two consecutive errors, escalate". The answer to the
   * `TOOLGATE_ESCALATE_AFTER`th (2nd) consecutive error from this tool in one session is `ESCALATE`.
   */
  escalates?: boolean
  /**
   * The answer's HTTP status, decided from the output, when it is not a plain 200: workflow_run
   * answers 202 while its run waits for an approval. Errors are thrown as coded errors, not set here.
   */
  status?(output: Static<O>): AnswerStatus | undefined
  execute(args: Static<I>, ctx: ToolContext): Promise<Static<O>> | Static<O>
}

// The registry stores tools of many schemas side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any>

export function defineTool<I extends TSchema, O extends TSchema>(def: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return def
}
