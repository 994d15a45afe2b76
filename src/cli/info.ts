/** Read-only views: `tools [name]` (§4), `registry` (§6), `history` (§7), `context` (§8), `schemas <format>`. */
import type { Command } from 'commander'
import type { components } from './api.js'
import { CliExit, EXIT, ok, reach } from './client.js'
import { action, context } from './command.js'
import { box, ms, oneLine, paint } from './render.js'

/** Prints `data` as JSON for --output json, else the display `render` makes of it. */
function show<D>(output: string, data: D, render: (d: D) => string): number {
  process.stdout.write(output === 'json' ? `${JSON.stringify(data, null, 2)}\n` : render(data))
  return EXIT.ok
}

type ToolList = { total: number; categories: Record<string, { name: string; description: string }[]> }

export function renderToolList(list: ToolList): string {
  const width = Math.max(...Object.values(list.categories).flatMap((ts) => ts.map((t) => t.name.length)), 4) + 1
  const lines = ['']
  for (const [category, tools] of Object.entries(list.categories)) {
    if (tools.length === 0) continue
    lines.push(paint('bold', `${category} (${tools.length})`))
    for (const t of tools) lines.push(`  ${t.name.padEnd(width)}${clip(firstSentence(t.description), 65 - width)}`)
    lines.push('')
  }
  return box([[`Available Tools (${list.total})`], lines])
}

const firstSentence = (s: string): string => /^.*?[.:](\s|$)/.exec(s)?.[0].trim().replace(/[.:]$/, '') ?? s
// One line per tool, as in §4: a description that does not fit is cut, not wrapped.
const clip = (s: string, n: number): string => ([...s].length <= n ? s : `${[...s].slice(0, n - 1).join('')}…`)

type ToolDetails = { name: string; category: string; description: string; parameters: Record<string, any>[] }

export function renderTool(t: ToolDetails): string {
  const params = ['']
  for (const p of t.parameters) {
    const flags = p.required ? '[required]' : `[optional${p.default !== undefined ? `, default: ${JSON.stringify(p.default)}` : ''}]`
    params.push(`  ${paint('bold', p.name)} (${p.type}) ${flags}`)
    if (p.description) params.push(`    ${p.description}`)
    const c = Object.entries(p.constraints ?? {}).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('|') : v}`)
    if (c.length) params.push(`    Constraints: ${c.join(', ')}`)
    params.push('')
  }
  return box([
    [`Tool: ${t.name}`, `Category: ${t.category}`],
    ['Description:', t.description],
    ['Parameters:', ...params],
  ])
}

type Registry = { instance_id: string; total_tools: number; by_category: Record<string, number>; registered_tools: string[]; toolsets: string[] }

export function renderRegistry(r: Registry): string {
  const width = Math.max(...Object.keys(r.by_category).map((c) => c.length)) + 2
  const cats = Object.entries(r.by_category).map(([c, n]) => `  ${`${c}:`.padEnd(width)}${n} ${n === 1 ? 'tool' : 'tools'}`)
  return box([
    ['Tool Registry State'],
    [
      `Instance ID: ${r.instance_id}`,
      `Total Tools: ${r.total_tools}`,
      `Toolsets:    ${r.toolsets.join(', ')}`,
      '',
      'By Category:',
      ...cats,
      '',
      'Registered Tools:',
      `  ${r.registered_tools.join(', ')}`,
    ],
  ])
}

const STATUS: Record<string, string> = { ok: 'Success', error: 'Failed', timeout: 'Timed Out', pending: 'Held for approval' }

export function renderHistory(page: { executions: components['schemas']['Execution'][]; total: number; next_cursor: string | null }, from: number): string {
  const lines = [`Total Executions: ${page.total}`, '']
  page.executions.forEach((e, i) => {
    const when = e.started_at.replace('T', ' ').slice(0, 19)
    lines.push(`#${from + i}  [${when}]`, `    Tool: ${e.tool}`, `    Params: ${oneLine(e.params)}`, `    Status: ${STATUS[e.status] ?? e.status}`)
    if (e.error) lines.push(`    Error: ${e.error}`)
    lines.push(`    Duration: ${ms(e.duration_ms as number | null)}`, '')
  })
  // Below the box, on one line, so that the command can be copied whole.
  const next = page.next_cursor ? `Next page: toolgate history --from ${from + page.executions.length} --cursor ${page.next_cursor}\n` : ''
  return box([['Tool Execution History'], lines]) + next
}

