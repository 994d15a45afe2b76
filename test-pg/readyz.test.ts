/**
 * Readiness follows the database: a TCP proxy in front of the real Postgres is cut, /readyz turns
 * 503, and when the proxy comes back it recovers by itself. Postgres only: PGlite runs in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/helper.js'
import { startProxy } from '../test/support/tcp-proxy.js'

let t: TestApp
let direct: TestApp
let proxy: Awaited<ReturnType<typeof startProxy>>
beforeAll(async () => {
  // A first app makes the test database; the second reaches the same database through the proxy.
  direct = await buildTestApp()
  const url = new URL(direct.databaseUrl!)
  proxy = await startProxy(0, Number(url.port || 5432))
  url.port = String(proxy.port)
  t = await buildTestApp({ databaseUrl: url.toString() })
})
afterAll(async () => {
  await t.close()
  await proxy.stop().catch(() => {})
  await direct.close()
})

describe('/readyz on Postgres', () => {
  it('is 503 while the database is unreachable and recovers by itself', async () => {
    expect((await t.app.inject('/readyz')).statusCode).toBe(200)
    const port = proxy.port
    await proxy.stop()
    const down = await t.app.inject('/readyz')
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' })
    // Liveness does not depend on the database.
    expect((await t.app.inject('/healthz')).statusCode).toBe(200)
    proxy = await startProxy(port, Number(new URL(direct.databaseUrl!).port || 5432))
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
