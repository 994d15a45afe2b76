/**
 * TOOLGATE_NET_ALLOW: hosts, host:port pairs, addresses and CIDR ranges that the fetch tools may
 * reach even though the SSRF guard refuses them (an internal API, the tests' loopback servers).
 * A host entry opens that name whatever it resolves to; an address or range entry opens the
 * addresses themselves, whatever name led there.
 *
 *   internal.example.com   internal.example.com:8443   *.corp.example
 *   127.0.0.1   127.0.0.1:5000   10.0.0.0/8   ::1   [::1]:5000   fd00::/8
 */
import { inCidr, ipVersion, parseCidr, parseIp, type Cidr, type Ip } from './ip.js'

export type AllowEntry =
  | { kind: 'host'; host: string; wildcard: boolean; port?: number; text: string }
  | { kind: 'net'; cidr: Cidr; port?: number; text: string }

export interface Allowlist {
  entries: readonly AllowEntry[]
  /** The URL's host (lowercase, IPv6 without brackets) is opened by name. */
  allowsHost(hostname: string, port: number): boolean
  /** The resolved address is opened by an address or range entry. */
  allowsAddress(ip: Ip, port: number): boolean
}

const HOSTNAME = /^(\*\.)?([a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/

function parsePort(raw: string, entry: string): number {
  const n = Number(raw)
  if (!/^\d{1,5}$/.test(raw) || n < 1 || n > 65535) throw new Error(`"${entry}": the port must be 1 to 65535`)
  return n
}

export function parseAllowEntry(text: string): AllowEntry {
  const entry = text.trim()
  // [v6]:port or [v6]
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry)
  if (bracketed) {
    const cidr = parseCidr(bracketed[1])
    return { kind: 'net', cidr, text: entry, ...(bracketed[2] !== undefined && { port: parsePort(bracketed[2], entry) }) }
  }
  // Bare IPv6 address or range (two or more colons), IPv4 address or range.
  if ((entry.match(/:/g) ?? []).length >= 2 || entry.includes('/')) return { kind: 'net', cidr: parseCidr(entry), text: entry }
  const [host, port, extra] = entry.split(':')
  if (extra !== undefined) throw new Error(`"${entry}" is not host, host:port, an IP address or a CIDR range`)
  const portPart = port !== undefined ? { port: parsePort(port, entry) } : {}
  const ip = parseIp(host)
  if (ip) return { kind: 'net', cidr: { ip, prefix: ipVersion(ip) === 4 ? 32 : 128 }, text: entry, ...portPart }
  const name = host.toLowerCase().replace(/\.$/, '')
  if (!HOSTNAME.test(name)) throw new Error(`"${entry}" is not host, host:port, an IP address or a CIDR range`)
  const wildcard = name.startsWith('*.')
  return { kind: 'host', host: wildcard ? name.slice(1) : name, wildcard, text: entry, ...portPart }
}

/** Parses every entry; throws naming the first bad one. */
export function parseAllowlist(list: readonly string[]): Allowlist {
  const entries = list
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseAllowEntry)
  const portOk = (e: AllowEntry, port: number) => e.port === undefined || e.port === port
  return {
    entries,
    allowsHost(hostname, port) {
      const h = hostname.toLowerCase().replace(/\.$/, '')
      return entries.some((e) => e.kind === 'host' && portOk(e, port) && (e.wildcard ? h.endsWith(e.host) : h === e.host))
    },
    allowsAddress(ip, port) {
      return entries.some((e) => e.kind === 'net' && portOk(e, port) && inCidr(ip, e.cidr))
    },
  }
}
