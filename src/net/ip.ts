/**
 * IP addresses as bytes, so that ranges are compared exactly rather than by string shape. Parses
 * the canonical forms that the WHATWG URL parser, dns.lookup and configuration produce: dotted
 * IPv4 (`127.0.0.1`) and IPv6 with `::` and an optional dotted tail (`::ffff:127.0.0.1`).
 * Anything else (`0x7f.1`, `2130706433`) is not an address here: the URL parser has already
 * normalised those before this module sees them.
 */
import net from 'node:net'

export interface Ip {
  version: 4 | 6
  /** 4 or 16 bytes, network order. */
  bytes: Uint8Array
}

export interface Cidr {
  ip: Ip
  prefix: number
}

function parseV4(s: string): Uint8Array | undefined {
  const parts = s.split('.')
  if (parts.length !== 4) return undefined
  const out = new Uint8Array(4)
  for (let i = 0; i < 4; i++) {
    if (!/^(0|[1-9]\d{0,2})$/.test(parts[i])) return undefined
    const n = Number(parts[i])
    if (n > 255) return undefined
    out[i] = n
  }
  return out
}

function parseV6(s: string): Uint8Array | undefined {
  if (!net.isIPv6(s)) return undefined
  let head = s
  let tail: Uint8Array | undefined
  const lastColon = s.lastIndexOf(':')
  if (s.slice(lastColon + 1).includes('.')) {
    tail = parseV4(s.slice(lastColon + 1))
    if (!tail) return undefined
    head = `${s.slice(0, lastColon + 1)}0:0`
  }
  const halves = head.split('::')
  const words = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)))
  const left = words(halves[0])
  const right = halves.length === 2 ? words(halves[1]) : []
  const groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
  if (groups.length !== 8) return undefined
  const out = new Uint8Array(16)
  groups.forEach((g, i) => {
    out[2 * i] = g >> 8
    out[2 * i + 1] = g & 0xff
  })
  if (tail) out.set(tail, 12)
  return out
}

/** `127.0.0.1`, `::1`, `[::1]`, `fe80::1%eth0` (the zone is dropped) → bytes; undefined if not an address. */
export function parseIp(input: string): Ip | undefined {
  let s = input.trim()
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1)
  const zone = s.indexOf('%')
  if (zone >= 0) s = s.slice(0, zone)
  const v4 = parseV4(s)
  if (v4) return { version: 4, bytes: v4 }
  const v6 = parseV6(s)
  return v6 ? { version: 6, bytes: v6 } : undefined
}

/** `10.0.0.0/8`, `fc00::/7`; a bare address is a /32 or /128. Throws with a readable reason. */
export function parseCidr(input: string): Cidr {
  const [addr, len, extra] = input.trim().split('/')
  const ip = parseIp(addr)
  if (!ip || extra !== undefined) throw new Error(`"${input}" is not an IP address or CIDR range`)
  const max = ip.version === 4 ? 32 : 128
  if (len === undefined) return { ip, prefix: max }
  if (!/^\d{1,3}$/.test(len) || Number(len) > max) throw new Error(`"${input}": the prefix length must be 0 to ${max}`)
  return { ip, prefix: Number(len) }
}

export function inCidr(ip: Ip, cidr: Cidr): boolean {
  if (ip.version !== cidr.ip.version) return false
  const full = cidr.prefix >> 3
  for (let i = 0; i < full; i++) if (ip.bytes[i] !== cidr.ip.bytes[i]) return false
  const rest = cidr.prefix & 7
  if (rest === 0) return true
  const mask = (0xff << (8 - rest)) & 0xff
  return (ip.bytes[full] & mask) === (cidr.ip.bytes[full] & mask)
}

export function formatIp(ip: Ip): string {
  if (ip.version === 4) return ip.bytes.join('.')
  const groups: string[] = []
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i] << 8) | ip.bytes[i + 1]).toString(16))
  // Longest run of two or more zero groups becomes `::` (RFC 5952).
  let best = -1
  let bestLen = 1
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') { i++; continue }
    let j = i
    while (j < 8 && groups[j] === '0') j++
    if (j - i > bestLen) { best = i; bestLen = j - i }
    i = j
  }
  if (best < 0) return groups.join(':')
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`
}

/** The IPv4 address held in four bytes of an IPv6 address (mapped, NAT64, 6to4, Teredo). */
export function v4At(ip: Ip, offset: number, xor = 0): Ip {
  const bytes = ip.bytes.slice(offset, offset + 4).map((b) => b ^ xor)
  return { version: 4, bytes }
}
