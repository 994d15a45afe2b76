/** `toolgate approvals [approve|reject <id>]` and `toolgate keys create|list|revoke`. */
import Table from 'cli-table3'
import type { Command } from 'commander'
import type { components } from './api.js'
import { renderAnswer } from './call.js'
import { CliExit, EXIT, ok, reach } from './client.js'
import { action, context } from './command.js'
import { oneLine, useColour } from './render.js'

type Approval = components['schemas']['Approval']
type ApiKey = components['schemas']['ApiKey']
type Scope = ApiKey['scopes'][number]
const SCOPES: Scope[] = ['read', 'write', 'exec', 'network', 'approve', 'admin']

/** A cli-table3 table; its own colours only on a TTY. */
const table = (head: string[]) => new Table({ head, style: useColour() ? {} : { head: [], border: [] }, wordWrap: true })

const print = (output: string, data: unknown, text: () => string): number => {
  process.stdout.write(output === 'json' ? `${JSON.stringify(data, null, 2)}\n` : text())
  return EXIT.ok
}

export function renderApprovals(list: Approval[]): string {
  if (list.length === 0) return 'No held calls.\n'
  const t = table(['Approval ID', 'Tool', 'Arguments (redacted)', 'Caller', 'Status', 'Expires'])
  for (const a of list) t.push([a.id, a.tool, oneLine(a.params, 50), a.caller.name, a.status, a.expires_at])
  return `${t.toString()}\n`
}

export function renderKeys(keys: ApiKey[]): string {
  const t = table(['ID', 'Name', 'Prefix', 'Scopes', 'Workspace', 'Created', 'Revoked'])
  for (const k of keys) t.push([k.id, k.name, k.prefix, k.scopes.join(','), k.workspace || '/', k.created_at, k.revoked_at ?? ''])
  return `${t.toString()}\n`
}

function registerApprovals(p: Command): void {
  const approvals = p
    .command('approvals')
    .description('held calls: list them (with their tool and redacted arguments), approve or reject one')
    .option('--status <status>', 'pending, approved, rejected, expired or all', 'pending')
    .action(
      action(async (o: { status: 'pending' | 'approved' | 'rejected' | 'expired' | 'all' }, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        const data = ok(await reach(conn, () => client.GET('/v1/approvals', { params: { query: { status: o.status } } })))
        return print(output, data, () => renderApprovals(data.approvals))
      }),
    )
  for (const verb of ['approve', 'reject'] as const) {
    approvals
      .command(verb)
      .description(verb === 'approve' ? 'run a held call (needs the approve scope; not your own call)' : 'refuse a held call')
      .argument('<id>', 'approval id')
      .option('--note <text>', 'why, kept with the decision')
      .action(
        action(async (id: string, o: { note?: string }, cmd: Command) => {
          const { client, conn, output } = context(cmd)
          const body = o.note === undefined ? {} : { note: o.note }
          const path = verb === 'approve' ? '/v1/approvals/{id}/approve' : '/v1/approvals/{id}/reject'
          const data = ok(await reach(conn, () => client.POST(path, { params: { path: { id } }, body })))
          return print(output, data, () => decided(data))
        }),
      )
  }
}

/** After a decision: the approval's new status and, once approved, the call's own result box. */
function decided(d: { approval: Approval; result?: Record<string, any> }): string {
  const head = `Approval ${d.approval.id}: ${d.approval.status}${d.approval.decision_note ? ` (${d.approval.decision_note})` : ''}\n`
  return d.result ? head + renderAnswer(d.approval.tool, d.result) : head
}

function registerKeys(p: Command): void {
  const keys = p.command('keys').description('API keys (needs the admin scope)')
  keys
    .command('list')
    .description('every key, revoked ones included')
    .action(
      action(async (_o: unknown, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        const data = ok(await reach(conn, () => client.GET('/v1/keys')))
        return print(output, data, () => renderKeys(data.keys))
      }),
    )
  keys
    .command('create')
    .description('a new key; the key itself is shown this once')
    .argument('<name>', 'who or what uses it')
    .option('--scopes <list>', `comma-separated: ${SCOPES.join(', ')}`, 'read')
    .option('--workspace <folder>', 'confine its tools to this folder of the server workspace')
    .action(
      action(async (name: string, o: { scopes: string; workspace?: string }, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        const scopes = o.scopes.split(',').map((s) => s.trim()) as Scope[]
        const bad = scopes.filter((s) => !SCOPES.includes(s))
        if (bad.length) throw new CliExit(EXIT.usage, `unknown scope ${bad.join(', ')}: use ${SCOPES.join(', ')}`)
        const body = { name, scopes, ...(o.workspace !== undefined && { workspace: o.workspace }) }
        const data = ok(await reach(conn, () => client.POST('/v1/keys', { body })))
        return print(output, data, () => `${renderKeys([data])}Key (shown this once): ${data.key}\n`)
      }),
    )
  keys
    .command('revoke')
    .description('revoke a key by id')
    .argument('<id>', 'key id (toolgate keys list)')
    .action(
      action(async (id: string, _o: unknown, cmd: Command) => {
        const { client, conn, output } = context(cmd)
        const data = ok(await reach(conn, () => client.DELETE('/v1/keys/{id}', { params: { path: { id } } })))
        return print(output, data, () => `Revoked ${data.key.id} (${data.key.name}).\n`)
      }),
    )
}

export function registerAdmin(p: Command): void {
  registerApprovals(p)
  registerKeys(p)
}
