/**
 * One error shape for every route: `{status: "error", error_code, error_message}`. Messages are
 * shown only below 500; a server fault is logged in full and answered with a request id.
 */
import fp from 'fastify-plugin'
import sjson from 'secure-json-parse'
import type { FastifyError } from 'fastify'
import { codedError, isCodedError, type CodedError } from '../errors.js'
import { shapeProblem } from '../lib/json-shape.js'
import { BODY_DEPTH_MAX, BODY_ELEMENTS_MAX } from '../tools/limits.js'

/** Bodies past this many characters are parsed on a turn of the event loop of their own. */
const LARGE_BODY = 1 << 20

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
      return codedError('PAYLOAD_TOO_LARGE', `Request body is larger than the ${bodyLimit} byte limit (TOOLGATE_BODY_LIMIT)`)
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return codedError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json')
  }
  if (err.statusCode && err.statusCode < 500) return codedError('INVALID_REQUEST', err.message)
  return undefined
}

export default fp(
  async (app) => {
    // An empty body is an empty parameter object (`hello` needs none); bad JSON is the caller's error.
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body)
      if (text.trim() === '') return done(null, {})
      const problem = shapeProblem(text, BODY_ELEMENTS_MAX, BODY_DEPTH_MAX)
      if (problem?.kind === 'elements') {
        return done(codedError('PAYLOAD_TOO_LARGE', `Request body has more than ${problem.limit} JSON elements (object members and array items)`), undefined)
      }
      if (problem) return done(codedError('INVALID_REQUEST', `Request body is nested deeper than ${problem.limit} levels`), undefined)
      const parse = () => {
        try {
          done(null, sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }))
        } catch (e) {
          done(codedError('INVALID_REQUEST', `Request body is not valid JSON: ${(e as Error).message}`), undefined)
        }
      }
      // A big body is parsed after the loop's timers and I/O had a turn: joining and decoding it
      // took as long again, and in one block with the parse a 10 MiB body held the loop 0.1 s.
      if (text.length > LARGE_BODY) setTimeout(parse, 0)
      else parse()
    })

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
