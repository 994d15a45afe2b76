import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t.close())

describe('hello', () => {
  it('greets by name without a key, with the gateway envelope', async () => {
    const res = await t.call('hello', { name: 'Learner' }, { key: '' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ message: 'Hello, Learner!', status: 'ok', messages: [] })
    expect(res.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(res.body.execution_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(typeof res.body.duration_ms).toBe('number')
  })

  it('defaults the name to World, also for an empty body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/tools/hello' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Hello, World!')
  })

  it('refuses a wrong key even on a public tool', async () => {
    const res = await t.call('hello', {}, { key: 'tg_wrong_wrong_wrong_wrong_wrong_wrong' })
    expect(res.statusCode).toBe(401)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'UNAUTHORIZED' })
  })
})
