/**
 * Malformed input is a 4xx, never a 5xx: every operation of the served OpenAPI document gets
 * wrong types, missing fields, NUL characters, huge numbers, over-long strings and deep nesting,
 * in its path, query and body. Seeded, so the same requests every run, and bounded per operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let doc: { paths: Record<string, Record<string, any>> }
beforeAll(async () => {
  t = await buildTestApp()
  doc = (await t.app.inject('/openapi.json')).json()
})
afterAll(async () => t?.close())

/** mulberry32: a small seeded generator, so that a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const HUGE = [2 ** 31, 2 ** 63, 1e308, -1e308]
const deep = (n: number): unknown => JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`)

/** A value that passes the schema's type, for the fields a variant leaves alone. */
function plausible(s: any): unknown {
  if (!s || typeof s !== 'object') return 'x'
  if (s.default !== undefined) return s.default
  if (s.enum) return s.enum[0]
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  if (type === 'integer' || type === 'number') return s.minimum ?? 1
  if (type === 'boolean') return false
  if (type === 'array') return []
  if (type === 'object') return {}
  return 'fuzz'.padEnd(s.minLength ?? 1, 'z').slice(0, s.maxLength ?? 64)
}

/** Wrong values for one field of schema `s`; null only for a required one (for an optional one it means "not given"). */
function wrongValues(s: any, required: boolean): unknown[] {
  const type = Array.isArray(s?.type) ? s.type[0] : s?.type
  const out: unknown[] = [{ nested: true }, [1, 2], ...(required ? [null] : []), true]
  if (type === 'string' || !type) {
    out.push('a\u0000b', 7)
    if (s?.maxLength !== undefined && s.maxLength <= 200_000) out.push('y'.repeat(s.maxLength + 1))
  }
  if (type === 'integer' || type === 'number') out.push(...HUGE, '12', 1.5)
  out.push(deep(500))
  return out
}

interface Req {
  method: string
  url: string
  body?: unknown
  label: string
  raw?: string
}

function variants(path: string, method: string, op: any, random: () => number): Req[] {
  const params = (op.parameters ?? []) as { name: string; in: string; schema?: any }[]
  const pathParams = params.filter((p) => p.in === 'path')
  const query = params.filter((p) => p.in === 'query')
  const bodySchema = op.requestBody?.content?.['application/json']?.schema
  const fill = (over: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(over[n] ?? String(plausible(pathParams.find((p) => p.name === n)?.schema) ?? '1')))
  const base: Record<string, unknown> = {}
  for (const name of bodySchema?.required ?? []) base[name] = plausible(bodySchema.properties?.[name])
  const out: Req[] = []
  const add = (url: string, body: unknown, label: string) => out.push({ method, url, body, label })
  for (const p of pathParams) {
    for (const v of ['2147483648', '9223372036854775808', '1e308', '-1e308', 'a\u0000b', 'x'.repeat(5000), '-1'])
      add(fill({ [p.name]: v }), base, `path ${p.name}=${v.slice(0, 20)}`)
  }
  for (const q of query) {
    for (const v of ['a\u0000b', ...HUGE.map(String), 'x'.repeat(10_000), '[]'])
      add(`${fill()}?${q.name}=${encodeURIComponent(v)}`, base, `query ${q.name}=${v.slice(0, 20)}`)
  }
  if (bodySchema) {
    add(fill(), {}, 'body {}')
    add(fill(), [base], 'body array')
    // Sent as text: JSON.stringify itself runs out of stack on this.
    out.push({ method, url: fill(), label: 'body nested 100,000 deep', raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}` })
    const names = Object.keys(bodySchema.properties ?? {})
    // At most four fields per operation, picked by the seeded generator.
    const picked = names.sort(() => random() - 0.5).slice(0, 4)
    for (const name of picked) {
      for (const v of wrongValues(bodySchema.properties[name], (bodySchema.required ?? []).includes(name)))
        add(fill(), { ...base, [name]: v }, `body ${name}=${JSON.stringify(v)?.slice(0, 30)}`)
    }
    add(fill(), { ...base, 'k\u0000': 1 }, 'body NUL key')
  }
  return out
}

describe('fuzz from the OpenAPI document', () => {
  it('answers every malformed request with a 4xx in the error envelope', async () => {
    const random = rng(13)
    const failures: string[] = []
    let sent = 0
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'delete', 'put', 'patch'].includes(method)) continue
        for (const r of variants(path, method.toUpperCase(), op, random)) {
          const res = await t.app
            .inject({
              method: r.method as 'GET',
              url: r.url,
              headers: {
                authorization: `Bearer ${t.adminKey}`,
                'x-dry-run': 'true',
                ...(r.body !== undefined && r.method !== 'GET' && { 'content-type': 'application/json' }),
              },
              ...(r.body !== undefined && r.method !== 'GET' && { payload: r.raw ?? JSON.stringify(r.body) }),
            })
            .catch((err: Error) => ({ statusCode: 599, body: String(err), headers: {} as Record<string, string>, json: () => ({}) }))
          sent++
          if (res.statusCode >= 500) failures.push(`${r.method} ${path} [${r.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`)
          else if (res.statusCode >= 400 && !path.startsWith('/mcp') && res.headers['content-type']?.toString().includes('json')) {
            const body = res.json()
            if (body.status !== 'error' || typeof body.error_code !== 'string')
              failures.push(`${r.method} ${path} [${r.label}] → ${res.statusCode} outside the envelope`)
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500)
    expect(failures).toEqual([])
  }, 120_000)
})
