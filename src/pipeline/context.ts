/**
 * The execution context travels in headers (REST) or `_meta` (MCP), so that tool bodies stay
 * exactly as their seeds give them. Both are read by this one parser.
 */
import crypto from 'node:crypto'
import { fail } from '../errors.js'

export interface CallContext {
  sessionId?: string
  agentId?: string
  requestId: string
  dryRun: boolean
  /** As asked by the caller; the pipeline fits it into the tool's bounds. */
  timeoutMs?: number
  maxOutputSize?: number
  postId?: number
  threadId?: number
}

export type HeaderBag = Record<string, string | string[] | undefined>

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

function int(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined || raw === '') return undefined
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    fail('INVALID_HEADER', `Invalid ${name} header: expected an integer of at least ${min}, got "${raw}"`, { details: { header: name, received: raw } })
  }
  return Number(raw)
}

function text(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined
  if (raw.length > 200 || /[\u0000-\u001f]/.test(raw)) fail('INVALID_HEADER', `Invalid ${name} header: at most 200 printable characters`)
  return raw
}

const DRY_RUN_VALUES = new Set(['', 'true', 'false', '1', '0'])

/**
 * The context of one call. `requestId` stands in when the call sends no X-Request-Id: the HTTP
 * request's own id, so that its log lines and its history row carry the same one.
 */
export function parseContext(headers: HeaderBag, requestId?: string): CallContext {
  const dryHeader = first(headers['x-dry-run'])
  const dry = dryHeader === undefined ? '' : dryHeader.toLowerCase()
  if (!DRY_RUN_VALUES.has(dry)) fail('INVALID_HEADER', `Invalid X-Dry-Run header: expected true or false, got "${dryHeader}"`)
  return {
    sessionId: text('X-Session-Id', first(headers['x-session-id'])),
    agentId: text('X-Agent-Id', first(headers['x-agent-id'])),
    requestId: text('X-Request-Id', first(headers['x-request-id'])) ?? requestId ?? `req_${crypto.randomUUID()}`,
    dryRun: dry === 'true' || dry === '1',
    timeoutMs: int('X-Timeout-Ms', first(headers['x-timeout-ms']), 1),
    maxOutputSize: int('X-Max-Output-Size', first(headers['x-max-output-size']), 1),
    postId: int('X-Post-Id', first(headers['x-post-id']), 0),
    threadId: int('X-Thread-Id', first(headers['x-thread-id']), 0),
  }
}

/** MCP's `_meta` may use header names or camelCase (`sessionId`, `dryRun`, `timeoutMs`…). */
export function metaToHeaders(meta: Record<string, unknown> | undefined): HeaderBag {
  const out: HeaderBag = {}
  if (!meta) return out
  const names: Record<string, string> = {
    sessionid: 'x-session-id',
    agentid: 'x-agent-id',
    requestid: 'x-request-id',
    dryrun: 'x-dry-run',
    timeoutms: 'x-timeout-ms',
    maxoutputsize: 'x-max-output-size',
    postid: 'x-post-id',
    threadid: 'x-thread-id',
  }
  for (const [k, v] of Object.entries(meta)) {
    const norm = k.toLowerCase().replace(/^x-/, '').replace(/[-_]/g, '')
    const header = names[norm]
    // An object is kept as its JSON, which the context step then refuses as a bad value (String() of one can throw).
    if (header && v !== undefined && v !== null) out[header] = typeof v === 'object' ? JSON.stringify(v) : String(v)
  }
  return out
}

export { seconds } from '../lib/seconds.js'
