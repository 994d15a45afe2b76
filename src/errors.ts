/**
 * The one catalogue of coded errors. Every failure a client can see is one of these: a stable
 * upper-snake `code`, the HTTP status it carries, and a message that says what to do next.
 * Callers branch on `code`, never on classes.
 */
import createError from '@fastify/error'

const catalogue = {
  VALIDATION_ERROR: 400,
  INVALID_REQUEST: 400,
  INVALID_JSONL: 400,
  INVALID_HEADER: 400,
  BINARY_FILE: 400,
  UNKNOWN_FORMAT: 400,
  EDIT_NO_MATCH: 400,
  EDIT_NOT_UNIQUE: 400,
  EDIT_NO_CHANGE: 400,
  GIT_OPTION_INJECTION: 400,
  INVALID_NOTEBOOK: 400,
  /** A workflow file with problems (workflow_validate lists them all, each with its line:column). */
  INVALID_WORKFLOW: 400,
  /** Seed 000 §3: the second consecutive error from one tool in a session; carries the failing call's own status. */
  ESCALATE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SCOPE_REQUIRED: 403,
  PATH_OUTSIDE_WORKSPACE: 403,
  PATH_BLOCKED: 403,
  /** A repository that reaches outside the workspace, or (without the sandbox) configures programs for git to run. */
  GIT_UNSAFE_REPOSITORY: 403,
  TOOL_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  NOT_FOUND: 404,
  APPROVAL_NOT_FOUND: 404,
  EXECUTION_NOT_FOUND: 404,
  SHELL_NOT_FOUND: 404,
  KEY_NOT_FOUND: 404,
  ENTRY_NOT_FOUND: 404,
  POST_NOT_FOUND: 404,
  THREAD_NOT_FOUND: 404,
  SNAPSHOT_NOT_FOUND: 404,
  CELL_NOT_FOUND: 404,
  WORKFLOW_RUN_NOT_FOUND: 404,
  NO_ACTIVE_SUMMON: 409,
  NO_ACTIVE_NOTEBOOK: 409,
  CONFLICT: 409,
  APPROVAL_NOT_PENDING: 409,
  APPROVAL_EXPIRED: 409,
  APPROVAL_REJECTED: 403,
  /** Four eyes: the key (or a key of the same name) that queued a call may not decide it. */
  SELF_APPROVAL: 403,
  TOOL_ALREADY_REGISTERED: 409,
  /** A subagent or workflow nested deeper than the pipeline allows (a Task that starts Tasks…). */
  CALL_DEPTH_EXCEEDED: 409,
  SHELL_ON_OTHER_INSTANCE: 409,
  TOO_MANY_SHELLS: 409,
  ENTRY_EXISTS: 409,
  SUMMON_ACTIVE: 409,
  NOTEBOOK_FINALIZED: 409,
  /** The request (headers and body) did not arrive whole within TOOLGATE_REQUEST_TIMEOUT_MS. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  ENTRY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  NOT_CONFIGURED: 503,
  LLM_NOT_CONFIGURED: 503,
  SEARCH_NOT_CONFIGURED: 503,
  PYTHON_NOT_AVAILABLE: 503,
  /** Grep runs ripgrep only; the message says how to install it or point TOOLGATE_RG at it. */
  GREP_NOT_AVAILABLE: 503,
  UPSTREAM_ERROR: 502,
  SSRF_BLOCKED: 403,
  SERVICE_UNAVAILABLE: 503,
  /** The database cannot be reached; sent with Retry-After. Tools that need no database keep working. */
  DATABASE_UNAVAILABLE: 503,
  TIMEOUT: 504,
  /** The client closed its connection before the answer (nginx's 499): the call was stopped; history shows it. */
  CLIENT_CLOSED: 499,
} as const

export type ErrorCode = keyof typeof catalogue

export interface CodedError extends Error {
  code: ErrorCode
  statusCode: number
  /** Structured facts for the client (received value, valid options…); never internals. */
  details?: Record<string, unknown>
  /** Extra response headers, such as Retry-After. */
  headers?: Record<string, string>
}

const constructors = Object.fromEntries(Object.entries(catalogue).map(([code, status]) => [code, createError(code, '%s', status)])) as Record<
  ErrorCode,
  ReturnType<typeof createError>
>

export function codedError(code: ErrorCode, message: string, extra: { details?: Record<string, unknown>; headers?: Record<string, string> } = {}): CodedError {
  const err = new constructors[code](message) as unknown as CodedError
  if (extra.details) err.details = extra.details
  if (extra.headers) err.headers = extra.headers
  return err
}

/** Throw a coded error: `fail('FILE_NOT_FOUND', 'File not found: a.txt')`. */
export function fail(code: ErrorCode, message: string, extra?: { details?: Record<string, unknown>; headers?: Record<string, string> }): never {
  throw codedError(code, message, extra)
}

export function statusOf(code: ErrorCode): number {
  return catalogue[code]
}

export function isCodedError(err: unknown): err is CodedError {
  const e = err as Partial<CodedError> | null
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && e.code in catalogue && typeof e.statusCode === 'number'
}

export const errorCodes = Object.keys(catalogue) as ErrorCode[]
