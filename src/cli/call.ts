/** `toolgate call <tool> --arg value … | --json '{…}'`: seed 002 §3 (and §5/§9 for refusals). */
import { type Api, CliExit, type Connection, EXIT, reach } from './client.js'
import { box, ms, paint } from './render.js'

type Answer = Record<string, any>

/** `--name value` pairs into arguments; a value that parses as JSON (3, true, [..]) is taken as that. */
export function parseArgs(rest: string[], json?: string): Record<string, unknown> {
  let args: Record<string, unknown> = {}
  if (json !== undefined) {
    try {
      args = JSON.parse(json)
    } catch (err) {
      throw new CliExit(EXIT.usage, `--json is not valid JSON: ${(err as Error).message}`)
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new CliExit(EXIT.usage, '--json must be a JSON object')
  }
  for (let i = 0; i < rest.length; i++) {
    const m = /^--([^=]+)(?:=(.*))?$/s.exec(rest[i])
    if (!m) throw new CliExit(EXIT.usage, `unexpected argument ${JSON.stringify(rest[i])}: give tool arguments as --name value`)
    const raw = m[2] ?? (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--') ? rest[++i] : 'true')
    args[m[1]] = jsonish(raw)
  }
  return args
}

function jsonish(raw: string): unknown {
  try {
    const v = JSON.parse(raw)
    return typeof v === 'string' ? raw : v
  } catch {
    return raw
  }
}

const ENVELOPE = new Set(['status', 'execution_id', 'duration_ms', 'messages', 'success', 'error', 'output'])

/** What a successful call produced: its `output` text, else its own fields as JSON. */
function outputLines(a: Answer): string[] {
  if (typeof a.output === 'string' && a.output !== '') return [a.output]
  const own = Object.fromEntries(Object.entries(a).filter(([k]) => !ENVELOPE.has(k)))
  return [JSON.stringify(own, null, 2)]
}

/** §3 for an answer that ran (ok, failed, dry run, timed out); §5/§9 for refusals before running. */
export function renderAnswer(tool: string, a: Answer): string {
  if (a.status === 'pending') return renderHeld(tool, a)
  if (a.error_code === 'VALIDATION_ERROR') return renderValidation(tool, a)
  if (a.error_code === 'TOOL_NOT_FOUND') return renderNotFound(tool, a)
  const foot = [`Duration: ${ms(a.duration_ms)}`]
  if (a.status === 'ok') {
    const dry = typeof a.output === 'string' && a.output.startsWith('[Dry Run]')
    const status = dry ? paint('yellow', '◐ Dry Run') : paint('green', '✓ Success')
    return box([[`Tool: ${tool}`, `Status: ${status}`], dry ? outputLines(a) : ['Output:', ...outputLines(a)], foot])
  }
  const timedOut = a.error_code === 'TIMEOUT' || a.error_code === 'TOOL_TIMEOUT'
  const status = timedOut ? paint('yellow', '⏱ Timed Out') : paint('red', '✗ Failed')
  const extra = a.details?.command ? [`Command: ${a.details.command}`] : []
  return box([[`Tool: ${tool}`, `Status: ${status}`], [`Error: ${a.error_message ?? a.error}`, ...extra], foot])
}

function renderValidation(tool: string, a: Answer): string {
  const d = a.details ?? {}
  const facts: string[] = []
  if (d.required_parameters?.length) {
    facts.push('', 'Required parameters:', ...d.required_parameters.map((p: any) => `  • ${p.name} (${p.type}) - ${p.description ?? ''}`))
  }
  if (d.received !== undefined) facts.push('', `Received: ${typeof d.received === 'string' ? d.received : JSON.stringify(d.received)}`)
  if (d.expected !== undefined) facts.push(`Expected: ${d.expected}`)
  if (d.valid_options) facts.push(`Valid options: ${[].concat(d.valid_options).join(', ')}`)
  if (d.constraints)
    facts.push(
      `Constraints: ${Object.entries(d.constraints)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
    )
  return box([[paint('red', 'Validation Error')], [`Tool: ${d.tool ?? tool}`, `Error: ${a.error_message}`, ...facts]])
}

function renderNotFound(tool: string, a: Answer): string {
  const suggestions: string[] = a.details?.suggestions ?? []
  const hint = suggestions.length ? ['', 'Did you mean one of these?', ...suggestions.map((s) => `  • ${s}`)] : []
  return box([
    [paint('red', 'Error: Tool Not Found')],
    [`The tool "${tool}" is not registered.`, ...hint, '', 'Use toolgate tools to see all available tools.'],
  ])
}

function renderHeld(tool: string, a: Answer): string {
  return box([
    [`Tool: ${tool}`, `Status: ${paint('yellow', '⏸ Held for approval')}`],
    [`Approval ID:  ${a.approval_id}`, `Execution ID: ${a.execution_id}`, ...(a.expires_at ? [`Expires:      ${a.expires_at}`] : [])],
    ['A key with the approve scope can run it:', `  toolgate approvals approve ${a.approval_id}`],
  ])
}

/** The exit code for an answer (docs/cli.md). */
export function exitFor(status: number, a: Answer): number {
  if (a.status === 'ok') return EXIT.ok
  if (a.status === 'pending') return EXIT.held
  if (status === 401 || a.error_code === 'UNAUTHORIZED' || a.error_code === 'FORBIDDEN') return EXIT.unreachable
  return EXIT.toolError
}

export interface CallOptions {
  json?: string
  output: string
  dryRun?: boolean
}

export async function call(client: Api, conn: Connection, tool: string, rest: string[], o: CallOptions): Promise<number> {
  const body = parseArgs(rest, o.json)
  // Every tool has its own typed path; the name comes from the command line, so its type is any one of them.
  const path = `/v1/tools/${encodeURIComponent(tool)}` as '/v1/tools/hello'
  const res = await reach(conn, () => client.POST(path, { body: body as never, headers: o.dryRun ? { 'x-dry-run': 'true' } : {}, parseAs: 'text' } as never))
  const { response, data, error } = res as { response: Response; data?: string; error?: unknown }
  const status = response.status
  // openapi-fetch hands over an error body already parsed when it is JSON.
  const raw = data ?? error ?? ''
  let answer: Answer
  try {
    answer = typeof raw === 'string' ? JSON.parse(raw) : (raw as Answer)
  } catch {
    throw new CliExit(EXIT.toolError, `HTTP ${status}: ${String(raw).slice(0, 500)}`)
  }
  if (o.output === 'json') process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`)
  else if (exitFor(status, answer) === EXIT.unreachable) throw new CliExit(EXIT.unreachable, `${answer.error_code}: ${answer.error_message}`)
  else process.stdout.write(renderAnswer(tool, answer))
  return exitFor(status, answer)
}
