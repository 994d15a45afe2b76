/**
 * The SSRF guard's judgement of one address: may the fetch tools connect to it? Everything that is
 * not ordinary public unicast is refused — loopback, private, link-local (cloud metadata),
 * carrier-grade NAT, multicast, reserved, documentation, benchmarking, unspecified — for IPv4 and
 * IPv6, and an IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4, Teredo) is judged by
 * the IPv4 address inside it. Fails closed: what does not parse is refused.
 */
import { formatIp, inCidr, parseCidr, parseIp, v4At, type Cidr, type Ip } from './ip.js'

export interface Allowed {
  refused: false
  address: string
}

export interface Refused {
  refused: true
  address: string
  /** What the range is: `loopback`, `private`, `link-local (cloud metadata)`… */
  range: string
  cidr: string
  /** For IPv6 forms that carry an IPv4 address: the form, and the IPv4 address judged. */
  via?: { form: string; cidr: string; embedded: string }
}

export type Classification = Allowed | Refused

interface Range {
  cidr: Cidr
  text: string
  name: string
}
const range = (cidr: string, name: string): Range => ({ cidr: parseCidr(cidr), text: cidr, name })

/** Most specific first: the first match names the range. */
const V4: Range[] = [
  range('0.0.0.0/8', 'unspecified ("this network")'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'carrier-grade NAT'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local (cloud metadata)'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'IETF protocol assignments'),
  range('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  range('192.88.99.0/24', '6to4 relay anycast (deprecated)'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  range('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  range('224.0.0.0/4', 'multicast'),
  range('255.255.255.255/32', 'broadcast'),
  range('240.0.0.0/4', 'reserved'),
]

/** IPv6 forms that carry an IPv4 address: judged by that address (offset into the 16 bytes). */
interface Carrier {
  cidr: Cidr
  text: string
  form: string
  offsets: { at: number; xor?: number }[]
}
const carrier = (cidr: string, form: string, offsets: Carrier['offsets']): Carrier => ({ cidr: parseCidr(cidr), text: cidr, form, offsets })

const V6_CARRIERS: Carrier[] = [
  carrier('::ffff:0:0/96', 'IPv4-mapped IPv6', [{ at: 12 }]),
  carrier('64:ff9b::/96', 'NAT64', [{ at: 12 }]),
  carrier('2002::/16', '6to4', [{ at: 2 }]),
  // Teredo: the server's address in bytes 4–7, the client's (obfuscated, every bit flipped) in 12–15.
  carrier('2001::/32', 'Teredo', [{ at: 4 }, { at: 12, xor: 0xff }]),
]

const V6: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::ffff:0:0:0/96', 'IPv4-translated (SIIT)'),
  range('::/96', 'IPv4-compatible (deprecated)'),
  range('64:ff9b:1::/48', 'local-use NAT64'),
  range('100::/64', 'discard-only'),
  range('2001:2::/48', 'benchmarking'),
  range('2001:10::/28', 'ORCHID (deprecated)'),
  range('2001:20::/28', 'ORCHIDv2'),
  range('2001::/23', 'IETF protocol assignments'),
  range('2001:db8::/32', 'documentation'),
  range('3fff::/20', 'documentation'),
  range('5f00::/16', 'SRv6 SIDs'),
  range('fc00::/7', 'unique local (private)'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local (deprecated)'),
  range('ff00::/8', 'multicast'),
]
const GLOBAL_UNICAST = parseCidr('2000::/3')

function judgeV4(ip: Ip): Range | undefined {
  return V4.find((r) => inCidr(ip, r.cidr))
}

/** Classifies one address (`127.0.0.1`, `::1`, `[::ffff:7f00:1]`). */
export function classifyAddress(input: string | Ip): Classification {
  const ip = typeof input === 'string' ? parseIp(input) : input
  if (!ip) return { refused: true, address: String(input), range: 'not an IP address', cidr: '-' }
  const address = formatIp(ip)
  if (ip.kind() === 'ipv4') {
    const r = judgeV4(ip)
    return r ? { refused: true, address, range: r.name, cidr: r.text } : { refused: false, address }
  }
  for (const c of V6_CARRIERS) {
    if (!inCidr(ip, c.cidr)) continue
    for (const { at, xor } of c.offsets) {
      const v4 = v4At(ip, at, xor)
      const r = judgeV4(v4)
      if (r) return { refused: true, address, range: r.name, cidr: r.text, via: { form: c.form, cidr: c.text, embedded: formatIp(v4) } }
    }
    return { refused: false, address }
  }
  const r = V6.find((x) => inCidr(ip, x.cidr))
  if (r) return { refused: true, address, range: r.name, cidr: r.text }
  if (!inCidr(ip, GLOBAL_UNICAST)) return { refused: true, address, range: 'reserved (outside global unicast)', cidr: '2000::/3' }
  return { refused: false, address }
}

/** `link-local (cloud metadata) 169.254.0.0/16`, or `loopback 127.0.0.0/8 (127.0.0.1 inside IPv4-mapped IPv6 ::ffff:0:0/96)`. */
export function describeRefusal(r: Refused): string {
  const base = r.cidr === '-' ? r.range : `${r.range} ${r.cidr}`
  return r.via ? `${base} (${r.via.embedded} inside ${r.via.form} ${r.via.cidr})` : base
}
