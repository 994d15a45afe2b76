/**
 * The SSRF guard: the classifier range by range (IPv4, IPv6, IPv6 forms carrying IPv4), the
 * allowlist's grammar, and, end to end through the `http` tool with the allowlist EMPTY, every
 * refused range and every numeric spelling the URL parser accepts → 403 SSRF_BLOCKED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllowlist, parseAllowEntry } from '../../src/net/allowlist.js'
import { formatIp, parseIp } from '../../src/net/ip.js'
import { classifyAddress, describeRefusal, type Refused } from '../../src/net/ssrf.js'
import { loadConfig } from '../../src/config.js'
import { buildTestApp, type TestApp } from '../helper.js'
import { tools } from '../tools/web/servers.js'

const refused = (addr: string) => {
  const c = classifyAddress(addr)
  expect(c.refused, addr).toBe(true)
  return c as Refused
}

describe('classifyAddress: IPv4', () => {
  it.each([
    ['0.0.0.0', '0.0.0.0/8'],
    ['0.1.2.3', '0.0.0.0/8'],
    ['10.0.0.1', '10.0.0.0/8'],
    ['10.255.255.255', '10.0.0.0/8'],
    ['100.64.0.1', '100.64.0.0/10'],
    ['100.127.255.254', '100.64.0.0/10'],
    ['127.0.0.1', '127.0.0.0/8'],
    ['127.255.255.254', '127.0.0.0/8'],
    ['169.254.169.254', '169.254.0.0/16'],
    ['169.254.0.1', '169.254.0.0/16'],
    ['172.16.0.1', '172.16.0.0/12'],
    ['172.31.255.255', '172.16.0.0/12'],
    ['192.0.0.8', '192.0.0.0/24'],
    ['192.0.2.1', '192.0.2.0/24'],
    ['192.88.99.1', '192.88.99.0/24'],
    ['192.168.1.1', '192.168.0.0/16'],
    ['198.18.0.1', '198.18.0.0/15'],
    ['198.19.255.255', '198.18.0.0/15'],
    ['198.51.100.7', '198.51.100.0/24'],
    ['203.0.113.9', '203.0.113.0/24'],
    ['224.0.0.1', '224.0.0.0/4'],
    ['239.255.255.250', '224.0.0.0/4'],
    ['240.0.0.1', '240.0.0.0/4'],
    ['255.255.255.254', '240.0.0.0/4'],
    ['255.255.255.255', '255.255.255.255/32'],
  ])('%s is refused (%s)', (addr, cidr) => {
    expect(refused(addr).cidr).toBe(cidr)
  })

  it('names the range', () => {
    expect(refused('169.254.169.254').range).toBe('link-local (cloud metadata)')
    expect(refused('100.64.1.1').range).toBe('carrier-grade NAT')
    expect(refused('255.255.255.255').range).toBe('broadcast')
  })

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '11.0.0.0',
    '126.255.255.255',
    '128.0.0.0',
  ])('%s (public) is allowed', (addr) => {
    expect(classifyAddress(addr)).toEqual({ refused: false, address: addr })
  })
})

describe('classifyAddress: IPv6', () => {
  it.each([
    ['::', '::/128'],
    ['::1', '::1/128'],
    ['fc00::1', 'fc00::/7'],
    ['fd12:3456::1', 'fc00::/7'],
    ['fe80::1', 'fe80::/10'],
    ['febf::1', 'fe80::/10'],
    ['fec0::1', 'fec0::/10'],
    ['ff02::1', 'ff00::/8'],
    ['ff05::2', 'ff00::/8'],
    ['2001:db8::1', '2001:db8::/32'],
    ['3fff::1', '3fff::/20'],
    ['2001:2::1', '2001:2::/48'],
    ['100::1', '100::/64'],
    ['64:ff9b:1::a00:1', '64:ff9b:1::/48'],
    ['::7f00:1', '::/96'],
    ['::8.8.8.8', '::/96'],
    ['::ffff:0:808:808', '::ffff:0:0:0/96'],
    ['4000::1', '2000::/3'],
    ['::2', '::/96'],
    ['1::', '2000::/3'],
    ['2001:1::1', '2001::/23'],
    ['2001:1ff::1', '2001::/23'],
    ['5f00::1', '5f00::/16'],
    ['FE80::1', 'fe80::/10'],
  ])('%s is refused (%s)', (addr, cidr) => {
    expect(refused(addr).cidr).toBe(cidr)
  })

  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1', 'IPv4-mapped IPv6'],
    ['::ffff:7f00:1', '127.0.0.1', 'IPv4-mapped IPv6'],
    ['::ffff:a9fe:a9fe', '169.254.169.254', 'IPv4-mapped IPv6'],
    ['::ffff:10.1.2.3', '10.1.2.3', 'IPv4-mapped IPv6'],
    ['64:ff9b::7f00:1', '127.0.0.1', 'NAT64'],
    ['64:ff9b::169.254.169.254', '169.254.169.254', 'NAT64'],
    ['2002:7f00:1::', '127.0.0.1', '6to4'],
    ['2002:c0a8:101::1', '192.168.1.1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '192.0.2.45', 'Teredo'],
    ['2001:0:7f00:1::', '127.0.0.1', 'Teredo'],
    ['0:0:0:0:0:ffff:127.0.0.1', '127.0.0.1', 'IPv4-mapped IPv6'],
    ['::FFFF:7F00:1', '127.0.0.1', 'IPv4-mapped IPv6'],
    ['::ffff:0.0.0.0', '0.0.0.0', 'IPv4-mapped IPv6'],
    ['::ffff:100.64.0.1', '100.64.0.1', 'IPv4-mapped IPv6'],
    ['2002:a9fe:a9fe::', '169.254.169.254', '6to4'],
  ])('%s carries %s (%s) and is refused for it', (addr, embedded, form) => {
    const r = refused(addr)
    expect(r.via).toMatchObject({ embedded, form })
    expect(describeRefusal(r)).toContain(`${embedded} inside ${form}`)
  })

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('%s (public, or carrying a public IPv4) is allowed', (addr) => {
    expect(classifyAddress(addr).refused).toBe(false)
  })

  it('fails closed on what is not an address', () => {
    expect(classifyAddress('localhost')).toMatchObject({ refused: true, range: 'not an IP address' })
    expect(classifyAddress('1.2.3')).toMatchObject({ refused: true })
  })
})

describe('ip parsing', () => {
  it('parses and formats canonically', () => {
    expect(formatIp(parseIp('[::ffff:127.0.0.1]')!)).toBe('::ffff:7f00:1')
    expect(formatIp(parseIp('fe80::1%eth0')!)).toBe('fe80::1')
    // IPv4-compatible stays IPv4-compatible (a parser that reads it as IPv4-mapped would judge 8.8.8.8).
    expect(formatIp(parseIp('::8.8.8.8')!)).toBe('::808:808')
    expect(formatIp(parseIp('1:2:3:4:5:6:1.2.3.4')!)).toBe('1:2:3:4:5:6:102:304')
    expect(formatIp(parseIp('64:ff9b::169.254.169.254')!)).toBe('64:ff9b::a9fe:a9fe')
    expect(formatIp(parseIp('2001:db8:0:0:1:0:0:1')!)).toBe('2001:db8::1:0:0:1')
    expect(parseIp('01.2.3.4')).toBeUndefined()
    expect(parseIp('256.1.1.1')).toBeUndefined()
    expect(parseIp('1:2:3:4:5:6:7:8:9')).toBeUndefined()
    for (const notCanonical of ['0x7f.1', '2130706433', '127.1', '0177.0.0.1', '1.2.3.4.', ' ', '[]', '::ffff:1.2.3', '1::2::3']) {
      expect(parseIp(notCanonical), notCanonical).toBeUndefined()
    }
  })

  it('the URL parser normalises every numeric spelling before the guard sees it', () => {
    for (const spelling of ['127.1', '2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '0177.1', '127.0.1', '0x7F.0.0.0x1']) {
      expect(new URL(`http://${spelling}/`).hostname, spelling).toBe('127.0.0.1')
    }
    expect(new URL('http://0/').hostname).toBe('0.0.0.0')
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]')
  })
})

describe('allowlist', () => {
  it('parses every form', () => {
    expect(parseAllowEntry('api.internal')).toMatchObject({ kind: 'host', host: 'api.internal' })
    expect(parseAllowEntry('API.Internal.:8443')).toMatchObject({ kind: 'host', host: 'api.internal', port: 8443 })
    expect(parseAllowEntry('*.corp.example')).toMatchObject({ kind: 'host', host: '.corp.example', wildcard: true })
    expect(parseAllowEntry('127.0.0.1')).toMatchObject({ kind: 'net', cidr: { prefix: 32 } })
    expect(parseAllowEntry('127.0.0.1:5000')).toMatchObject({ kind: 'net', port: 5000 })
    expect(parseAllowEntry('10.0.0.0/8')).toMatchObject({ kind: 'net', cidr: { prefix: 8 } })
    expect(parseAllowEntry('::1')).toMatchObject({ kind: 'net', cidr: { prefix: 128 } })
    expect(parseAllowEntry('[::1]:8080')).toMatchObject({ kind: 'net', port: 8080 })
    expect(parseAllowEntry('fd00::/8')).toMatchObject({ kind: 'net', cidr: { prefix: 8 } })
  })

  it.each(['http://x', 'a b', 'host:0', 'host:70000', '10.0.0.0/33', '::1/129', 'a:b:c', '[::1]:x', '1.2.3.4/8/9'])('refuses %s', (entry) => {
    expect(() => parseAllowEntry(entry)).toThrow()
  })

  it('matches hosts by name and port, addresses by range and port', () => {
    const list = parseAllowlist(['api.internal', 'db.internal:5432', '*.corp.example', '10.0.0.0/8', '127.0.0.1:8080', 'fd00::/8'])
    expect(list.allowsHost('API.internal', 443)).toBe(true)
    expect(list.allowsHost('db.internal', 5432)).toBe(true)
    expect(list.allowsHost('db.internal', 80)).toBe(false)
    expect(list.allowsHost('x.corp.example', 80)).toBe(true)
    expect(list.allowsHost('corp.example', 80)).toBe(false)
    expect(list.allowsHost('evilcorp.example', 80)).toBe(false)
    expect(list.allowsAddress(parseIp('10.9.8.7')!, 80)).toBe(true)
    expect(list.allowsAddress(parseIp('11.0.0.1')!, 80)).toBe(false)
    expect(list.allowsAddress(parseIp('127.0.0.1')!, 8080)).toBe(true)
    expect(list.allowsAddress(parseIp('127.0.0.1')!, 8081)).toBe(false)
    expect(list.allowsAddress(parseIp('fd00::5')!, 80)).toBe(true)
  })

  it('a bad TOOLGATE_NET_ALLOW stops the start with its reason', () => {
    expect(() => loadConfig({ TOOLGATE_NET_ALLOW: '127.0.0.1,http://x' })).toThrow(/TOOLGATE_NET_ALLOW: "http:\/\/x"/)
  })
})

describe('end to end through http, allowlist empty', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ tools })
    expect(t.config.netAllow).toEqual([])
  })
  afterAll(async () => t?.close())

  const targets: [string, string][] = [
    ['http://127.0.0.1/', 'loopback 127.0.0.0/8'],
    ['http://127.1/', 'loopback 127.0.0.0/8'],
    ['http://127.0.1/', 'loopback 127.0.0.0/8'],
    ['http://2130706433/', 'loopback 127.0.0.0/8'],
    ['http://0x7f000001/', 'loopback 127.0.0.0/8'],
    ['http://0x7f.1/', 'loopback 127.0.0.0/8'],
    ['http://0177.0.0.1/', 'loopback 127.0.0.0/8'],
    ['http://127.255.255.254:8080/', 'loopback 127.0.0.0/8'],
    ['https://127.0.0.1/', 'loopback 127.0.0.0/8'],
    ['http://localhost/', 'loopback'],
    ['http://0.0.0.0/', 'unspecified ("this network") 0.0.0.0/8'],
    ['http://0/', '0.0.0.0/8'],
    ['http://10.0.0.1/', 'private 10.0.0.0/8'],
    ['http://167772161/', 'private 10.0.0.0/8'],
    ['http://172.16.0.1/', 'private 172.16.0.0/12'],
    ['http://172.31.255.1/', 'private 172.16.0.0/12'],
    ['http://192.168.0.1/', 'private 192.168.0.0/16'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local (cloud metadata) 169.254.0.0/16'],
    ['http://0xa9fea9fe/', 'link-local (cloud metadata) 169.254.0.0/16'],
    ['http://100.64.0.1/', 'carrier-grade NAT 100.64.0.0/10'],
    ['http://224.0.0.1/', 'multicast 224.0.0.0/4'],
    ['http://240.0.0.1/', 'reserved 240.0.0.0/4'],
    ['http://255.255.255.255/', 'broadcast 255.255.255.255/32'],
    ['http://198.18.0.1/', 'benchmarking 198.18.0.0/15'],
    ['http://192.0.2.1/', 'documentation (TEST-NET-1) 192.0.2.0/24'],
    ['http://192.0.0.1/', 'IETF protocol assignments 192.0.0.0/24'],
    ['http://[::1]/', 'loopback ::1/128'],
    ['http://[::]/', 'unspecified ::/128'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback ::1/128'],
    ['http://[::ffff:127.0.0.1]/', '127.0.0.1 inside IPv4-mapped IPv6 ::ffff:0:0/96'],
    ['http://[::ffff:7f00:1]/', '127.0.0.1 inside IPv4-mapped IPv6 ::ffff:0:0/96'],
    ['http://[::ffff:169.254.169.254]/', '169.254.169.254 inside IPv4-mapped IPv6'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible (deprecated) ::/96'],
    ['http://[64:ff9b::7f00:1]/', '127.0.0.1 inside NAT64 64:ff9b::/96'],
    ['http://[64:ff9b:1::a00:1]/', 'local-use NAT64 64:ff9b:1::/48'],
    ['http://[2002:7f00:1::]/', '127.0.0.1 inside 6to4 2002::/16'],
    ['http://[2001:0:7f00:1::]/', '127.0.0.1 inside Teredo 2001::/32'],
    ['http://[fe80::1]/', 'link-local fe80::/10'],
    ['http://[fc00::1]/', 'unique local (private) fc00::/7'],
    ['http://[fd00:ec2::254]/', 'unique local (private) fc00::/7'],
    ['http://[ff02::1]/', 'multicast ff00::/8'],
    ['http://[2001:db8::1]/', 'documentation 2001:db8::/32'],
    // Spellings the URL parser folds into the ones above: trailing dot, percent-encoding, full-width
    // and circled digits, ideographic dots, octal and hex parts, upper case and long IPv6 forms.
    ['http://127.0.0.1./', 'loopback 127.0.0.0/8'],
    ['http://%31%32%37.0.0.1/', 'loopback 127.0.0.0/8'],
    ['http://127.0.0.1%2e/', 'loopback 127.0.0.0/8'],
    ['http://１２７.０.０.１/', 'loopback 127.0.0.0/8'],
    ['http://①②⑦.0.0.1/', 'loopback 127.0.0.0/8'],
    ['http://127。0。0。1/', 'loopback 127.0.0.0/8'],
    ['http://0x7f.0x0.0x0.0x1/', 'loopback 127.0.0.0/8'],
    ['http://0251.0376.0251.0376/', 'link-local (cloud metadata) 169.254.0.0/16'],
    ['http://100.100.100.200/', 'carrier-grade NAT 100.64.0.0/10'],
    ['http://[::FFFF:7F00:1]/', '127.0.0.1 inside IPv4-mapped IPv6 ::ffff:0:0/96'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/', '127.0.0.1 inside IPv4-mapped IPv6 ::ffff:0:0/96'],
    ['http://[0000:0000:0000:0000:0000:0000:0000:0001]/', 'loopback ::1/128'],
    ['http://[::ffff:0.0.0.0]/', '0.0.0.0 inside IPv4-mapped IPv6'],
    ['http://[::ffff:0:7f00:1]/', 'IPv4-translated (SIIT) ::ffff:0:0:0/96'],
    ['http://[64:ff9b::127.0.0.1]/', '127.0.0.1 inside NAT64 64:ff9b::/96'],
    ['http://[2002:a9fe:a9fe::]/', '169.254.169.254 inside 6to4 2002::/16'],
    ['http://[2001:1::1]/', 'IETF protocol assignments 2001::/23'],
  ]

  it.each(targets)('%s → 403 SSRF_BLOCKED (%s)', async (url, range) => {
    const res = await t.call('http', { url })
    expect(res.statusCode).toBe(403)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'SSRF_BLOCKED', success: false })
    expect(res.body.error_message).toContain(range)
    expect(res.body.error_message).toContain('TOOLGATE_NET_ALLOW')
  })

  it('WebFetch refuses the same way', async () => {
    const res = await t.call('WebFetch', { url: 'http://169.254.169.254/latest/meta-data/', prompt: 'list' })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('SSRF_BLOCKED')
  })
})
