/**
 * One error shape for every route: `{status: "error", error_code, error_message}`. Messages are
 * shown only below 500; a server fault is logged in full and answered with a request id.
 */
import fp from 'fastify-plugin'
import type { FastifyError } from 'fastify'
import { codedError, isCodedError, type CodedError } from '../errors.js'
import { tooLarge, useJsonBodies } from './json-body.js'

export function errorPayload(err: CodedError): Record<string, unknown> {
  return { status: 'error', error_code: err.code, error_message: err.message, ...(err.details && { details: err.details }) }
}

function fromFastify(err: FastifyError, bodyLimit: number): CodedError | undefined {
  if (err.validation)
    return codedError(
      'VALIDATION_ERROR',
      `Invalid ${err.validationContext ?? 'request'}: ${err.validation[0]?.instancePath?.slice(1) || ''} ${err.validation[0]?.message ?? err.message}`.replace(
        /\s+/g,
        ' ',
      ),
    )
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge(bodyLimit)
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return codedError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json')
  }
  if (err.statusCode && err.statusCode < 500) return codedError('INVALID_REQUEST', err.message)
  return undefined
}

export default fp(
  async (app) => {
    useJsonBodies(app, app.config.bodyLimit)

    app.setErrorHandler((err: FastifyError, request, reply) => {
      // An unreachable database is a 503 with Retry-After, logged once per outage (db/outage.ts).
      const coded = isCodedError(err) ? err : (app.hasDecorator('databaseOutage') && app.databaseOutage.classify(err)) || fromFastify(err, app.config.bodyLimit)
      if (coded) {
        if (coded.headers) reply.headers(coded.headers)
        return reply.code(coded.statusCode).send(errorPayload(coded))
      }
      request.log.error({ err }, 'Unhandled error')
      return reply.code(500).send({ status: 'error', error_code: 'INTERNAL_ERROR', error_message: `Internal server error (request ${request.id})` })
    })

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({
        status: 'error',
        error_code: 'NOT_FOUND',
        error_message: `Route ${request.method} ${request.url.split('?')[0]} not found; see /docs for the API`,
      })
    })
  },
  { name: 'errors' },
)
