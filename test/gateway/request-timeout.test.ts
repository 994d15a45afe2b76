/**
 * Requests must arrive whole within TOOLGATE_REQUEST_TIMEOUT_MS (src/app.ts, plugins/client-errors.ts):
 * a client that stops sending half-way, in the headers or in the body, gets 408 and its connection
 * closed instead of holding it for ever. A slow request that does arrive in time, and a call that
 * runs longer than the timeout once it arrived, are answered as usual. Requests that are not HTTP
 * get the same error shape as every other answer.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_DEFAULTS } from '../../src/corpus/import.js'
import { buildExecApp } from '../tools/exec/helpers.js'
import { ndjson, post, storedPosts } from '../tools/corpus/helpers.js'
import type { TestApp } from '../helper.js'

const TIMEOUT_MS = 1_500
let t: TestApp
let port: number
beforeAll(async () => {
  t = await buildExecApp({ env: { TOOLGATE_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } })
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port)
})
afterAll(async () => t?.close())

interface Answer {
  status: number
  body: any
  text: string
  closed: boolean
  ms: number
}

/** Writes `parts` over a raw socket, `gapMs` apart, and reads until the server closes the connection. */
function exchange(parts: (string | Buffer)[], gapMs = 0): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now()
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.on('error', () => undefined)
    socket.on('data', (d) => (answer += d))
    socket.on('close', () => {
      const start = answer.indexOf('\r\n\r\n') + 4
      let body: any = null
      try {
        body = start > 3 ? JSON.parse(answer.slice(start)) : null
      } catch {
        // two answers, or a cut one: the test reads `text`
      }
      resolve({ status: Number(answer.slice(9, 12)), body, text: answer, closed: true, ms: performance.now() - started })
    })
    const next = (i: number) => {
      if (i < parts.length && !socket.destroyed) socket.write(parts[i], () => setTimeout(() => next(i + 1), gapMs))
    }
    next(0)
  })
}

const head = (tool: string, length: number) =>
  `POST /v1/tools/${tool} HTTP/1.1\r\nhost: toolgate\r\ncontent-type: application/json\r\nauthorization: Bearer ${t.adminKey}\r\ncontent-length: ${length}\r\nconnection: close\r\n\r\n`

