/**
 * Readiness follows the database: a TCP proxy in front of the real Postgres is cut, /readyz turns
 * 503, and when the proxy comes back it recovers by itself. Postgres only: PGlite runs in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test/helper.js'
import { buildAppBehindProxy, type AppBehindProxy } from '../test/support/tcp-proxy.js'

let setup: AppBehindProxy
let t: TestApp
beforeAll(async () => {
  setup = await buildAppBehindProxy()
  t = setup.t
})
afterAll(async () => setup.close())

describe('/readyz on Postgres', () => {
  it('is 503 while the database is unreachable and recovers by itself', async () => {
    expect((await t.app.inject('/readyz')).statusCode).toBe(200)
    await setup.cut()
    const down = await t.app.inject('/readyz')
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down', sandbox: { mode: 'bwrap' } })
    // Liveness does not depend on the database.
    expect((await t.app.inject('/healthz')).statusCode).toBe(200)
    await setup.restore()
    let status = 0
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await t.app.inject('/readyz')).statusCode
      if (status !== 200) await new Promise((r) => setTimeout(r, 250))
    }
    expect(status).toBe(200)
    const hello = await t.call('hello', { name: 'back' }, { key: '' })
    expect(hello.body.message).toBe('Hello, back!')
  })
})
