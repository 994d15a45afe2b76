/**
 * JSON bodies as they arrive on a real socket (src/plugins/json-body.ts): decoded chunk by chunk,
 * so a character split between chunks survives; refused past the body limit while they stream in,
 * with no Content-Length to go by; a big body parsed whole.
 */
import net from 'node:net'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readText } from '../../src/plugins/json-body.js'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await buildTestApp({ env: { TOOLGATE_BODY_LIMIT: String(4 << 20) } })
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port)
})
afterAll(async () => t?.close())

/**
 * POSTs `chunks` over a raw socket, one chunk of a chunked body at a time with a pause between
 * them, until answered: a raw socket still reads the answer to a body refused half-way (the
 * server then closes, and an HTTP client fails on its next write instead).
 */
function post(tool: string, chunks: Buffer[]): Promise<{ status: number; body: any }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const head = `POST /v1/tools/${tool} HTTP/1.1\r\nhost: toolgate\r\ncontent-type: application/json\r\nauthorization: Bearer ${t.adminKey}\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n`
    let answer = ''
    socket.on('error', () => undefined) // EPIPE once the server has answered and closed
    socket.on('data', (d) => {
      answer += d
      const start = answer.indexOf('\r\n\r\n') + 4
      const length = Number(/content-length: (\d+)/i.exec(answer)?.[1])
      if (start < 4 || Buffer.byteLength(answer.slice(start)) < length) return
      socket.destroy()
      resolve({ status: Number(answer.slice(9, 12)), body: JSON.parse(answer.slice(start)) })
    })
    const next = (i: number) => {
      if (answer || socket.destroyed) return
      if (i === chunks.length) return void socket.write('0\r\n\r\n')
      socket.write(Buffer.concat([Buffer.from(`${chunks[i].length.toString(16)}\r\n`), chunks[i], Buffer.from('\r\n')]), () => setTimeout(() => next(i + 1), 2))
    }
    socket.write(head, () => next(0))
  })
}

describe('JSON request bodies', () => {
  it('a character split between chunks arrives whole', async () => {
    const bytes = Buffer.from(JSON.stringify({ name: 'été 🌍' }))
    const res = await post(
      'hello',
      [...bytes].map((b) => Buffer.from([b])),
    )
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Hello, été 🌍!')
  })

  it('an empty body is an empty parameter object', async () => {
    const res = await post('hello', [])
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Hello, World!')
  })

  it('a streamed body past the limit is refused with 413 as it arrives, and the server goes on', async () => {
    const piece = Buffer.alloc(1 << 16, 'a')
    const res = await post('hello', [Buffer.from('{"name":"'), ...Array(80).fill(piece), Buffer.from('"}')])
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ error_code: 'PAYLOAD_TOO_LARGE', error_message: expect.stringContaining(String(4 << 20)) })
    const after = await post('hello', [Buffer.from('{"name":"after"}')]) // positive control
    expect(after.body.message).toBe('Hello, after!')
  })

  it('a body over 1 MiB is parsed on a later turn, and parsed whole', async () => {
    const content = `${'x'.repeat(3 << 20)}END`
    const res = await post('Write', [Buffer.from(JSON.stringify({ file_path: 'big.txt', content }))])
    expect(res.status).toBe(200)
    expect(res.body.metadata.bytes_written).toBe(content.length)
  })
})

describe('readText', () => {
  it('a body sent a byte a chunk arrives whole, and the stream keeps no listener of it once read', async () => {
    const bytes = Buffer.from(JSON.stringify({ text: 'ü€𝄞'.repeat(20_000) }))
    const stream = new PassThrough()
    const read = readText(stream, 1 << 20, bytes.length)
    for (const b of bytes) stream.write(Buffer.from([b]))
    stream.end()
    expect(await read).toBe(bytes.toString('utf8'))
    // the decoded pieces would otherwise live as long as the request
    expect([stream.listenerCount('data'), stream.listenerCount('end'), stream.listenerCount('error')]).toEqual([0, 0, 0])
  })

  it('over the limit: refused, and no listener left either', async () => {
    const stream = new PassThrough()
    const read = readText(stream, 10, Number.NaN)
    stream.write(Buffer.from('{"a":"0123456789"}'))
    await expect(read).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    expect([stream.listenerCount('data'), stream.listenerCount('end'), stream.listenerCount('error')]).toEqual([0, 0, 0])
  })
})
