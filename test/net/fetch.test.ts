/**
 * guardedFetch's defence against DNS rebinding: the host is resolved once per hop, every address
 * is checked, and the connection goes to those checked addresses through a lookup that never asks
 * DNS again. A resolver stand-in answers differently on its second call; only one call may happen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardedFetch } from '../../src/net/fetch.js'
import { pinnedLookup, type ResolvedAddress, type Resolver } from '../../src/net/resolve.js'
import { startServer, type TestServer } from '../tools/web/servers.js'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => server?.close())

/** First answer as given, then (as a rebinding DNS would) something else. */
function rebinding(first: ResolvedAddress[], later: ResolvedAddress[]): Resolver & { calls: string[] } {
  const calls: string[] = []
  const resolver = async (host: string) => {
    calls.push(host)
    return calls.length === 1 ? first : later
  }
  return Object.assign(resolver, { calls })
}

const opts = { timeoutMs: 5000, maxBytes: 1 << 20 }

describe('DNS rebinding', () => {
  it('resolves once and connects to the checked address, whatever DNS says next', async () => {
    const resolver = rebinding([{ address: '127.0.0.1', family: 4 }], [{ address: '10.66.66.66', family: 4 }])
    const res = await guardedFetch(`http://rebind.test:${server.port}/echo`, { ...opts, allow: ['127.0.0.1'], resolver })
    expect(res.status).toBe(200)
    expect(resolver.calls).toEqual(['rebind.test'])
    expect(res.addresses).toEqual(['127.0.0.1'])
    // The Host header (and TLS SNI) stay the name the caller asked for.
    expect(JSON.parse(res.body.toString()).headers.host).toBe(`rebind.test:${server.port}`)
  })

  it('a name that resolves to a public and an internal address is refused (every address is checked)', async () => {
    const resolver = rebinding(
      [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      [],
    )
    await expect(guardedFetch(`http://mixed.test:${server.port}/echo`, { ...opts, resolver })).rejects.toMatchObject({
      code: 'SSRF_BLOCKED',
      message: expect.stringContaining('mixed.test resolves to 127.0.0.1, in loopback 127.0.0.0/8'),
    })
    expect(resolver.calls).toEqual(['mixed.test'])
  })

  it('a host allowed by name is reached at the address it resolved to', async () => {
    const resolver = rebinding([{ address: '127.0.0.1', family: 4 }], [{ address: '169.254.169.254', family: 4 }])
    const res = await guardedFetch(`http://named.internal:${server.port}/echo`, { ...opts, allow: ['named.internal'], resolver })
    expect(res.status).toBe(200)
    expect(resolver.calls).toHaveLength(1)
  })

  it('every redirect hop is resolved and checked again', async () => {
    const seen: string[] = []
    const resolver: Resolver = async (host) => {
      seen.push(host)
      return [{ address: host === 'first.test' ? '127.0.0.1' : '169.254.169.254', family: 4 }]
    }
    const next = encodeURIComponent(`http://second.test:${server.port}/echo`)
    await expect(guardedFetch(`http://first.test:${server.port}/to?url=${next}`, { ...opts, allow: ['127.0.0.1'], resolver })).rejects.toMatchObject({
      code: 'SSRF_BLOCKED',
      statusCode: 403,
    })
    expect(seen).toEqual(['first.test', 'second.test'])
  })

  it('an unresolvable name is 502', async () => {
    const resolver: Resolver = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' })
    }
    await expect(guardedFetch('http://nowhere.test/', { ...opts, resolver })).rejects.toMatchObject({ code: 'UPSTREAM_ERROR', statusCode: 502 })
  })
})

describe('pinnedLookup', () => {
  const lookup = (fn: ReturnType<typeof pinnedLookup>, host: string, options: object) =>
    new Promise<unknown[]>((resolve) => (fn as any)(host, options, (...args: unknown[]) => resolve(args)))
  const pinned = pinnedLookup([
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ])

  it('answers with the checked addresses whatever name it is asked', async () => {
    expect(await lookup(pinned, 'anything.example', { all: true })).toEqual([
      null,
      [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    ])
    expect(await lookup(pinned, 'evil.example', {})).toEqual([null, '127.0.0.1', 4])
    expect(await lookup(pinned, 'evil.example', { family: 6 })).toEqual([null, '::1', 6])
  })

  it('has nothing for a family it was not given', async () => {
    const v4only = pinnedLookup([{ address: '127.0.0.1', family: 4 }])
    const [err] = await lookup(v4only, 'x', { family: 6 })
    expect(err).toMatchObject({ code: 'ENOTFOUND' })
  })
})