type Ctx = {
  working_dir: string
  session_id: string | null
  agent_id: string | null
  dry_run: boolean
  timeout: string
  max_output_size: number
  metadata: Record<string, unknown>
}

export function renderContext(c: Ctx): string {
  const meta = Object.entries(c.metadata).map(([k, v]) => `  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
  return box([
    ['Execution Context'],
    [
      `Working Directory: ${c.working_dir}`,
      `Session ID:        ${c.session_id ?? '-'}`,
      `Agent ID:          ${c.agent_id ?? '-'}`,
      `Dry Run:           ${c.dry_run}`,
      `Timeout:           ${c.timeout}`,
      `Max Output Size:   ${c.max_output_size.toLocaleString('en-US')} bytes`,
      '',
      'Metadata:',
      ...meta,
    ],
  ])
}

export function registerInfo(p: Command): void {
  p.command('tools')
    .description('list the tools (§4), or show one with its parameters')
    .argument('[name]', 'a tool name')
    .action(
      action(async (name: string | undefined, _o: unknown, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        if (name === undefined) return show(output, ok(await reach(conn, () => client.GET('/v1/tools'))) as ToolList, renderToolList)
        const res = await reach(conn, () => client.GET('/v1/tools/{name}', { params: { path: { name } } }))
        if (res.response.status === 404) throw new CliExit(EXIT.toolError, (res.error as { error_message?: string })?.error_message ?? `no tool ${name}`)
        return show(output, ok(res) as ToolDetails, renderTool)
      }),
    )
  p.command('registry')
    .description('the registry state (§6; needs the admin scope)')
    .action(
      action(async (_o: unknown, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        return show(output, ok(await reach(conn, () => client.GET('/v1/registry'))), renderRegistry)
      }),
    )
  p.command('history')
    .description('recent calls, newest first (§7), a page at a time')
    .option('--limit <n>', 'calls per page', '20')
    .option('--cursor <cursor>', 'the page after this cursor (printed at the end of a page)')
    .option('--from <n>', 'number of the first call on this page', '1')
    .option('--tool <name>', 'only calls of this tool')
    .action(
      action(async (o: { limit: string; cursor?: string; from: string; tool?: string }, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        const query = { limit: Number(o.limit), cursor: o.cursor, tool: o.tool }
        const page = ok(await reach(conn, () => client.GET('/v1/executions', { params: { query } })))
        return show(output, page, (d) => renderHistory(d, Number(o.from) || 1))
      }),
    )
  p.command('context')
    .description('the execution context a call would run in (§8)')
    .option('--tool <name>', "fit the limits into this tool's bounds")
    .action(
      action(async (o: { tool?: string }, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        return show(output, ok(await reach(conn, () => client.GET('/v1/context', { params: { query: { tool: o.tool } } }))), renderContext)
      }),
    )
  p.command('schemas')
    .description('the tool schemas for an LLM provider (openai, anthropic, langchain, …), as JSON')
    .argument('<format>', 'export format')
    .option('--strict', "OpenAI's strict mode")
    .action(
      action(async (format: string, o: { strict?: boolean }, cmd: Command) => {
        const { client, conn } = context(cmd)
        const query = o.strict ? { strict: true } : {}
        const res = await reach(conn, () => client.GET('/v1/schemas/{format}', { params: { path: { format }, query } as never }))
        process.stdout.write(`${JSON.stringify(ok(res), null, 2)}\n`)
        return EXIT.ok
      }),
    )
}
