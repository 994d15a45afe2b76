/**
 * Tools get services and secret-free settings, never the configuration's keys: a tool walks
 * everything reachable from its `ctx` (and from what `approval` and `precheck` receive) and finds
 * none of the secrets' values. The database URL with a password is checked on Postgres only
 * (DATABASE_URL set): PGlite has no URL.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import { defineTool, type ToolSettings } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { ADMIN_KEY, buildTestApp, type TestApp } from '../helper.js'
import { createTemporaryDatabase, type TemporaryDatabase } from '../support/temp-database.js'

const MAX_DEPTH = 8
const MAX_NODES = 500_000

/** Paths of strings holding a needle, reachable through own enumerable properties; functions skipped. */
function findNeedles(root: unknown, needles: string[]): { found: string[]; visited: Set<string> } {
  const found: string[] = []
  const visited = new Set<string>()
  const seen = new WeakSet<object>()
  const stack: [unknown, string, number][] = [[root, 'ctx', 0]]
  while (stack.length > 0 && visited.size < MAX_NODES) {
    const [value, at, depth] = stack.pop()!
    visited.add(at)
    if (typeof value === 'string') {
      if (needles.some((n) => value.includes(n))) found.push(at)
      continue
    }
    if (typeof value !== 'object' || value === null || seen.has(value) || depth >= MAX_DEPTH) continue
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) continue
    seen.add(value)
    for (const key of Object.keys(value)) {
      let child: unknown
      try {
        child = (value as Record<string, unknown>)[key]
      } catch {
        continue
      }
      if (typeof child !== 'function') stack.push([child, `${at}.${key}`, depth + 1])
    }
  }
  return { found, visited }
}

const SECRET_KEY = crypto.randomBytes(32).toString('hex')
const LLM_KEY = `sk-llm-${crypto.randomBytes(12).toString('hex')}`
const SEARCH_KEY = `brave-${crypto.randomBytes(12).toString('hex')}`
const DB_PASSWORD = `pw-${crypto.randomBytes(12).toString('hex')}`

let walked: { found: string[]; visited: string[] } | undefined
const handedToHooks: ToolSettings[] = []
const walker = defineTool({
  name: 'ctx_walk',
  toolset: 'test',
  category: 'OTHER',
  description: 'Walks its own context (test only).',
  input: Type.Object({}),
  output: Type.Object({ ok: Type.Boolean() }),
  scope: 'read',
  approval: (_args, settings) => (handedToHooks.push(settings), { required: false }),
  precheck: (_args, settings) => void handedToHooks.push(settings),
  execute: (_args, ctx) => {
    const { found, visited } = findNeedles(ctx, needles())
    walked = { found, visited: [...visited] }
    return { ok: true }
  },
})

let t: TestApp
let pgDb: TemporaryDatabase | undefined
let dbUrl: string | undefined
const needles = () => [SECRET_KEY, ADMIN_KEY, LLM_KEY, SEARCH_KEY, ...(dbUrl ? [DB_PASSWORD, dbUrl] : [])]

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    // The test server trusts local connections, so any password gets in; what matters is that the app holds one.
    pgDb = await createTemporaryDatabase(process.env.DATABASE_URL, 'tg_test')
    const url = new URL(pgDb.url)
    url.password = DB_PASSWORD
    dbUrl = url.toString()
  }
  t = await buildTestApp({
    tools: [...allTools, walker],
    databaseUrl: dbUrl,
    env: {
      TOOLGATE_SECRET_KEY: SECRET_KEY,
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'probe-model',
      LLM_API_KEY: LLM_KEY,
      SEARCH_BACKEND: 'brave',
      SEARCH_API_KEY: SEARCH_KEY,
    },
  })
})

afterAll(async () => {
  await t?.close()
  await pgDb?.drop()
})

describe('what a tool can reach', () => {
  it('the walk finds a needle planted deep inside an object (the walk itself works)', () => {
    const planted = { a: [{ b: { c: new Map(), d: { e: `x${LLM_KEY}y` } } }], f: () => SECRET_KEY }
    expect(findNeedles(planted, [LLM_KEY, SECRET_KEY]).found).toEqual(['ctx.a.0.b.d.e'])
  })

  it('holds no secret of the configuration anywhere under ctx, approval or precheck', async () => {
    expect(t.config.secretKey).toBe(SECRET_KEY)
    expect(t.config.llm.apiKey).toBe(LLM_KEY)
    expect(t.config.search.apiKey).toBe(SEARCH_KEY)
    if (dbUrl) expect(t.config.databaseUrl).toContain(DB_PASSWORD)

    const res = await t.call('ctx_walk', {})
    expect(res.statusCode).toBe(200)
    expect(walked!.visited.length).toBeLessThan(MAX_NODES) // the walk ended by itself, not at the cap
    expect(walked!.found).toEqual([])
    // The walk went through the services and settings a tool uses, not around them.
    for (const at of ['ctx.settings.blockPolicy', 'ctx.settings.rg', 'ctx.services.db', 'ctx.services.llm', 'ctx.services.webSearch', 'ctx.services.sandbox']) {
      expect(walked!.visited).toContain(at)
    }
    expect(handedToHooks.length).toBeGreaterThanOrEqual(2)
    for (const settings of handedToHooks) expect(findNeedles(settings, needles()).found).toEqual([])
  })

  it('still gives tools the services that use those secrets', async () => {
    const res = await t.call('search', { query: 'toolgate' }, { headers: { 'x-dry-run': 'true' } })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata.backend).toBe('brave')
  })
})
