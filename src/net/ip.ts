/**
 * IP addresses and ranges, on `ipaddr.js`. Only the canonical forms that the WHATWG URL parser,
 * dns.lookup and configuration produce are addresses here: dotted IPv4 (`127.0.0.1`) and IPv6 with
 * `::` and an optional dotted tail (`::ffff:127.0.0.1`). `ipaddr.js` alone would also take
 * `0x7f.1` or `2130706433`; `net.isIP` refuses them, since the URL parser normalises those first.
 */
import net from 'node:net'
import ipaddr from 'ipaddr.js'

export type Ip = ipaddr.IPv4 | ipaddr.IPv6

export interface Cidr {
  ip: Ip
  prefix: number
}

export const ipVersion = (ip: Ip): 4 | 6 => (ip.kind() === 'ipv4' ? 4 : 6)

/** `127.0.0.1`, `::1`, `[::1]`, `fe80::1%eth0` (the zone is dropped) → an address; undefined if not one. */
export function parseIp(input: string): Ip | undefined {
  let s = input.trim()
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1)
  const zone = s.indexOf('%')
  if (zone >= 0) s = s.slice(0, zone)
  const version = net.isIP(s)
  if (version === 0) return undefined
  return ipaddr.parse(version === 6 ? hexTail(s) : s)
}

/**
 * `::1.2.3.4` → `::102:304`. ipaddr.js reads an IPv4-compatible address (`::1.2.3.4`) as the
 * IPv4-mapped one (`::ffff:1.2.3.4`), a different address; in hex it reads what is written.
 */
function hexTail(v6: string): string {
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(v6)
  if (!tail) return v6
  const [a, b, c, d] = tail.slice(1).map(Number)
  return `${v6.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
}

/** `10.0.0.0/8`, `fc00::/7`; a bare address is a /32 or /128. Throws with a readable reason. */
export function parseCidr(input: string): Cidr {
  const [addr, len, extra] = input.trim().split('/')
  const ip = parseIp(addr)
  if (!ip || extra !== undefined) throw new Error(`"${input}" is not an IP address or CIDR range`)
  const max = ip.kind() === 'ipv4' ? 32 : 128
  if (len === undefined) return { ip, prefix: max }
  if (!/^\d{1,3}$/.test(len) || Number(len) > max) throw new Error(`"${input}": the prefix length must be 0 to ${max}`)
  return { ip, prefix: Number(len) }
}

/** Is `ip` inside `cidr`? An IPv4 address is never inside an IPv6 range, nor the reverse. */
export function inCidr(ip: Ip, cidr: Cidr): boolean {
  return ip.kind() === cidr.ip.kind() && ip.match(cidr.ip, cidr.prefix)
}

/** Dotted IPv4, or RFC 5952 IPv6 (lowercase, longest zero run as `::`, no dotted tail). */
export function formatIp(ip: Ip): string {
  return ip.kind() === 'ipv4' ? ip.toString() : (ip as ipaddr.IPv6).toRFC5952String()
}

/** The IPv4 address held in four bytes of an IPv6 address (mapped, NAT64, 6to4, Teredo). */
export function v4At(ip: Ip, offset: number, xor = 0): ipaddr.IPv4 {
  return new ipaddr.IPv4(
    ip
      .toByteArray()
      .slice(offset, offset + 4)
      .map((b) => b ^ xor),
  )
}
