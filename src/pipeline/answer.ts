/**
 * What a call answers. A successful call's answer is written as JSON text once (the output's own
 * JSON, reused for its history row, with the envelope after it); its body object, which MCP, XML
 * answers and approvals read, is built only when one of them asks.
 */
import { copyOwn } from '../lib/copy-own.js'

export interface CallOutcome {
  statusCode: number
  body: Record<string, unknown>
  headers: Record<string, string>
  /** `body` as JSON text, when the pipeline has already written it (a successful call). */
  json?: string
}

/** The gateway's fields beside a tool's output. */
export interface Envelope {
  executionId: string
  duration: number
  messages: string[]
  dryRun: boolean
}

const ENVELOPE_FIELDS = ['status', 'execution_id', 'duration_ms', 'messages', 'dry_run']

/** The output as JSON text, or undefined when it is not plain JSON (the body's own serialization then reports it). */
export function outputJson(output: unknown): string | undefined {
  try {
    return JSON.stringify(output)
  } catch {
    return undefined
  }
}

export class OkAnswer implements CallOutcome {
  readonly statusCode = 200
  readonly json: string | undefined
  private built: Record<string, unknown> | undefined = undefined

  private readonly output: Record<string, unknown>

  constructor(
    readonly headers: Record<string, string>,
    output: unknown,
    private readonly envelope: Envelope,
    serialized: string | undefined,
  ) {
    // A tool that answered nothing (or not an object) answers with the envelope alone.
    this.output = typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : {}
    this.json = serialized === undefined ? undefined : answerJson(this.output, serialized, envelope)
  }

  get body(): Record<string, unknown> {
    if (!this.built) {
      const e = this.envelope
      const body = copyOwn(this.output)
      body.status = 'ok'
      body.execution_id = e.executionId
      body.duration_ms = e.duration
      body.messages = e.messages
      if (e.dryRun) body.dry_run = true
      this.built = body
    }
    return this.built
  }
}

/**
 * The answer as `JSON.stringify(body)` would write it. Undefined when the output carries a field of
 * the envelope's (the registry refuses such schemas, but a tool may still return one): the body
 * object, in which the envelope wins, is serialized instead.
 */
function answerJson(output: Record<string, unknown>, serialized: string, e: Envelope): string | undefined {
  if (serialized[0] !== '{') return undefined
  for (const field of ENVELOPE_FIELDS) if (Object.hasOwn(output, field)) return undefined
  const head = serialized.length > 2 ? `${serialized.slice(0, -1)},` : '{'
  const messages = e.messages.length ? JSON.stringify(e.messages) : '[]'
  return `${head}"status":"ok","execution_id":"${e.executionId}","duration_ms":${e.duration},"messages":${messages}${e.dryRun ? ',"dry_run":true' : ''}}`
}