describe.concurrent('requests that do not arrive in time', () => {
  it('a body that stops half-way is answered 408 and its connection closed', async () => {
    const body = '{"name":"slow"}'
    const res = await exchange([head('hello', body.length), body.slice(0, 5)])
    expect(res.status).toBe(408)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'REQUEST_TIMEOUT', error_message: expect.stringContaining('TOOLGATE_REQUEST_TIMEOUT_MS') })
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect(res.ms).toBeLessThan(TIMEOUT_MS + 3_000)
  })

  it('headers that stop half-way are answered 408 too', async () => {
    const res = await exchange(['POST /v1/tools/hello HTTP/1.1\r\nhost: toolgate\r\ncontent-ty'])
    expect(res.status).toBe(408)
    expect(res.body.error_code).toBe('REQUEST_TIMEOUT')
    expect(res.body.error_message).toContain('headers within 1.5 s')
  })

  it('a slow request that arrives whole in time is answered as usual', async () => {
    const body = '{"name":"patient"}'
    const res = await exchange([head('hello', body.length), ...body.match(/.{1,4}/g)!], 150)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Hello, patient!')
  })

  it('an import whose progress is under way when its body stops is cut off cleanly, keeping what it wrote', async () => {
    // Chunked, with progress lines: the 200 goes out with the first batch, before the body ends.
    const lines = ndjson(Array.from({ length: IMPORT_DEFAULTS.batchSize + 10 }, (_, i) => post(900_000 + i, 900_000, i)))
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`
    const res = await new Promise<{ text: string; ms: number }>((resolve) => {
      const started = performance.now()
      const socket = net.connect(port, '127.0.0.1')
      let text = ''
      socket.on('error', () => undefined)
      socket.on('data', (d) => (text += d))
      socket.on('close', () => resolve({ text, ms: performance.now() - started }))
      socket.write(
        `POST /v1/corpus/import HTTP/1.1\r\nhost: toolgate\r\ncontent-type: application/x-ndjson\r\naccept: application/x-ndjson\r\n` +
          `authorization: Bearer ${t.adminKey}\r\ntransfer-encoding: chunked\r\n\r\n${chunk(lines)}`,
      )
    })
    expect(res.text.startsWith('HTTP/1.1 200 ')).toBe(true)
    expect(res.text).toContain('"event":"progress"')
    expect(res.text).not.toContain('REQUEST_TIMEOUT') // no second answer written into the first
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect((await storedPosts(t)).filter((p) => p.thread_id === 900_000).length).toBeGreaterThanOrEqual(IMPORT_DEFAULTS.batchSize)
  })

  it('a pipelined request that stops half-way leaves the whole one before it its answer, then the connection closes', async () => {
    // Request 1 arrived whole and runs; request 2's headers stop. A 408 in request 1's place would
    // have it sent again (and run twice); dropping the connection would lose its answer.
    const body = JSON.stringify({ command: 'sleep 2; echo ran' })
    const res = await exchange([`${head('Bash', body.length).replace('connection: close\r\n', '')}${body}GET /healthz HTTP/1.1\r\nhost: toolgate\r\n`])
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, output: expect.stringContaining('ran') })
    expect(res.closed).toBe(true)
  })

  it('a request sent with Connection: close and followed by stray bytes still gets its answer', async () => {
    const body = JSON.stringify({ command: 'echo ran' })
    const res = await exchange([`${head('Bash', body.length)}${body}X`])
    expect(res.status).toBe(200)
    expect(res.body.output).toContain('ran')
  })

  it('a request answered before its body arrived (401) is not answered again when the body stops', async () => {
    const res = await exchange([
      'POST /v1/corpus/import HTTP/1.1\r\nhost: toolgate\r\ncontent-type: application/x-ndjson\r\ncontent-length: 1000\r\n\r\n{"a":1}\n',
    ])
    expect(res.status).toBe(401)
    expect(res.text.match(/HTTP\/1\.1 \d{3} /g)).toHaveLength(1)
    expect(res.closed).toBe(true)
  })

  it('a call that runs longer than the timeout once it arrived is not cut', async () => {
    const body = JSON.stringify({ command: 'sleep 2; echo done' })
    const res = await exchange([head('Bash', body.length), body])
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, output: expect.stringContaining('done') })
    expect(res.ms).toBeGreaterThan(TIMEOUT_MS + 500)
  })
})

describe.concurrent('requests that are not HTTP', () => {
  it('bytes that are not HTTP are answered 400 in the usual error shape', async () => {
    const res = await exchange(['NOT HTTP AT ALL\r\n\r\n'])
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'INVALID_REQUEST' })
  })

  it('a request cut short by the client closing, after an answered one on the same connection, is a 400', async () => {
    // Between two answers Node's socket holds no reply (null): the handler must cope, not throw.
    const res = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      let text = ''
      socket.on('error', () => undefined)
      socket.on('data', (d) => {
        text += d
        if (text.includes('"status":"ok"')) socket.end('GET /heal')
      })
      socket.on('close', () => resolve(text))
      socket.write('GET /healthz HTTP/1.1\r\nhost: toolgate\r\n\r\n')
    })
    expect(res.startsWith('HTTP/1.1 200 ')).toBe(true)
    expect(res).toContain('HTTP/1.1 400 Bad Request')
    expect(res).toContain('"error_code":"INVALID_REQUEST"')
    const ok = await exchange(['GET /healthz HTTP/1.1\r\nhost: toolgate\r\nconnection: close\r\n\r\n']) // the server is still up
    expect(ok.status).toBe(200)
  })

  it('headers past the size limit are answered 431', async () => {
    const res = await exchange([`GET /healthz HTTP/1.1\r\nhost: toolgate\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`])
    expect(res.status).toBe(431)
    expect(res.body.error_code).toBe('HEADERS_TOO_LARGE')
    const ok = await exchange(['GET /healthz HTTP/1.1\r\nhost: toolgate\r\nconnection: close\r\n\r\n']) // the control
    expect(ok.status).toBe(200)
  })
})
