/**
 * JSON request bodies, read by hand rather than with Fastify's `parseAs: 'string'`, which joins and
 * decodes the whole body in one go when it ends: for a 10 MiB body that held the event loop for
 * 60-90 ms on a 2-core VM, and as long again with the parse after it. Here each chunk is decoded
 * as it arrives, and a big body is parsed on a turn of the loop of its own.
 * An empty body is an empty parameter object (`hello` needs none); bad JSON is the caller's error.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { setTimeout as turn } from 'node:timers/promises'
import sjson from 'secure-json-parse'
import { codedError } from '../errors.js'
import { shapeProblem } from '../lib/json-shape.js'
import { BODY_DEPTH_MAX, BODY_ELEMENTS_MAX } from '../tools/limits.js'

/** Bodies past this many characters are parsed after the loop's timers and I/O had a turn. */
const LARGE_BODY = 1 << 20

export const tooLarge = (limit: number) => codedError('PAYLOAD_TOO_LARGE', `Request body is larger than the ${limit} byte limit (TOOLGATE_BODY_LIMIT)`)

/** The body's text, decoded chunk by chunk; refused past `limit` bytes or when short of its Content-Length. */
export function readText(payload: Readable, limit: number, contentLength: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (contentLength > limit) return reject(tooLarge(limit))
    const decoder = new StringDecoder('utf8')
    const parts: string[] = []
    let received = 0
    const stop = (err: Error) => {
      payload.removeAllListeners('data')
      payload.removeAllListeners('end')
      reject(err)
    }
    payload.on('data', (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      received += bytes.length
      if (received > limit) return stop(tooLarge(limit))
      parts.push(decoder.write(bytes))
    })
    payload.once('error', (err) => stop(codedError('INVALID_REQUEST', `Request body could not be read: ${err.message}`)))
    payload.once('end', () => {
      if (!Number.isNaN(contentLength) && received !== contentLength) {
        return reject(codedError('INVALID_REQUEST', `Request body is ${received} bytes, not the ${contentLength} its Content-Length says`))
      }
      parts.push(decoder.end())
      resolve(parts.join(''))
    })
  })
}

/** Parsed JSON within the shape limits: too many elements is a 413, too deep or malformed a 400. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return {}
  const problem = shapeProblem(text, BODY_ELEMENTS_MAX, BODY_DEPTH_MAX)
  if (problem?.kind === 'elements')
    throw codedError('PAYLOAD_TOO_LARGE', `Request body has more than ${problem.limit} JSON elements (object members and array items)`)
  if (problem) throw codedError('INVALID_REQUEST', `Request body is nested deeper than ${problem.limit} levels`)
  try {
    return sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' })
  } catch (e) {
    throw codedError('INVALID_REQUEST', `Request body is not valid JSON: ${(e as Error).message}`)
  }
}

export function useJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
    const text = await readText(payload, request.routeOptions.bodyLimit ?? bodyLimit, Number(request.headers['content-length']))
    if (text.length > LARGE_BODY) await turn(0)
    return parseBody(text)
  })
}
