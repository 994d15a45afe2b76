/**
 * Answers to requests that never reached a route, in the same error shape as every other answer:
 * one too slow to arrive (TOOLGATE_REQUEST_TIMEOUT_MS), headers too large, bytes that are not HTTP.
 * Node writes them to the socket and closes it; Fastify's own wording differs from ours.
 */
import http from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { codedError, type CodedError } from '../errors.js'
import { errorPayload } from './errors.js'

function answerTo(err: NodeJS.ErrnoException, timeoutMs: number): CodedError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return codedError('REQUEST_TIMEOUT', `The request did not arrive whole within ${timeoutMs} ms (TOOLGATE_REQUEST_TIMEOUT_MS); send it again`)
  if (err.code === 'HPE_HEADER_OVERFLOW') return codedError('HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts (16 KiB)')
  return codedError('INVALID_REQUEST', 'The request is not valid HTTP/1.1')
}

/** Fastify's `clientErrorHandler`, for a server whose requests must arrive within `timeoutMs`. */
export function clientErrors(timeoutMs: number) {
  return function (this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return
    const coded = answerTo(err, timeoutMs)
    this.log.debug({ err }, 'client error')
    // An answer already under way (an import's progress lines) cannot take another head: the socket is just closed.
    const answering = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage?.headersSent === true
    if (socket.writable && !answering) {
      const body = JSON.stringify(errorPayload(coded))
      const head = `HTTP/1.1 ${coded.statusCode} ${http.STATUS_CODES[coded.statusCode]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`
      socket.write(head + body)
    }
    socket.destroy(err)
  }
}
