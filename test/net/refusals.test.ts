/**
 * A destination the network guard refuses is 403 SSRF_BLOCKED however it is reached: loopback
 * by every spelling (localhost names, short and hex IPv4, IPv6, a name /etc/hosts maps to
 * loopback through the system resolver), by a 301/302/307/308 redirect from an allowed server,
 * or by a redirect to another scheme. Real servers on 127.0.0.1: A is opened by host:port, B is
 * the target that must never be reached. Beside each: an allowed host that works.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardedFetch } from '../../src/net/fetch.js'
import type { Resolver } from '../../src/net/resolve.js'
import { buildTestApp, type TestApp } from '../helper.js'
import { startServer, tools, type TestServer } from '../tools/web/servers.js'

let a: TestServer
let b: TestServer
let t: TestApp

beforeAll(async () => {
  a = await startServer()
  b = await startServer()
  t = await buildTestApp({ env: { TOOLGATE_NET_ALLOW: `127.0.0.1:${a.port}` }, tools })
})
afterAll(async () => {
  await t?.close()
  await a?.close()
  await b?.close()
})

/** Names other than localhost that /etc/hosts maps to a loopback address (`runsc`, `vm`…). */
function hostsLoopbackNames(): string[] {
  const text = fs.existsSync('/etc/hosts') ? fs.readFileSync('/etc/hosts', 'utf8') : ''
  return text
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim().split(/\s+/))
    .filter(([addr]) => addr !== undefined && (/^127\./.test(addr) || addr === '::1'))
    .flatMap(([, ...names]) => names)
    .filter((n) => /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(n) && !/localhost/i.test(n))
}

const hostsName = hostsLoopbackNames()[0]
const spellings = ['localhost', 'LOCALHOST.', 'localhost.', 'app.localhost', '127.1', '[::1]', '0x7f000001', '[::ffff:127.0.0.1]', '0']

async function expectRefused(tool: 'http' | 'WebFetch', url: string, message: RegExp): Promise<void> {
  const before = b.requests.length
  const res = await t.call(tool, tool === 'http' ? { url } : { url, prompt: 'x' })
  expect(res.statusCode, `${url}: ${JSON.stringify(res.body)}`).toBe(403)
  expect(res.body).toMatchObject({ status: 'error', error_code: 'SSRF_BLOCKED', success: false })
  expect(res.body.error_message).toMatch(message)
  expect(b.requests.length).toBe(before)
}

describe('refused destinations: one status for every spelling', () => {
  it('positive control: server A, opened by host:port, answers', async () => {
    const res = await t.call('http', { url: `${a.origin}/echo` })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata.status_code).toBe(200)
  })

  it.each(spellings)('http://%s:<B> → 403', async (host) => {
    await expectRefused('http', `http://${host}:${b.port}/echo`, /loopback|unspecified/)
  })

  it.skipIf(!hostsName)('a name /etc/hosts maps to loopback, through the system resolver → 403', async () => {
    await expectRefused('http', `http://${hostsName}:${b.port}/echo`, new RegExp(`${hostsName} resolves to .*loopback`))
    await expectRefused('WebFetch', `http://${hostsName.toUpperCase()}:${b.port}/echo`, /loopback/)
  })

  it('WebFetch answers the same for localhost names', async () => {
    for (const host of ['localhost', 'LOCALHOST.', 'x.y.localhost']) {
      await expectRefused('WebFetch', `http://${host}:${b.port}/page`, /is a localhost name \(loopback by RFC 6761\)/)
    }
  })
})

describe('refused destinations reached by a redirect from an allowed server', () => {
  const via = (code: number, target: string) => `${a.origin}/to?code=${code}&url=${encodeURIComponent(target)}`

  it('positive control: a redirect from A to A is followed', async () => {
    const res = await t.call('http', { url: via(307, `${a.origin}/echo`) })
    expect(res.body.metadata).toMatchObject({ status_code: 200, redirects: 1, final_url: `${a.origin}/echo` })
  })

  for (const code of [301, 302, 307, 308]) {
    it(`${code} to loopback by each spelling → 403, B never reached`, async () => {
      for (const host of [...spellings, ...(hostsName ? [hostsName] : [])]) {
        await expectRefused('http', via(code, `http://${host}:${b.port}/echo`), /loopback|unspecified/)
      }
    })
  }

  it.each([
    ['file:///etc/passwd', 'file:'],
    ['gopher://127.0.0.1:70/_GET%20/', 'gopher:'],
    ['ftp://127.0.0.1/x', 'ftp:'],
    ['data:text/plain,hello', 'data:'],
    ['FILE:/etc/passwd', 'file:'],
  ])('a redirect to %s → 403', async (target, scheme) => {
    for (const code of [301, 302, 307]) {
      await expectRefused('http', via(code, target), new RegExp(`to a "${scheme}" URL: the fetch tools reach only http and https`))
    }
    await expectRefused('WebFetch', via(302, target), new RegExp(`"${scheme}"`))
  })
})

describe('localhost names never depend on a resolver', () => {
  const opts = { timeoutMs: 5000, maxBytes: 1 << 20 }

  it('a resolver that calls localhost public is never asked, and the name is refused', async () => {
    const calls: string[] = []
    const liar: Resolver = async (host) => {
      calls.push(host)
      return [{ address: '93.184.216.34', family: 4 }]
    }
    for (const host of ['localhost', 'localhost.', 'db.localhost']) {
      await expect(guardedFetch(`http://${host}:${b.port}/echo`, { ...opts, resolver: liar })).rejects.toMatchObject({ code: 'SSRF_BLOCKED', statusCode: 403 })
    }
    expect(calls).toEqual([])
  })

  it('positive control: a localhost name the operator allows is reached at 127.0.0.1', async () => {
    const res = await guardedFetch(`http://LOCALHOST.:${b.port}/echo`, { ...opts, allow: ['localhost'] })
    expect(res.status).toBe(200)
    expect(res.addresses).toEqual(['127.0.0.1'])
    await expect(guardedFetch(`http://app.localhost:${b.port}/echo`, { ...opts, allow: ['localhost'] })).rejects.toMatchObject({ code: 'SSRF_BLOCKED' })
    expect((await guardedFetch(`http://app.localhost:${b.port}/echo`, { ...opts, allow: ['127.0.0.1'] })).status).toBe(200)
  })
})
