/**
 * JSON request bodies, read by hand rather than with Fastify's `parseAs: 'string'`, which joins and
 * decodes the whole body in one go when it ends: for a 10 MiB body that held the event loop for
 * 60-90 ms on a 2-core VM, and as long again with the parse after it. Here each chunk is decoded
 * as it arrives, and a big body is parsed on a turn of the loop of its own: the join, the parse and
 * what follows it (validation, redaction, the history row) each cost 30-55 ms for 10 MiB there.
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

/** Decoded pieces joined at a time while a body arrives. */
const GROUP = 1024
/** Bodies past this many characters are parsed between turns of the loop's timers and I/O. */
const LARGE_BODY = 1 << 20

export const tooLarge = (limit: number) => codedError('PAYLOAD_TOO_LARGE', `Request body is larger than the ${limit} byte limit (TOOLGATE_BODY_LIMIT)`)

/** The body's text, decoded chunk by chunk; refused past `limit` bytes or when short of its Content-Length. */
export function readText(payload: Readable, limit: number, contentLength: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (contentLength > limit) return reject(tooLarge(limit))
    const decoder = new StringDecoder('utf8')
    // Pieces are joined a group at a time as they come: a body sent a byte a chunk would otherwise
    // leave millions of them for one join at the end.
    const groups: string[] = []
    let pieces: string[] = []
    let received = 0
    const add = (piece: string) => {
      pieces.push(piece)
      if (pieces.length < GROUP) return
      groups.push(pieces.join(''))
      pieces = []
    }
    const done = () => {
      payload.off('data', onData)
      payload.off('end', onEnd)
      payload.off('error', onError)
    }
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      received += bytes.length
      if (received <= limit) return add(decoder.write(bytes))
      done()
      reject(tooLarge(limit))
    }
    const onError = (err: Error) => {
      done()
      reject(codedError('INVALID_REQUEST', `Request body could not be read: ${err.message}`))
    }
    const onEnd = () => {
      done()
      if (!Number.isNaN(contentLength) && received !== contentLength) {
        return reject(codedError('INVALID_REQUEST', `Request body is ${received} bytes, not the ${contentLength} its Content-Length says`))
      }
      add(decoder.end())
      groups.push(pieces.join(''))
      resolve(groups.join(''))
    }
    payload.on('data', onData)
    payload.once('end', onEnd)
    payload.once('error', onError)
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
    if (text.length <= LARGE_BODY) return parseBody(text)
    await turn(0)
    const body = parseBody(text)
    await turn(0)
    return body
  })
}
