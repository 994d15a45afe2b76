/**
 * Rate limits: per tool and per caller, 429 with Retry-After, overridable through
 * TOOLGATE_RATE_LIMITS, and shared between instances through Redis.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.js'
import { buildTestApp, type TestApp } from '../helper.js'

/** A random client address per run, so that reruns within one window never meet old counters. */
const randomIp = () => `10.${[...crypto.randomBytes(3)].join('.')}`

function callFrom(t: TestApp, tool: string, opts: { ip?: string; key?: string; payload?: object } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/tools/${tool}`,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.key ? { authorization: `Bearer ${opts.key}` } : {},
    payload: opts.payload ?? {},
  })
}

function expectLimited(res: Awaited<ReturnType<typeof callFrom>>, limit: number) {
  expect(res.statusCode).toBe(429)
  expect(res.json()).toMatchObject({ status: 'error', error_code: 'RATE_LIMITED' })
  const retryAfter = res.headers['retry-after']
  expect(String(retryAfter)).toMatch(/^\d+$/)
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
  expect(Number(retryAfter)).toBeLessThanOrEqual(60)
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit))
  expect(res.headers['x-ratelimit-remaining']).toBe('0')
}

describe('default limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => t?.close())

  it('limits hello to 100 calls a minute per caller, then answers 429 with Retry-After', async () => {
    const ip = randomIp()
    for (let i = 1; i <= 100; i++) {
      const res = await callFrom(t, 'hello', { ip, payload: { name: `n${i}` } })
      expect(res.statusCode, `call ${i}`).toBe(200)
      expect(res.headers['x-ratelimit-limit']).toBe('100')
      expect(res.headers['x-ratelimit-remaining']).toBe(String(100 - i))
    }
    const limited = await callFrom(t, 'hello', { ip })
    expectLimited(limited, 100)
    expect(limited.json().error_message).toMatch(/Rate limit exceeded for hello/)
    expect(limited.json().details).toMatchObject({ limit: 100, window_ms: 60_000 })
    // Still limited on the next call; other callers are not.
    expectLimited(await callFrom(t, 'hello', { ip }), 100)
    expect((await callFrom(t, 'hello', { ip: randomIp() })).statusCode).toBe(200)
    expect((await callFrom(t, 'hello', { ip, key: t.adminKey })).statusCode).toBe(200)
  })

  it('counts per key, whatever address the key calls from', async () => {
    const a = await t.key([], 'a')
    const b = await t.key([], 'b')
    for (let i = 0; i < 100; i++) {
      expect((await callFrom(t, 'hello', { key: a, ip: i % 2 ? randomIp() : '127.0.0.1' })).statusCode).toBe(200)
    }
    expectLimited(await callFrom(t, 'hello', { key: a, ip: randomIp() }), 100)
    expect((await callFrom(t, 'hello', { key: b })).statusCode).toBe(200)
  })

  it('counts each tool on its own', async () => {
    const key = await t.key(['read'])
    for (let i = 0; i < 100; i++) await callFrom(t, 'hello', { key })
    expectLimited(await callFrom(t, 'hello', { key }), 100)
    await fs.writeFile(path.join(t.workspace, 'f.txt'), 'x')
    const other = await callFrom(t, 'read_repo_file', { key, payload: { path: 'f.txt' } })
    expect(other.statusCode).toBe(200)
    expect(other.headers['x-ratelimit-limit']).toBe('600')
  })
})

describe('TOOLGATE_RATE_LIMITS', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { TOOLGATE_RATE_LIMITS: 'hello=3/minute, *=2/minute' } })
    await fs.writeFile(path.join(t.workspace, 'f.txt'), 'x')
  })
  afterAll(async () => t?.close())

  it("overrides a tool's own limit", async () => {
    const ip = randomIp()
    for (let i = 0; i < 3; i++) expect((await callFrom(t, 'hello', { ip })).statusCode).toBe(200)
    expectLimited(await callFrom(t, 'hello', { ip }), 3)
    const details = await t.app.inject({ url: '/v1/tools/hello' })
    expect(details.json().rate_limit).toEqual({ limit: 3, windowMs: 60_000 })
  })

  it('applies `*` to tools without a limit of their own', async () => {
    const key = await t.key(['read'])
    const call = () => callFrom(t, 'read_repo_file', { key, payload: { path: 'f.txt' } })
    expect((await call()).statusCode).toBe(200)
    expect((await call()).statusCode).toBe(200)
    expectLimited(await call(), 2)
    // A refused call is not run and not counted against another key.
    expect((await callFrom(t, 'read_repo_file', { key: t.adminKey, payload: { path: 'f.txt' } })).statusCode).toBe(200)
  })

  it('refuses a bad TOOLGATE_RATE_LIMITS at start, naming the variable', () => {
    for (const spec of ['hello=fast', 'hello=3/fortnight', 'hello=0/minute', 'hello', '=3/minute', 'hel lo=3/minute']) {
      let caught: unknown
      try {
        loadConfig({ TOOLGATE_RATE_LIMITS: spec })
      } catch (e) {
        caught = e
      }
      expect(caught, spec).toBeInstanceOf(ConfigError)
      expect((caught as ConfigError).message, spec).toContain('TOOLGATE_RATE_LIMITS')
    }
    expect(loadConfig({ TOOLGATE_RATE_LIMITS: 'hello=100000/minute,*=600/hour' }).rateLimits).toEqual({
      hello: { limit: 100_000, windowMs: 60_000 },
      '*': { limit: 600, windowMs: 3_600_000 },
    })
  })
})

describe('shared counters in Redis', () => {
  const env = { REDIS_URL: 'redis://127.0.0.1:6379', TOOLGATE_RATE_LIMITS: 'hello=5/minute' }
  let one: TestApp
  let two: TestApp
  beforeAll(async () => {
    one = await buildTestApp({ env })
    two = await buildTestApp({ env })
  })
  afterAll(async () => {
    await one?.close()
    await two?.close()
  })

  it('uses Redis', async () => {
    expect(one.app.rateLimiter.backend).toBe('redis')
    const reg = await one.app.inject({ url: '/v1/registry', headers: { authorization: `Bearer ${one.adminKey}` } })
    expect(reg.json().rate_limit_backend).toBe('redis')
  })

  it('counts calls to two instances against one window', async () => {
    const ip = randomIp()
    for (let i = 0; i < 5; i++) {
      const res = await callFrom(i % 2 ? two : one, 'hello', { ip })
      expect(res.statusCode, `call ${i + 1}`).toBe(200)
      expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - i))
    }
    const sixth = await callFrom(two, 'hello', { ip })
    expectLimited(sixth, 5)
    expectLimited(await callFrom(one, 'hello', { ip }), 5)
    expect((await callFrom(one, 'hello', { ip: randomIp() })).statusCode).toBe(200)
  })
})
