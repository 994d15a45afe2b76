/**
 * `WebSearch` domain filters (allowed with subdomains, blocked, both refused), its query length,
 * and both tools' 503 when no backend is configured.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildSearchApp, standIn, type StandIn } from './helpers.js'

let t: TestApp
let srv: StandIn

const HOSTS = ['example.com', 'docs.example.com', 'API.Example.COM', 'notexample.com', 'example.com.evil.net', 'other.org', 'blog.other.org', 'third.io']
const answer = () => ({
  body: { results: HOSTS.map((h, i) => ({ title: `T${i}`, url: `https://${h}/p${i}`, content: `S${i}` })) },
})
const urls = (res: { body: { metadata: { results: { url: string }[] } } }) => res.body.metadata.results.map((r) => new URL(r.url).hostname)

beforeAll(async () => {
  srv = await standIn(answer)
  t = await buildSearchApp({ SEARCH_BACKEND: 'searxng', SEARCH_URL: srv.url })
})
afterAll(async () => {
  await t.close()
  await srv.close()
})
beforeEach(() => {
  srv.seen.length = 0
  srv.answer = answer
})

describe('WebSearch', () => {
  it('returns every result without filters', async () => {
    const res = await t.call('WebSearch', { query: 'everything' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(srv.seen[0].query.get('q')).toBe('everything')
    expect(res.body.metadata).toMatchObject({ count: HOSTS.length, backend: 'searxng', query: 'everything' })
    expect(res.body.metadata.filtered_out).toBeUndefined()
    expect(res.body.output.startsWith('1. T0 — https://example.com/p0\n   S0\n2. T1 — https://docs.example.com/p1')).toBe(true)
  })

  it('keeps allowed domains and their subdomains, case-insensitively, and sends them as site: terms', async () => {
    const res = await t.call('WebSearch', { query: 'docs', allowed_domains: ['Example.com'] })
    expect(res.statusCode).toBe(200)
    expect(srv.seen[0].query.get('q')).toBe('docs site:example.com')
    expect(urls(res)).toEqual(['example.com', 'docs.example.com', 'api.example.com'])
    expect(res.body.metadata).toMatchObject({ count: 3, filtered_out: 5, query: 'docs site:example.com' })
    expect(res.body.output).toBe('1. T0 — https://example.com/p0\n   S0\n2. T1 — https://docs.example.com/p1\n   S1\n3. T2 — https://API.Example.COM/p2\n   S2')
  })

  it('accepts several allowed domains, written as URLs or with *.', async () => {
    const res = await t.call('WebSearch', { query: 'two', allowed_domains: ['https://other.org/x', '*.third.io'] })
    expect(srv.seen[0].query.get('q')).toBe('two site:other.org OR site:third.io')
    expect(urls(res)).toEqual(['other.org', 'blog.other.org', 'third.io'])
  })

  it('drops blocked domains and their subdomains only', async () => {
    const res = await t.call('WebSearch', { query: 'no example', blocked_domains: ['example.com', 'BLOG.other.org'] })
    expect(res.statusCode).toBe(200)
    expect(srv.seen[0].query.get('q')).toBe('no example')
    expect(urls(res)).toEqual(['notexample.com', 'example.com.evil.net', 'other.org', 'third.io'])
    expect(res.body.metadata.filtered_out).toBe(4)
  })

  it('says when the filters removed everything', async () => {
    const res = await t.call('WebSearch', { query: 'none', allowed_domains: ['nowhere.dev'] })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: true, output: 'No results for "none" (the domain filters removed all 8)', metadata: { count: 0, results: [] } })
  })

  it('refuses allowed_domains and blocked_domains together with 400', async () => {
    const res = await t.call('WebSearch', { query: 'both', allowed_domains: ['a.com'], blocked_domains: ['b.com'] })
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({
      status: 'error',
      error_code: 'VALIDATION_ERROR',
      error_message: 'Cannot specify both allowed_domains and blocked_domains in the same request: pass one of them',
    })
    expect(srv.seen).toHaveLength(0)
  })

  it('needs a query of at least 2 characters and string-array domains', async () => {
    const short = await t.call('WebSearch', { query: 'a' })
    expect(short.statusCode).toBe(400)
    expect(short.body.error_code).toBe('VALIDATION_ERROR')
    expect((await t.call('WebSearch', { query: 'ok', allowed_domains: 'example.com' })).statusCode).toBe(400)
    expect((await t.call('WebSearch', { query: 'ok', blocked_domains: [''] })).statusCode).toBe(400)
    expect(srv.seen).toHaveLength(0)
  })
})

describe('no search backend configured', () => {
  let bare: TestApp
  beforeAll(async () => {
    bare = await buildSearchApp({})
  })
  afterAll(async () => bare.close())

  for (const [tool, body] of [
    ['search', { query: 'anything' }],
    ['WebSearch', { query: 'anything' }],
  ] as const) {
    it(`${tool} answers 503 SEARCH_NOT_CONFIGURED saying how to configure one`, async () => {
      const res = await bare.call(tool, body)
      expect(res.statusCode).toBe(503)
      expect(res.body).toMatchObject({ status: 'error', success: false, error_code: 'SEARCH_NOT_CONFIGURED' })
      expect(res.body.error_message).toContain('SEARCH_BACKEND=searxng and SEARCH_URL=')
      expect(res.body.error_message).toContain('SEARCH_BACKEND=brave and SEARCH_API_KEY=')
    })
  }
})
