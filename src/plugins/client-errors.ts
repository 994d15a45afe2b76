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

export interface ArrivalLimits {
  /** Headers must arrive within this, in ms. */
  headersMs: number
  /** The whole request must arrive within this, in ms; 0: no limit. */
  requestMs: number
}

/** The headers' and the whole request's time limits for a TOOLGATE_REQUEST_TIMEOUT_MS; 0 leaves headers their 60 s. */
export const arrivalLimits = (requestMs: number): ArrivalLimits => ({ headersMs: requestMs === 0 ? 60_000 : Math.min(60_000, requestMs), requestMs })

function answerTo(err: NodeJS.ErrnoException, limits: ArrivalLimits): CodedError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const whole = limits.requestMs === 0 ? '' : `, all of it within ${limits.requestMs / 1000} s (TOOLGATE_REQUEST_TIMEOUT_MS)`
    return codedError('REQUEST_TIMEOUT', `The request did not arrive in time (its headers within ${limits.headersMs / 1000} s${whole}); send it again`)
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') return codedError('HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts (16 KiB)')
  return codedError('INVALID_REQUEST', 'The request is not valid HTTP/1.1')
}

/**
 * Whether the error can be answered on this socket: not when an answer has started (an import's
 * progress lines), nor when the answer waiting is to an earlier, complete request (pipelined),
 * which would take the error for its own and be sent again.
 */
function answerable(socket: Socket): boolean {
  // Node's own handler reads the same field: undefined before the first answer, null between answers.
  const reply = (socket as Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage
  if (!socket.writable) return false
  return reply == null || (!reply.headersSent && reply.req?.complete === false)
}

/** A whole HTTP answer, head and body, for a socket Node hands over raw. */
function errorAnswer(coded: CodedError): string {
  const body = JSON.stringify(errorPayload(coded))
  return `HTTP/1.1 ${coded.statusCode} ${http.STATUS_CODES[coded.statusCode]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
}

/** Fastify's `clientErrorHandler` for a server with these arrival limits. */
export function clientErrors(limits: ArrivalLimits) {
  return function (this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return
    this.log.debug({ err }, 'client error')
    // Runs in a socket's error event: anything thrown here would end the process.
    try {
      if (answerable(socket)) socket.write(errorAnswer(answerTo(err, limits)))
    } catch (e) {
      this.log.error({ err: e }, 'answering a client error failed')
    }
    socket.destroy(err)
  }
}
