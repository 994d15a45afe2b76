import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t.close())

describe('health and metrics', () => {
  it('answers liveness and readiness without a key', async () => {
    const live = await t.app.inject('/healthz')
    expect(live.statusCode).toBe(200)
    expect(live.json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', sandbox: { mode: 'bwrap' } })
  })

  it('counts calls, errors and durations per tool for Prometheus', async () => {
    for (let i = 0; i < 3; i++) await t.call('hello', { name: `n${i}` }, { key: '' })
    await t.call('read_repo_file', { path: 'missing.txt' })
    expect((await t.app.inject('/metrics')).statusCode).toBe(401)
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/plain/)
    expect(res.body).toMatch(/toolgate_tool_calls_total\{tool="hello",status="ok"\} 3/)
    expect(res.body).toMatch(/toolgate_tool_errors_total\{tool="read_repo_file",code="FILE_NOT_FOUND"\} 1/)
    expect(res.body).toMatch(/toolgate_tool_duration_seconds_count\{tool="hello"\} 3/)
  })

  it('serves metrics publicly only when configured to', async () => {
    const open = await buildTestApp({ env: { TOOLGATE_METRICS_PUBLIC: 'true' } })
    try {
      expect((await open.app.inject('/metrics')).statusCode).toBe(200)
    } finally {
      await open.close()
    }
  })

  it('answers unknown routes with the JSON error shape', async () => {
    const res = await t.app.inject('/v2/nothing')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: 'error', error_code: 'NOT_FOUND' })
  })
})
