/**
 * `search` and `WebSearch` against a Brave-shaped server (SEARCH_URL overriding the base URL): the
 * X-Subscription-Token header, `count`, `web.results[].description` with its HTML stripped, a
 * refused key that never shows in the error, and a 429 that ends as RATE_LIMITED.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildSearchApp, standIn, type Seen, type StandIn } from './helpers.js'

const KEY = 'BSA-test-subscription-token-1234567890'
let t: TestApp
let srv: StandIn

const brave = (seen: Seen) => {
  if (seen.headers['x-subscription-token'] !== KEY) return { status: 401, body: { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } } }
  const n = Number(seen.query.get('count') ?? 20)
  return {
    body: {
      type: 'search',
      query: { original: seen.query.get('q') },
      web: {
        type: 'search',
        results: Array.from({ length: n }, (_, i) => ({
          title: `Brave ${i + 1}`,
          url: `https://b${i + 1}.example.net/`,
          description: `About <strong>thing</strong> ${i + 1}`,
        })),
      },
    },
  }
}

beforeAll(async () => {
  srv = await standIn(brave)
  t = await buildSearchApp({ SEARCH_BACKEND: 'brave', SEARCH_API_KEY: KEY, SEARCH_URL: srv.url })
})
afterAll(async () => {
  await t.close()
  await srv.close()
})
beforeEach(() => {
  srv.seen.length = 0
  srv.answer = brave
})

describe('search with Brave', () => {
  it('sends the token header, q and count to /res/v1/web/search', async () => {
    const res = await t.call('search', { query: 'brave api', num_results: 3 })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(srv.seen).toHaveLength(1)
    expect(srv.seen[0].path).toBe('/res/v1/web/search')
    expect(srv.seen[0].headers['x-subscription-token']).toBe(KEY)
    expect(Object.fromEntries(srv.seen[0].query)).toEqual({ q: 'brave api', count: '3' })
    expect(res.body).toMatchObject({
      success: true,
      output:
        '1. Brave 1 — https://b1.example.net/\n   About thing 1\n2. Brave 2 — https://b2.example.net/\n   About thing 2\n3. Brave 3 — https://b3.example.net/\n   About thing 3',
      metadata: { count: 3, backend: 'brave', results: [{ title: 'Brave 1', url: 'https://b1.example.net/', snippet: 'About thing 1' }, {}, {}] },
    })
  })

  it('answers no results when Brave has no web section', async () => {
    srv.answer = () => ({ body: { type: 'search', query: { original: 'x' } } })
    const res = await t.call('search', { query: 'nothing' })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata).toMatchObject({ count: 0, results: [] })
  })

  it('WebSearch asks for 20 when filtering and 10 otherwise', async () => {
    const plain = await t.call('WebSearch', { query: 'plain' })
    expect(srv.seen[0].query.get('count')).toBe('10')
    expect(plain.body.metadata.count).toBe(10)
    const filtered = await t.call('WebSearch', { query: 'filtered', blocked_domains: ['b1.example.net'] })
    expect(srv.seen[1].query.get('count')).toBe('20')
    expect(filtered.body.metadata).toMatchObject({ count: 10, filtered_out: 1 })
    expect(filtered.body.metadata.results[0].url).toBe('https://b2.example.net/')
  })

  it('turns a lasting 429 into RATE_LIMITED after 3 tries', async () => {
    srv.answer = () => ({ status: 429, headers: { 'retry-after': '0' } })
    const res = await t.call('WebSearch', { query: 'limited' })
    expect(srv.seen).toHaveLength(3)
    expect(res.statusCode).toBe(429)
    expect(res.body).toMatchObject({ error_code: 'RATE_LIMITED', error_message: 'The search backend (brave) is rate limiting; try again in 1s' })
  })
})

describe('a refused Brave key', () => {
  it('answers 502 with a hint and never shows the key', async () => {
    const wrong = 'BSA-wrong-token-abcdefabcdefabcdef'
    const app = await buildSearchApp({ SEARCH_BACKEND: 'brave', SEARCH_API_KEY: wrong, SEARCH_URL: srv.url })
    try {
      srv.seen.length = 0
      const res = await app.call('search', { query: 'who am i' })
      expect(srv.seen).toHaveLength(1)
      expect(res.statusCode).toBe(502)
      expect(res.body.error_code).toBe('UPSTREAM_ERROR')
      expect(res.body.error_message).toBe(
        `The search backend (brave at ${srv.url}/res/v1/web/search) refused the request with HTTP 401: check SEARCH_API_KEY (a Brave Search API subscription token)`,
      )
      expect(JSON.stringify(res.body)).not.toContain(wrong)
      const hist = await app.app.inject({ method: 'GET', url: `/v1/executions/${res.body.execution_id}`, headers: { authorization: `Bearer ${app.adminKey}` } })
      expect(hist.body).not.toContain(wrong)
      expect(app.logs.text).not.toContain(wrong)
    } finally {
      await app.close()
    }
  })
})
