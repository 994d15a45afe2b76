/**
 * The `http` tool end to end against real servers on loopback, reached through the allowlist:
 * methods and bodies, query parameters, headers, status codes, truncation, timeouts, redirects
 * (chains, hop limit, cross-origin credentials, refused hops) and what history keeps of headers.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { startServer, tools, type TestServer } from './servers.js'

let t: TestApp
let a: TestServer
let b: TestServer

beforeAll(async () => {
  a = await startServer()
  b = await startServer()
  t = await buildTestApp({ env: { TOOLGATE_NET_ALLOW: '127.0.0.1' }, tools })
})
afterAll(async () => {
  await t?.close()
  await a?.close()
  await b?.close()
})

const echo = (res: { body: any }) => JSON.parse(res.body.output)

describe('http: requests and bodies', () => {
  it('GET by default, with params appended to the query and headers sent', async () => {
    const res = await t.call('http', { url: `${a.origin}/echo?x=1`, params: { q: 'a b', lang: 'en' }, headers: { 'X-Custom': 'hello' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true, error: null })
    const seen = echo(res)
    expect(seen.method).toBe('GET')
    expect(seen.url).toBe('/echo?x=1&q=a+b&lang=en')
    expect(seen.headers['x-custom']).toBe('hello')
    expect(seen.headers['user-agent']).toMatch(/^toolgate\//)
    const m = res.body.metadata
    expect(m).toMatchObject({ status_code: 200, redirects: 0, truncated: false, final_url: `${a.origin}/echo?x=1&q=a+b&lang=en` })
    expect(m.headers['x-echo']).toBe('yes')
    expect(m.content_type).toBe('application/json')
    expect(m.bytes).toBe(Buffer.byteLength(res.body.output))
    expect(typeof m.elapsed_ms).toBe('number')
  })

  it('POST json sets the content type; data is sent as is', async () => {
    const j = await t.call('http', { method: 'POST', url: `${a.origin}/echo`, json: { a: 1, nested: { b: [true] } } })
    expect(echo(j)).toMatchObject({ method: 'POST', body: '{"a":1,"nested":{"b":[true]}}' })
    expect(echo(j).headers['content-type']).toBe('application/json')
    const d = await t.call('http', {
      method: 'PUT',
      url: `${a.origin}/echo`,
      data: 'raw=text&x=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(echo(d)).toMatchObject({ method: 'PUT', body: 'raw=text&x=1' })
    expect(echo(d).headers['content-type']).toBe('application/x-www-form-urlencoded')
  })

  it('PATCH, DELETE, OPTIONS and HEAD', async () => {
    for (const method of ['PATCH', 'DELETE', 'OPTIONS']) {
      const res = await t.call('http', { method, url: `${a.origin}/echo` })
      expect(echo(res).method).toBe(method)
    }
    const head = await t.call('http', { method: 'HEAD', url: `${a.origin}/echo` })
    expect(head.body).toMatchObject({ success: true, output: '', metadata: { status_code: 200, bytes: 0 } })
  })

  it('refuses json with data, a body on GET, bad headers and other schemes with 400', async () => {
    const cases: [object, RegExp][] = [
      [{ method: 'POST', url: `${a.origin}/echo`, json: {}, data: 'x' }, /mutually exclusive/],
      [{ url: `${a.origin}/echo`, data: 'x' }, /GET request cannot carry a body/],
      [{ url: `${a.origin}/echo`, headers: { 'Bad Name': 'x' } }, /Invalid header name/],
      [{ url: `${a.origin}/echo`, headers: { 'X-A': 'x\r\nInjected: 1' } }, /line breaks/],
      [{ url: `${a.origin}/echo`, headers: { Host: 'other' } }, /set by the HTTP client/],
      [{ url: 'ftp://127.0.0.1/file' }, /Unsupported URL scheme "ftp:"/],
      [{ url: 'file:///etc/passwd' }, /Unsupported URL scheme "file:"/],
      [{ url: 'not a url' }, /Invalid URL/],
      [{ url: `http://user:pw@127.0.0.1:${a.port}/` }, /credentials/],
      [{ url: `${a.origin}/echo`, timeout: 0 }, /timeout/],
      [{ url: `${a.origin}/echo`, method: 'TRACE' }, /method/],
    ]
    for (const [args, message] of cases) {
      const res = await t.call('http', args)
      expect(res.statusCode, JSON.stringify(args)).toBe(400)
      expect(res.body.error_message).toMatch(message)
    }
    expect(a.requests.some((r) => r.url === '/file')).toBe(false)
  })
})

describe('http: responses', () => {
  it('4xx and 5xx: the tool ran (200) with success false and the status in metadata', async () => {
    for (const code of [404, 500, 503]) {
      const res = await t.call('http', { url: `${a.origin}/status/${code}` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toMatchObject({ status: 'ok', success: false, metadata: { status_code: code } })
      expect(res.body.error).toMatch(new RegExp(`^HTTP ${code}`))
      expect(JSON.parse(res.body.output)).toEqual({ status: code })
    }
    const created = await t.call('http', { method: 'POST', url: `${a.origin}/status/201`, data: '' })
    expect(created.body).toMatchObject({ success: true, metadata: { status_code: 201 } })
  })

  it('truncates a large body with a marker and truncated: true', async () => {
    const res = await t.call('http', { url: `${a.origin}/big?n=200000` }, { headers: { 'x-max-output-size': '20000' } })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata.truncated).toBe(true)
    expect(res.body.output).toMatch(/…\[truncated: the body is longer than \d+ bytes\]$/)
    expect(res.body.output.length).toBeLessThan(20000)
    expect(res.body.metadata.bytes).toBeLessThan(20000)
  })

  it('summarizes binary bodies, decodes declared charsets', async () => {
    const bin = await t.call('http', { url: `${a.origin}/binary` })
    expect(bin.body.output).toBe('[binary content: 12 bytes of image/png]')
    const latin = await t.call('http', { url: `${a.origin}/latin1` })
    expect(latin.body.output).toBe('café')
  })

  it('response headers: Set-Cookie redacted, at most 50 entries', async () => {
    const c = await t.call('http', { url: `${a.origin}/cookie` })
    expect(c.body.metadata.headers['set-cookie']).toBe('[REDACTED: 2 cookies]')
    expect(JSON.stringify(c.body)).not.toContain('abc123secret')
    const many = await t.call('http', { url: `${a.origin}/many-headers` })
    expect(Object.keys(many.body.metadata.headers).length).toBeLessThanOrEqual(50)
    expect(many.body.metadata.headers_truncated).toBe(true)
  })

  it('a slow server: 504 TIMEOUT after the timeout in seconds', async () => {
    const started = Date.now()
    const res = await t.call('http', { url: `${a.origin}/slow?ms=10000`, timeout: 1 })
    expect(res.statusCode).toBe(504)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'TIMEOUT', success: false })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('a closed port: 502 UPSTREAM_ERROR', async () => {
    const gone = await startServer()
    await gone.close()
    const res = await t.call('http', { url: `${gone.origin}/` })
    expect(res.statusCode).toBe(502)
    expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR' })
    expect(res.body.error_message).toMatch(/ECONNREFUSED/)
  })

  it('dry run sends nothing', async () => {
    const before = a.requests.length
    const res = await t.call('http', { method: 'DELETE', url: `${a.origin}/echo` }, { headers: { 'x-dry-run': 'true' } })
    expect(res.body).toMatchObject({ success: true, metadata: { dry_run: true } })
    expect(a.requests.length).toBe(before)
  })
})

describe('http: redirects', () => {
  it('follows a chain and reports the hops', async () => {
    const res = await t.call('http', { url: `${a.origin}/redirect/3` })
    expect(res.body).toMatchObject({ success: true, metadata: { status_code: 200, redirects: 3, final_url: `${a.origin}/echo` } })
  })

  it('stops after 5 hops with 502', async () => {
    const res = await t.call('http', { url: `${a.origin}/redirect/6` })
    expect(res.statusCode).toBe(502)
    expect(res.body.error_code).toBe('UPSTREAM_ERROR')
    expect(res.body.error_message).toMatch(/Too many redirects/)
    const five = await t.call('http', { url: `${a.origin}/redirect/5` })
    expect(five.body.metadata.redirects).toBe(5)
  })

  it('303 turns a POST into a GET; 307 keeps method and body', async () => {
    const see = await t.call('http', { method: 'POST', url: `${a.origin}/to?code=303&url=/echo`, data: 'payload' })
    expect(echo(see)).toMatchObject({ method: 'GET', body: '' })
    const keep = await t.call('http', { method: 'POST', url: `${a.origin}/to?code=307&url=/echo`, data: 'payload' })
    expect(echo(keep)).toMatchObject({ method: 'POST', body: 'payload' })
  })

  it('drops Authorization and Cookie when a redirect leaves the origin', async () => {
    const same = await t.call('http', { url: `${a.origin}/to?url=/echo`, headers: { Authorization: 'Bearer same-origin-123', Cookie: 'c=1' } })
    expect(echo(same).headers.authorization).toBe('Bearer same-origin-123')
    const other = await t.call('http', {
      url: `${a.origin}/to?url=${encodeURIComponent(`${b.origin}/echo`)}`,
      headers: { Authorization: 'Bearer cross-origin-123', Cookie: 'c=1', 'X-Keep': 'kept' },
    })
    const seen = echo(other)
    expect(seen.headers.authorization).toBeUndefined()
    expect(seen.headers.cookie).toBeUndefined()
    expect(seen.headers['x-keep']).toBe('kept')
  })

  it('a redirect to a non-http scheme is refused like a refused address (403)', async () => {
    const res = await t.call('http', { url: `${a.origin}/to?url=${encodeURIComponent('file:///etc/passwd')}` })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('SSRF_BLOCKED')
    expect(res.body.error_message).toMatch(/redirect .* to a "file:" URL/)
  })

  it("a redirect to a URL with credentials is the upstream's fault (502)", async () => {
    const res = await t.call('http', { url: `${a.origin}/to?url=${encodeURIComponent(`http://u:p@127.0.0.1:${b.port}/echo`)}` })
    expect(res.statusCode).toBe(502)
    expect(res.body.error_message).toMatch(/unusable location/)
  })
})

describe('http: a redirect from an allowed server to a refused address', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await buildTestApp({ env: { TOOLGATE_NET_ALLOW: `127.0.0.1:${a.port}`, TOOLGATE_FETCH_MAX_BYTES: '2048' }, tools })
  })
  afterAll(async () => strict?.close())

  it('reaches server A, which the allowlist opens by host:port', async () => {
    const res = await strict.call('http', { url: `${a.origin}/echo` })
    expect(res.body.success).toBe(true)
  })

  it('reads at most TOOLGATE_FETCH_MAX_BYTES', async () => {
    const res = await strict.call('http', { url: `${a.origin}/big?n=50000` })
    expect(res.body.metadata).toMatchObject({ truncated: true, bytes: 2048 })
  })

  it.each([
    ['another port on loopback', () => `${b.origin}/echo`, 'loopback 127.0.0.0/8'],
    ['another loopback address', () => `http://127.0.0.2:${b.port}/echo`, 'loopback 127.0.0.0/8'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'link-local (cloud metadata) 169.254.0.0/16'],
    ['a private address', () => 'http://10.0.0.1/', 'private 10.0.0.0/8'],
    ['IPv6 loopback', () => `http://[::1]:${b.port}/`, 'loopback ::1/128'],
  ])('%s → 403 SSRF_BLOCKED, and B is never reached', async (_name, target, range) => {
    const before = b.requests.length
    const res = await strict.call('http', { url: `${a.origin}/to?url=${encodeURIComponent(target())}` })
    expect(res.statusCode).toBe(403)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'SSRF_BLOCKED', success: false })
    expect(res.body.error_message).toContain(range)
    expect(res.body.error_message).toContain('TOOLGATE_NET_ALLOW')
    expect(b.requests.length).toBe(before)
  })
})

describe('http: history', () => {
  it('keeps request headers with credentials redacted, the rest as sent', async () => {
    const res = await t.call('http', {
      url: `${a.origin}/echo`,
      headers: {
        Authorization: 'Bearer tok-live-0123456789',
        'X-Api-Key': 'k-0123456789abcdef',
        Cookie: 'sid=s3cr3t-cookie',
        'Proxy-Authorization': 'Basic dXNlcjpwYXNz',
        'X-Trace': 'visible',
      },
    })
    expect(res.statusCode).toBe(200)
    // The caller sees what the server got.
    expect(echo(res).headers.authorization).toBe('Bearer tok-live-0123456789')
    const row = (
      await t.app.inject({ method: 'GET', url: `/v1/executions/${res.body.execution_id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    ).json().execution
    expect(row.params.headers).toEqual({
      Authorization: '[REDACTED]',
      'X-Api-Key': '[REDACTED]',
      Cookie: '[REDACTED]',
      'Proxy-Authorization': '[REDACTED]',
      'X-Trace': 'visible',
    })
    // (The echo server's answer, in `result`, is the upstream's business; what we were sent is not.)
    const stored = JSON.stringify(row.params)
    for (const secret of ['tok-live-0123456789', 'k-0123456789abcdef', 's3cr3t-cookie', 'dXNlcjpwYXNz']) expect(stored).not.toContain(secret)
    // Nor in the log lines.
    for (const secret of ['tok-live-0123456789', 'k-0123456789abcdef', 's3cr3t-cookie']) expect(t.logs.text).not.toContain(secret)
  })
})

let openssl = true
try {
  execFileSync('openssl', ['version'], { stdio: 'ignore' })
} catch {
  openssl = false
}

describe.skipIf(!openssl)('http: TLS verification', () => {
  it('refuses a self-signed certificate with 502', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tg-tls-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    const server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (_req, res) =>
      res.end('tls ok'),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const res = await t.call('http', { url: `https://127.0.0.1:${port}/` })
      expect(res.statusCode).toBe(502)
      expect(res.body.error_message).toMatch(/TLS certificate verification failed/)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
