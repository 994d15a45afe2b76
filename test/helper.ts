/**
 * Builds the real app for a test: its own workspace and data folders, PGlite on disk, or, when
 * DATABASE_URL is set, a fresh database created on that server (dropped afterwards), and a log
 * capture so that tests can read exactly what was logged.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { createTemporaryDatabase } from './support/temp-database.js'
import { copyPgliteTemplate, pgliteTemplateDump, PG_TEMPLATE_ENV } from './support/database-template.js'
import { releasePglite, takePglite } from './support/pglite-pool.js'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig, type AppConfig } from '../src/config.js'
import type { AnyTool, Scope } from '../src/tools/define.js'

export const ADMIN_KEY = 'tg_test_admin_key_0123456789abcdef'

export class LogCapture extends Writable {
  lines: string[] = []
  _write(chunk: Buffer, _enc: string, done: () => void) {
    this.lines.push(...String(chunk).split('\n').filter(Boolean))
    done()
  }
  get text() {
    return this.lines.join('\n')
  }
  records(): Record<string, any>[] {
    return this.lines.map((l) => JSON.parse(l))
  }
}

export interface TestApp {
  app: FastifyInstance
  config: AppConfig
  workspace: string
  dataDir: string
  databaseUrl?: string
  logs: LogCapture
  adminKey: string
  /** A new key with these scopes; returns the key string. */
  key(scopes: Scope[], name?: string): Promise<string>
  call(
    tool: string,
    body?: unknown,
    opts?: { key?: string; headers?: Record<string, string> },
  ): Promise<{ statusCode: number; body: any; headers: Record<string, any> }>
  close(): Promise<void>
  /** Removes the database and folders even when built with `keep` (the last app on them calls it). */
  destroy(): Promise<void>
}

export interface TestAppOptions {
  env?: Record<string, string>
  tools?: AnyTool[]
  /** Keep the database and folders after close (for restart tests); returns them instead. */
  keep?: boolean
  workspace?: string
  dataDir?: string
  databaseUrl?: string
  /** PGlite even when DATABASE_URL is set (tests of the embedded database itself). */
  embedded?: boolean
}

/** Folders and a migrated database for a server process a test runs itself; no app is started on them. */
export interface TestFolders {
  workspace: string
  dataDir: string
  databaseUrl?: string
  destroy(): Promise<void>
}

export async function testFolders(): Promise<TestFolders> {
  const workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-ws-'))
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-data-'))
  const base = process.env.DATABASE_URL
  const testDb = base ? await createTemporaryDatabase(base, 'tg_test', process.env[PG_TEMPLATE_ENV]) : undefined
  if (!testDb) await copyPgliteTemplate(path.join(dataDir, 'pglite'))
  return {
    workspace,
    dataDir,
    databaseUrl: testDb?.url,
    async destroy() {
      await testDb?.drop()
      await fs.rm(workspace, { recursive: true, force: true })
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const workspace = opts.workspace ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'tg-ws-')))
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'tg-data-')))
  const base = opts.embedded ? undefined : process.env.DATABASE_URL
  const testDb = opts.databaseUrl || !base ? undefined : await createTemporaryDatabase(base, 'tg_test', process.env[PG_TEMPLATE_ENV])
  const databaseUrl = opts.databaseUrl ?? testDb?.url
  // An app that is not restarted on its folder runs on an in-memory copy of the template, reused once emptied (support/pglite-pool.ts).
  const dump = !databaseUrl && !opts.keep && !opts.dataDir ? await pgliteTemplateDump() : undefined
  const database = dump ? await takePglite(dump) : undefined
  if (!databaseUrl && !database) await copyPgliteTemplate(path.join(dataDir, 'pglite'))
  const config = loadConfig({
    TOOLGATE_WORKSPACE: workspace,
    TOOLGATE_DATA_DIR: dataDir,
    TOOLGATE_BOOTSTRAP_KEY: ADMIN_KEY,
    LOG_LEVEL: 'info',
    TOOLGATE_HISTORY_FLUSH_MS: '5',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...(opts.embedded && { DATABASE_URL: '' }),
    ...opts.env,
  })
  const logs = new LogCapture()
  const app = await buildApp({ config, tools: opts.tools, logDestination: logs, database })
  const t: TestApp = {
    app,
    config,
    workspace,
    dataDir,
    databaseUrl,
    logs,
    adminKey: ADMIN_KEY,
    async key(scopes, name = 'test') {
      const res = await app.inject({ method: 'POST', url: '/v1/keys', headers: { authorization: `Bearer ${ADMIN_KEY}` }, payload: { name, scopes } })
      if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.body}`)
      return res.json().key
    },
    async call(tool, body = {}, o = {}) {
      const res = await app.inject({
        method: 'POST',
        url: `/v1/tools/${tool}`,
        headers: { ...(o.key !== '' && { authorization: `Bearer ${o.key ?? ADMIN_KEY}` }), ...o.headers },
        payload: body as object,
      })
      // XML answers (Accept: application/xml) come back as text.
      const json = String(res.headers['content-type'] ?? '').includes('json')
      return { statusCode: res.statusCode, body: json ? res.json() : res.body, headers: res.headers }
    },
    async close() {
      await app.close()
      if (database) await releasePglite(database)
      if (!opts.keep) await t.destroy()
    },
    async destroy() {
      await testDb?.drop()
      if (!opts.workspace) await fs.rm(workspace, { recursive: true, force: true })
      if (!opts.dataDir) await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
  return t
}
