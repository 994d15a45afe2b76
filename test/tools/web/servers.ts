/**
 * Real HTTP servers on loopback for the web tool tests: echo, status codes, large and slow bodies,
 * redirects (chains, to any URL), cookies, binary and HTML. Each records the requests it served.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { allTools } from '../../../src/tools/index.js'
import type { AnyTool } from '../../../src/tools/define.js'
import { webTools } from '../../../src/tools/web/index.js'

export const tools: AnyTool[] = [...new Map([...allTools, ...webTools].map((t) => [t.name, t])).values()]

export interface Served {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

export interface TestServer {
  port: number
  origin: string
  requests: Served[]
  close(): Promise<void>
}

export const PAGE = `<!doctype html>
<html><head><title>Test &amp; Page</title><style>body { color: red }</style>
<script>window.secret = "do-not-leak"</script></head>
<body>
<h1>Main Title</h1>
<p>Intro with a <a href="/docs/start">relative link</a> and <a href="https://example.org/abs">an absolute one</a>.</p>
<h2>Items</h2>
<ul><li>first item</li><li>second item</li></ul>
<ol><li>step one</li><li>step two</li></ol>
<script>console.log("inline script")</script>
<p><img src="/img/logo.png" alt="Logo"> The answer is <strong>42</strong>.</p>
</body></html>`

/** Pages that held the server's event loop, or failed it, while they were turned into Markdown on its thread. */
export const HOSTILE: Record<string, () => string> = {
  /** 196 KB of `<title>` never closed: the lazy title regex went quadratic (~1 s). */
  titles: () => `<html><head>${'<title>'.repeat(28_000)}`,
  /** 20,000 nested `<div>`s: turndown's recursion overflowed the stack (a 500). */
  deep: () => `<html><body>${'<div>'.repeat(20_000)}deep text${'</div>'.repeat(20_000)}</body></html>`,
  /** 800 KB of text under 495 levels, after a `<head>` never closed, which hid the depth from a count of tags: turndown took 16 s. */
  heavy: () => `<head>${'<div>'.repeat(495)}${'<p>para <b>b</b> <a href=/x>l</a>'.repeat(25_000)}`,
  /**
   * ~2 MB of ordinary HTML: turndown took ~0.5 s per MB of the loop, and 400 KB took over MARKDOWN_MS
   * (8 s) in the page thread on a slow VM under CI's load. Only what the answer can carry is converted now.
   */
  big: () => `<html><head><title>Big</title></head><body>${'<p>Some <b>bold</b> text with a <a href="/x">link</a>.</p>\n'.repeat(32_000)}</body></html>`,
}

export async function startServer(): Promise<TestServer> {
  const requests: Served[] = []
  const sockets = new Set<import('node:net').Socket>()
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = []
    req.on('data', (c: Buffer) => parts.push(c))
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8')
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const u = new URL(req.url ?? '/', 'http://x')
      const path = u.pathname
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(value))
      }
      if (path === '/echo') {
        return json(200, { method: req.method, url: req.url, headers: req.headers, body }, { 'x-echo': 'yes' })
      }
      const status = /^\/status\/(\d{3})$/.exec(path)
      if (status) return json(Number(status[1]), { status: Number(status[1]) })
      if (path === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        return res.end('x'.repeat(Number(u.searchParams.get('n') ?? 100_000)))
      }
      if (path === '/slow') {
        res.writeHead(200, { 'content-type': 'text/plain' })
        res.write('start ')
        const t = setTimeout(() => res.end('end'), Number(u.searchParams.get('ms') ?? 5000))
        res.on('close', () => clearTimeout(t))
        return
      }
      const chain = /^\/redirect\/(\d+)$/.exec(path)
      if (chain) {
        const n = Number(chain[1])
        res.writeHead(302, { location: n > 1 ? `/redirect/${n - 1}` : '/echo' })
        return res.end()
      }
      if (path === '/to') {
        res.writeHead(Number(u.searchParams.get('code') ?? 302), { location: u.searchParams.get('url') ?? '/' })
        return res.end()
      }
      if (path === '/cookie') {
        res.setHeader('set-cookie', ['session=abc123secret; HttpOnly', 'other=xyz'])
        return json(200, { ok: true })
      }
      if (path === '/many-headers') {
        for (let i = 0; i < 80; i++) res.setHeader(`x-h-${i}`, String(i))
        return json(200, { ok: true })
      }
      if (path === '/binary') {
        res.writeHead(200, { 'content-type': 'image/png' })
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))
      }
      if (path === '/page') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return res.end(PAGE)
      }
      const hostile = /^\/hostile\/(\w+)$/.exec(path)
      if (hostile && HOSTILE[hostile[1]]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return res.end(HOSTILE[hostile[1]]())
      }
      if (path === '/missing') {
        res.writeHead(404, { 'content-type': 'text/html' })
        return res.end('<h1>Not here</h1>')
      }
      if (path === '/latin1') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
        return res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]))
      }
      json(404, { error: 'no route' })
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
