/**
 * One hop's address check: resolve the host once, judge every address it resolves to, and hand
 * back exactly those addresses for the connection (see `pinnedLookup`), so that a DNS server
 * answering differently the second time (rebinding) is never asked a second time.
 */
import dns from 'node:dns'
import type { LookupFunction } from 'node:net'
import { fail } from '../errors.js'
import type { Allowlist } from './allowlist.js'
import { formatIp, ipVersion, parseIp, type Ip } from './ip.js'
import { classifyAddress, describeRefusal } from './ssrf.js'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** dns.lookup with `all: true`, or a stand-in (tests inject one to count lookups). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true })
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

/** The URL's host without IPv6 brackets, and its port (80/443 when the URL gives none). */
export function hostAndPort(url: URL): { host: string; port: number } {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  return { host, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 }
}

/**
 * RFC 6761 §6.3: `localhost` and every name under it, with or without the final dot, are
 * loopback. Judged by name, so the answer does not hang on /etc/hosts (which often knows
 * `localhost` but not `localhost.` or `app.localhost`) or on a resolver that says otherwise.
 */
export function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '')
  return h === 'localhost' || h.endsWith('.localhost')
}

const LOCALHOST: readonly ResolvedAddress[] = [{ address: '127.0.0.1', family: 4 }]

async function resolveHost(host: string, resolver: Resolver, signal: AbortSignal): Promise<ResolvedAddress[]> {
  if (isLocalhostName(host)) return [...LOCALHOST]
  const literal = parseIp(host)
  if (literal) return [{ address: formatIp(literal), family: ipVersion(literal) }]
  let found: ResolvedAddress[]
  try {
    // A lookup cannot be cancelled; stop waiting for it when the call is aborted.
    found = await new Promise<ResolvedAddress[]>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason)
      const onAbort = () => reject(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
      resolver(host)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort))
    })
  } catch (err) {
    if (signal.aborted) throw err
    const code = (err as { code?: string }).code
    fail('UPSTREAM_ERROR', `Could not resolve host ${host}${code ? ` (${code})` : ''}: check the URL's spelling`, { details: { host } })
  }
  if (found.length === 0) fail('UPSTREAM_ERROR', `Could not resolve host ${host}: no addresses`, { details: { host } })
  return found
}

/**
 * Resolves `url`'s host once and checks every address; throws 403 SSRF_BLOCKED naming the host
 * and the range unless the allowlist opens the host or the address. Returns the checked addresses.
 */
export async function checkedAddresses(url: URL, allow: Allowlist, resolver: Resolver, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const { host, port } = hostAndPort(url)
  const addresses = await resolveHost(host, resolver, signal)
  if (allow.allowsHost(host, port)) return addresses
  for (const a of addresses) {
    const ip = parseIp(a.address) as Ip | undefined
    const verdict = classifyAddress(ip ?? a.address)
    if (!verdict.refused || (ip && allow.allowsAddress(ip, port))) continue
    const where = parseIp(host)
      ? `${verdict.address} is in`
      : isLocalhostName(host)
        ? `${host} is a localhost name (loopback by RFC 6761), ${verdict.address}, in`
        : `${host} resolves to ${verdict.address}, in`
    fail(
      'SSRF_BLOCKED',
      `Refused to fetch ${url.origin}: ${where} ${describeRefusal(verdict)}, which the fetch tools do not reach. ` +
        `An operator can open it with TOOLGATE_NET_ALLOW (e.g. "${parseIp(host) ? verdict.address : host}:${port}")`,
      {
        details: { url: url.href, host, address: verdict.address, range: verdict.range, cidr: verdict.cidr, ...(verdict.via && { via: verdict.via }) },
      },
    )
  }
  return addresses
}

/**
 * The `lookup` the connection uses: it answers with the checked addresses only, whatever name it
 * is asked about, and never asks DNS.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { family?: number | string; all?: boolean } | number, callback: (...args: unknown[]) => void) => {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {})
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : Number(opts.family ?? 0)
    const usable = family ? addresses.filter((a) => a.family === family) : [...addresses]
    if (usable.length === 0) {
      const err = Object.assign(new Error(`No checked IPv${family} address for this host`), { code: 'ENOTFOUND' })
      return process.nextTick(callback, err)
    }
    if (opts.all)
      process.nextTick(
        callback,
        null,
        usable.map((a) => ({ address: a.address, family: a.family })),
      )
    else process.nextTick(callback, null, usable[0].address, usable[0].family)
  }) as LookupFunction
}
