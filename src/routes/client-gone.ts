/**
 * A call stops when its client goes away before the answer is sent, as it stops at its timeout:
 * a subagent or workflow left behind by a closed connection went on making calls for no one.
 */
import type { FastifyReply } from 'fastify'
import { codedError } from '../errors.js'

/** A signal aborted if the connection closes before the reply is sent; `release` once the call is over. */
export function whileClientWaits(reply: FastifyReply): { signal: AbortSignal; release(): void } {
  const controller = new AbortController()
  const response = reply.raw
  const onClose = () => {
    if (!response.writableFinished) controller.abort(codedError('CLIENT_CLOSED', 'The client closed the connection before the answer; the call was stopped'))
  }
  response.once('close', onClose)
  return { signal: controller.signal, release: () => response.off('close', onClose) }
}
