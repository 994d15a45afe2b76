/**
 * `search` against a SearXNG-shaped server on loopback: the query string it is sent, the numbered
 * output and metadata, num_results, validation, and the failure policy (429 retried with backoff
 * then RATE_LIMITED, 5xx retried then UPSTREAM_ERROR, a slow backend TIMEOUT, a 403 hint).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildSearchApp, searxResults, standIn, type StandIn } from './helpers.js'

let t: TestApp
let srv: StandIn
const ok =
  (n = 8) =>
  () => ({ body: { query: 'q', number_of_results: n, results: searxResults(n) } })

beforeAll(async () => {
  srv = await standIn(ok())
  t = await buildSearchApp({ SEARCH_BACKEND: 'searxng', SEARCH_URL: `${srv.url}/`, SEARCH_TIMEOUT_MS: '300' })
})
afterAll(async () => {
  await t.close()
  await srv.close()
})
beforeEach(() => {
  srv.seen.length = 0
  srv.answer = ok()
})

describe('search with SearXNG', () => {
  it('sends q, format=json and pageno=1 to /search and answers a numbered list', async () => {
    srv.answer = () => ({
      body: {
        results: [
          { title: 'Fastify', url: 'https://fastify.dev/', content: 'Fast and low overhead web framework' },
          { title: 'Fastify &amp; <b>TypeBox</b>', url: 'https://github.com/fastify/fastify', content: 'The  repo\n on GitHub' },
          { title: 'no url' },
          { title: 'Not http', url: 'javascript:alert(1)', content: 'x' },
        ],
      },
    })
    const res = await t.call('search', { query: 'fastify framework' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(srv.seen).toHaveLength(1)
    expect(srv.seen[0].path).toBe('/search')
    expect(Object.fromEntries(srv.seen[0].query)).toEqual({ q: 'fastify framework', format: 'json', pageno: '1' })
    expect(res.body).toMatchObject({
      status: 'ok',
      success: true,
      error: null,
      output:
        '1. Fastify — https://fastify.dev/\n   Fast and low overhead web framework\n2. Fastify & TypeBox — https://github.com/fastify/fastify\n   The repo on GitHub',
      metadata: {
        results: [
          { title: 'Fastify', url: 'https://fastify.dev/', snippet: 'Fast and low overhead web framework' },
          { title: 'Fastify & TypeBox', url: 'https://github.com/fastify/fastify', snippet: 'The repo on GitHub' },
        ],
        count: 2,
        backend: 'searxng',
      },
    })
  })

  it('returns 5 results by default and num_results when given', async () => {
    const five = await t.call('search', { query: 'many' })
    expect(five.body.metadata.count).toBe(5)
    expect(five.body.metadata.results.map((r: { title: string }) => r.title)).toEqual(['Result 1', 'Result 2', 'Result 3', 'Result 4', 'Result 5'])
    expect(five.body.output.split('\n').filter((l: string) => /^\d+\. /.test(l))).toHaveLength(5)
    const two = await t.call('search', { query: 'many', num_results: 2 })
    expect(two.body.metadata.count).toBe(2)
    expect(two.body.output).toBe(
      '1. Result 1 — https://site1.example.org/page1\n   Snippet number 1\n2. Result 2 — https://site2.example.org/page2\n   Snippet number 2',
    )
  })

  it('answers success with no results and says so', async () => {
    srv.answer = () => ({ body: { results: [] } })
    const res = await t.call('search', { query: 'nothing at all' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: true, output: 'No results for "nothing at all"', metadata: { results: [], count: 0 } })
  })

  it('validates query and num_results before asking the backend', async () => {
    const empty = await t.call('search', { query: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.body.error_code).toBe('VALIDATION_ERROR')
    expect((await t.call('search', { query: '   ' })).body.error_message).toMatch(/query is empty/)
    expect((await t.call('search', {})).body.error_message).toMatch(/Missing required parameter: query/)
    for (const n of [0, 21, 2.5]) {
      const res = await t.call('search', { query: 'x', num_results: n })
      expect(res.statusCode, `num_results=${n}`).toBe(400)
      expect(res.body.error_code).toBe('VALIDATION_ERROR')
    }
    expect(srv.seen).toHaveLength(0)
  })

  it('needs the network scope', async () => {
    const key = await t.key(['read'])
    const res = await t.call('search', { query: 'x' }, { key })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('SCOPE_REQUIRED')
    expect(srv.seen).toHaveLength(0)
  })

  it('does not ask the backend on a dry run', async () => {
    const res = await t.call('search', { query: 'dry', num_results: 3 }, { headers: { 'x-dry-run': 'true' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: true, metadata: { dry_run: true, count: 0, backend: 'searxng' } })
    expect(srv.seen).toHaveLength(0)
  })
})

describe('search backend failures', () => {
  it('retries a 429 with backoff and then answers', async () => {
    srv.answer = () => (srv.seen.length < 3 ? { status: 429, body: { error: 'slow down' } } : ok(3)())
    const res = await t.call('search', { query: 'retry me' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.metadata.count).toBe(3)
    expect(srv.seen).toHaveLength(3)
  })

  it('honours a short Retry-After', async () => {
    srv.answer = () => (srv.seen.length < 2 ? { status: 429, headers: { 'retry-after': '0' } } : ok(1)())
    const res = await t.call('search', { query: 'retry after' })
    expect(res.statusCode).toBe(200)
    expect(srv.seen).toHaveLength(2)
  })

  it('gives up after 3 tries of 429 with 429 RATE_LIMITED and a Retry-After', async () => {
    srv.answer = () => ({ status: 429 })
    const res = await t.call('search', { query: 'always limited' })
    expect(srv.seen).toHaveLength(3)
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('1')
    expect(res.body).toMatchObject({
      status: 'error',
      success: false,
      error_code: 'RATE_LIMITED',
      error_message: 'The search backend (searxng) is rate limiting; try again in 1s',
      details: { backend: 'searxng', retry_after_s: 1, attempts: 3 },
    })
  })

  it('fails at once when Retry-After is too long to wait for, quoting it', async () => {
    srv.answer = () => ({ status: 429, headers: { 'retry-after': '120' } })
    const res = await t.call('search', { query: 'long wait' })
    expect(srv.seen).toHaveLength(1)
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('120')
    expect(res.body.error_message).toBe('The search backend (searxng) is rate limiting; try again in 120s')
  })

  it('retries a 500 and then answers', async () => {
    srv.answer = () => (srv.seen.length < 2 ? { status: 500 } : ok(2)())
    const res = await t.call('search', { query: 'flaky' })
    expect(res.statusCode).toBe(200)
    expect(srv.seen).toHaveLength(2)
  })

  it('turns a lasting 500 into 502 UPSTREAM_ERROR after 3 tries', async () => {
    srv.answer = () => ({ status: 500, body: { error: 'boom' } })
    const res = await t.call('search', { query: 'broken' })
    expect(srv.seen).toHaveLength(3)
    expect(res.statusCode).toBe(502)
    expect(res.body).toMatchObject({ success: false, error_code: 'UPSTREAM_ERROR' })
    expect(res.body.error_message).toBe(`The search backend (searxng at ${srv.url}/search) answered HTTP 500 after 3 attempts; try again later`)
  })

  it('explains a 403 (the json format disabled) without retrying', async () => {
    srv.answer = () => ({ status: 403, body: 'Forbidden' })
    const res = await t.call('search', { query: 'no json' })
    expect(srv.seen).toHaveLength(1)
    expect(res.statusCode).toBe(502)
    expect(res.body.error_message).toMatch(/HTTP 403: enable the json format in SearXNG's settings.yml/)
  })

  it('answers 502 when the backend sends something that is not JSON', async () => {
    srv.answer = () => ({ body: '<html>captcha</html>' })
    const res = await t.call('search', { query: 'html' })
    expect(res.statusCode).toBe(502)
    expect(res.body.error_message).toMatch(/not JSON/)
  })

  it('answers 504 TIMEOUT when the backend does not answer in SEARCH_TIMEOUT_MS', async () => {
    srv.answer = () => ({ hang: true })
    const t0 = Date.now()
    const res = await t.call('search', { query: 'hang' })
    expect(Date.now() - t0).toBeLessThan(3000)
    expect(srv.seen).toHaveLength(1)
    expect(res.statusCode).toBe(504)
    expect(res.body).toMatchObject({ success: false, error_code: 'TIMEOUT' })
    expect(res.body.error_message).toMatch(/did not answer within 0.3s/)
  })
})

describe('an unreachable backend', () => {
  it('answers 502 after retries, naming where it tried', async () => {
    const gone = await standIn(() => ({}))
    const url = gone.url
    await gone.close()
    const app = await buildSearchApp({ SEARCH_BACKEND: 'searxng', SEARCH_URL: url })
    try {
      const res = await app.call('search', { query: 'anyone there' })
      expect(res.statusCode).toBe(502)
      expect(res.body.error_code).toBe('UPSTREAM_ERROR')
      expect(res.body.error_message).toMatch(new RegExp(`searxng at ${url}/search\\) could not be reached \\(ECONNREFUSED\\) after 3 attempts`))
    } finally {
      await app.close()
    }
  })
})
