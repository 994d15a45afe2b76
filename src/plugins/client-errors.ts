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
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return codedError('HEADERS_TOO_LARGE', `The request headers are larger than the server accepts (${http.maxHeaderSize / 1024} KiB)`)
  return codedError('INVALID_REQUEST', 'The request is not valid HTTP/1.1')
}

type HttpSocket = Socket & { _httpMessage?: http.ServerResponse | null; parser?: { incoming?: http.IncomingMessage | null } | null }

/**
 * Where the connection is when a client error arrives (Node's own handler reads the same fields):
 * - `idle`: no request under way, or only its headers so far: the error is its answer;
 * - `receiving`: a request's body is arriving and it has no answer yet: the error is its answer;
 * - `answering`: an earlier request arrived whole and is still being answered (pipelined, or bytes
 *   after `Connection: close`): that answer must go out, or the client sends the call again;
 * - `answered`: the request had its answer already (under way, or a 401 sent before its body).
 */
function stateOf(socket: HttpSocket): 'idle' | 'receiving' | 'answering' | 'answered' {
  const reply = socket._httpMessage
  if (reply == null) return socket.parser?.incoming?.complete === false ? 'answered' : 'idle'
  if (reply.headersSent) return 'answered'
  return reply.req?.complete === false ? 'receiving' : 'answering'
}

/** A whole HTTP answer, head and body, for a socket Node hands over raw. */
function errorAnswer(coded: CodedError): string {
  const body = JSON.stringify(errorPayload(coded))
  return `HTTP/1.1 ${coded.statusCode} ${http.STATUS_CODES[coded.statusCode]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
}

/** Fastify's `clientErrorHandler` for a server with these arrival limits. */
export function clientErrors(limits: ArrivalLimits) {
  return function (this: FastifyInstance, err: NodeJS.ErrnoException, socket: HttpSocket): void {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return
    this.log.debug({ err }, 'client error')
    // Runs in a socket's error event: anything thrown here would end the process.
    try {
      const state = stateOf(socket)
      if (state === 'answering') {
        // Read nothing more; Node closes the connection once that answer is sent (RFC 9112 §9.6).
        ;(socket._httpMessage as http.ServerResponse).shouldKeepAlive = false
        socket.pause()
        return
      }
      if (state !== 'answered' && socket.writable) socket.write(errorAnswer(answerTo(err, limits)))
    } catch (e) {
      this.log.error({ err: e }, 'answering a client error failed')
    }
    socket.destroy(err)
  }
}
