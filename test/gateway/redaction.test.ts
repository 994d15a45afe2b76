/**
 * The redactor end to end: one fake secret of every kind the catalogue knows is planted in real
 * calls (a tool's argument, a call held for approval, context headers, a call that fails
 * validation, approval notes), and none of them may then be found in clear in the logs, the
 * history, the approval queue, or the database files.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECRET_KINDS } from '../../src/redaction/index.js'
import { defineTool } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { ADMIN_KEY, buildTestApp, type TestApp } from '../helper.js'

// Assembled at run time so that this file never trips a secret scanner.
const j = (...parts: string[]) => parts.join('')
const b64 = (s: string) => Buffer.from(s).toString('base64')

interface Plant {
  kind: string
  text: string
  needles: string[]
}
const plant = (kind: string, template: string, secret: string): Plant => ({
  kind,
  text: template.replace('%s', secret),
  needles: secret.split('\n'),
})

const PEM_LINES = [
  j('MIIEowIBAAKCAQEAtoolgate', 'FAKEredactionPROBE0123456789abcdefABCDEFGHIJKL'),
  j('FAKEfakeFAKEfake', '0123456789gatewayPROBEfakeFAKEfake0123456789xyzXYZ=='),
]

function plants(toolgateKey: string): Plant[] {
  return [
    plant('private_key', '-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----', PEM_LINES.join('\n')),
    plant('aws_access_key', 'id=%s region=us-east-1', j('AKIA', 'TGPROBE7EXAMPLEZ')),
    plant('aws_secret_access_key', 'aws_secret_access_key = %s', j('wJalrXUtnTGPROBE/K7MDE', 'bPxRfiCYEXAMPLEKEY')),
    plant('github_token', 'push with %s now', j('ghp_', 'TGPROBEfakeFAKEfake0123456789abcdefAB')),
    plant('github_fine_grained_pat', 'GH=%s done', j('github_', 'pat_11TGPROBE000000000000_', 'FAKEfake'.repeat(7), 'xyz')),
    plant('anthropic_api_key', 'x-api-key: %s ok', j('sk-', 'ant-api03-', 'TGPROBE0123456789_-FAKEfake0123456789-EXAMPLEAA')),
    plant('openai_api_key', 'OPENAI %s ok', j('sk-', 'proj-TGPROBEfake0123456789FAKEfake0123456789')),
    plant('slack_webhook', 'post to %s please', j('https://hooks.', 'slack.com/services/T0TGPROBE/B00000000/', 'XXXXXXXXTGPROBEXXXXXXXXX')),
    plant('slack_token', 'bot %s here', j('xox', 'b-000000000000-0000000000000-TGPROBEfakeFAKEfakeFAKE')),
    plant('google_api_key', 'maps key %s ok', j('AI', 'zaSyTGPROBE-fake_FAKE0123456789abcdefgh')),
    plant('google_oauth_client_secret', 'client secret %s ok', j('GOCSPX', '-TGPROBE0123456789_-FAKEfake01')),
    plant('stripe_key', 'stripe %s ok', j('sk_', 'live_', 'TGPROBEfake0123456789FAKEfake')),
    plant(
      'jwt',
      'session=%s; Path=/',
      j('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.eyJzdWIiOiJ0Z3Byb2JlIiwibmFtZSI6IlByb2JlIn0', '.TGPROBExwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQ'),
    ),
    plant('gitlab_token', 'PRIVATE-TOKEN: %s', j('glpat-', 'TGPROBEfake0123456789ab')),
    plant('npm_token', '//registry.npmjs.org/:_authToken=%s', j('npm_', 'TGPROBEfakeFAKEfake0123456789abcdefAB')),
    plant('toolgate_api_key', 'caller %s ok', toolgateKey),
    plant('url_password', 'DATABASE_URL=postgres://admin:%s@db:5432/app', 'Url-Pa55-tgprobe-9'),
    plant('bearer_token', 'Authorization: Bearer %s', 'abcDEF0123456789bearerTGPROBEfake'),
    plant('basic_auth', 'Authorization: Basic %s\r\nHost: x', b64('admin:basic-tgprobe-Pw7')),
    plant('generic_secret', 'login with password=%s then go', 'Zq8-tgprobe-generic-Pw'),
  ]
}

const FIELD_SECRET = 'field-named-value-tgprobe-42'
const HEADER_SECRETS = {
  'x-session-id': j('Bearer ', 'sessTGPROBE0123456789abcdefXYZ'),
  'x-agent-id': j('eyJhbGciOiJIUzI1NiJ9', '.eyJhZ2VudCI6InRncHJvYmUifQ', '.AgentTGPROBEsig0123456789'),
  'x-request-id': j('ghs_', 'TGPROBEreqFAKEfake0123456789abcdefAB'),
}
const NOTE_SECRETS = [j('sk_', 'test_', 'TGPROBEapproveNote0123456789'), j('xox', 'p-000000000000-TGPROBErejectNote0123')]

const probe = defineTool({
  name: 'probe_echo',
  toolset: 'test',
  category: 'OTHER',
  description: 'Echoes its parameters (test only).',
  input: Type.Object({ api_key: Type.String(), note: Type.String() }),
  output: Type.Object({ api_key: Type.String(), note: Type.String() }),
  scope: 'read',
  execute: ({ api_key, note }) => ({ api_key, note }),
})

const usePg = Boolean(process.env.DATABASE_URL)
let t: TestApp
let all: Plant[]
let needles: string[]
const admin = { authorization: `Bearer ${ADMIN_KEY}` }
const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: admin })).json()

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'debug' }, tools: [...allTools, probe], keep: !usePg })
  const userKey = await t.key(['read', 'write'], 'redaction-user')
  all = plants(userKey)
  needles = [...all.flatMap((p) => p.needles), FIELD_SECRET, ...Object.values(HEADER_SECRETS), ...NOTE_SECRETS, ADMIN_KEY]
})
afterAll(async () => {
  if (!t) return
  await t.close().catch(() => {})
  if (!usePg) {
    await fs.rm(t.dataDir, { recursive: true, force: true })
    await fs.rm(t.workspace, { recursive: true, force: true })
  }
})

describe('planting secrets in calls', () => {
  it('covers every kind the redactor knows', () => {
    expect(new Set(all.map((p) => p.kind))).toEqual(new Set(SECRET_KINDS))
  })

  it('hello greets with the secret: the caller gets its result unredacted', async () => {
    for (const p of all) {
      const res = await t.call('hello', { name: p.text })
      expect(res.statusCode, p.kind).toBe(200)
      expect(res.body.message).toBe(`Hello, ${p.text}!`)
    }
  })

  it("the server's own admin key, which has no shape a pattern knows (TOOLGATE_BOOTSTRAP_KEY)", async () => {
    const res = await t.call('hello', { name: `admin ${ADMIN_KEY} here` })
    expect(res.body.message).toBe(`Hello, admin ${ADMIN_KEY} here!`)
  })

  it('context headers carrying secrets', async () => {
    const res = await t.call('hello', { name: 'headers' }, { headers: HEADER_SECRETS })
    expect(res.statusCode).toBe(200)
  })

  it('a call that fails validation, whose error details hold the value', async () => {
    for (const p of all) {
      const res = await t.call('read_repo_file', { path: `bad path ${p.text}` })
      expect(res.statusCode, p.kind).toBe(400)
      expect(res.body.error_code).toBe('VALIDATION_ERROR')
    }
  })

  it('write_memory_entry is held; the listing shows the args redacted; approving writes the original', async () => {
    const held: { approval_id: string; execution_id: string; entry: string; kind: string }[] = []
    for (const p of all) {
      const entry = `- ${p.kind}: ${p.text}`
      const res = await t.call('write_memory_entry', { file: 'best_practices.md', entry })
      expect(res.statusCode, p.kind).toBe(202)
      held.push({ ...res.body, entry, kind: p.kind })
    }
    const listed = (await get('/v1/approvals?status=pending&limit=500')).approvals as any[]
    for (const h of held) {
      const a = listed.find((x) => x.id === h.approval_id)
      expect(a, h.kind).toBeDefined()
      expect(a.params.file).toBe('best_practices.md')
      expect(a.params.entry, h.kind).toContain('[REDACTED')
      expect(a.params.entry).not.toBe(h.entry)
    }

    const [first, second] = held
    // Four eyes: another key than the one that queued the calls decides them.
    const reviewer = { authorization: `Bearer ${await t.key(['approve'], 'reviewer')}` }
    const ok = await t.app.inject({
      method: 'POST',
      url: `/v1/approvals/${first.approval_id}/approve`,
      headers: reviewer,
      payload: { note: `fine, ${NOTE_SECRETS[0]}` },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().result.status).toBe('ok')
    const no = await t.app.inject({
      method: 'POST',
      url: `/v1/approvals/${second.approval_id}/reject`,
      headers: reviewer,
      payload: { note: `no: ${NOTE_SECRETS[1]}` },
    })
    expect(no.statusCode).toBe(200)

    // The sealed arguments ran unchanged: the memory file holds the entry with its secret.
    const memory = await fs.readFile(path.join(t.workspace, t.config.memoryDir, 'best_practices.md'), 'utf8')
    expect(memory).toBe(`${first.entry}\n`)
    const ran = (await get(`/v1/executions/${first.execution_id}`)).execution
    expect(ran.status).toBe('ok')
    expect(ran.params.entry).toContain('[REDACTED:')
  })

  it('field names: history shows [REDACTED], the caller gets its own values back', async () => {
    const res = await t.call('probe_echo', { api_key: FIELD_SECRET, note: 'harmless note' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ api_key: FIELD_SECRET, note: 'harmless note', status: 'ok' })
    const row = (await get(`/v1/executions/${res.body.execution_id}`)).execution
    expect(row.params).toEqual({ api_key: '[REDACTED]', note: 'harmless note' })
    expect(row.result).toEqual({ api_key: '[REDACTED]', note: 'harmless note' })
  })
})

function leaks(haystack: string | Buffer): string[] {
  return needles.filter((n) => haystack.includes(n))
}

describe('no secret in clear anywhere', () => {
  it('not in the logs (debug level included)', () => {
    expect(t.logs.records().some((r) => r.level === 'debug' && r.msg.startsWith('Parameters: '))).toBe(true)
    expect(t.logs.records().some((r) => r.msg === 'Tool probe_echo succeeded' && r.args?.api_key === '[REDACTED]')).toBe(true)
    expect(leaks(t.logs.text)).toEqual([])
  })

  it('not in the execution history', async () => {
    const { executions, total } = await get('/v1/executions?limit=500')
    expect(executions.length).toBe(total)
    expect(executions.length).toBeGreaterThanOrEqual(all.length * 3 + 2)
    expect(leaks(JSON.stringify(executions))).toEqual([])
    // The header values were recorded, redacted.
    const withHeaders = executions.find((e: any) => e.params?.name === 'headers')
    expect(withHeaders.session_id).toContain('[REDACTED')
    expect(withHeaders.agent_id).toContain('[REDACTED')
    expect(withHeaders.request_id).toContain('[REDACTED')
    const rejected = executions.find((e: any) => e.status === 'rejected')
    expect(rejected.error).toContain('[REDACTED')
  })

  it('not in the approval queue', async () => {
    const { approvals } = await get('/v1/approvals?status=all&limit=500')
    expect(approvals.length).toBe(all.length)
    expect(approvals.filter((a: any) => a.decision_note).length).toBe(2)
    expect(leaks(JSON.stringify(approvals))).toEqual([])
  })

  it('not in the database', async () => {
    if (usePg) {
      const client = new pg.Client({ connectionString: t.databaseUrl })
      await client.connect()
      try {
        for (const table of ['executions', 'approvals', 'api_keys']) {
          const { rows } = await client.query(`SELECT row_to_json(t)::text AS row FROM ${table} t`)
          expect(rows.length, table).toBeGreaterThan(0)
          expect(leaks(rows.map((r) => r.row).join('\n')), table).toEqual([])
        }
      } finally {
        await client.end()
      }
      return
    }
    await t.close()
    const root = path.join(t.dataDir, 'pglite')
    const files = (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter((d) => d.isFile())
    expect(files.length).toBeGreaterThan(10)
    // Sanity: the search itself works, a value the database surely holds is found.
    let sawTool = false
    const found: string[] = []
    for (const f of files) {
      const file = path.join(f.parentPath, f.name)
      const buf = await fs.readFile(file)
      if (buf.includes('probe_echo')) sawTool = true
      for (const n of needles) {
        if (buf.includes(Buffer.from(n, 'utf8')) || buf.includes(Buffer.from(n, 'latin1'))) found.push(`${n} in ${path.relative(root, file)}`)
      }
    }
    expect(sawTool).toBe(true)
    expect(found).toEqual([])
  })
})
