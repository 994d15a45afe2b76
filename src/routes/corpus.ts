/**
 * `POST /v1/corpus/import`: NDJSON, one post per line, streamed into corpus_posts (src/corpus).
 * The body is never buffered: the content-type parsers below hand the raw stream to the handler,
 * and the import reads it chunk by chunk, enforcing TOOLGATE_IMPORT_MAX_BYTES itself (Fastify's
 * body limit only applies to bodies it buffers).
 */
import { PassThrough, type Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { codedError, fail, isCodedError } from '../errors.js'
import { importCorpus, type ImportCounts } from '../corpus/import.js'
import { preferredType } from '../lib/accept.js'
import { errorPayload } from '../plugins/errors.js'
import type { Caller } from '../tools/define.js'
import { errorResponses } from './openapi-schemas.js'

export const NDJSON_TYPES = ['application/x-ndjson', 'application/jsonl', 'text/plain']
const NDJSON = 'application/x-ndjson'

const description = `Streams NDJSON (one JSON post per line: id, thread_id, timestamp, author, body, optional tags)
into the corpus. Valid lines are kept, bad ones are reported by line number with the reason. Idempotent on post id:
a changed post is updated, an identical one left alone. Threads (post counts, first/last post time, reading
position) are refreshed at the end. Send \`Accept: application/x-ndjson\` for progress lines
(\`{"event":"progress",…}\` after every batch, then \`{"event":"done",…}\`); otherwise one JSON summary.
Needs the \`write\` scope. Body limit: TOOLGATE_IMPORT_MAX_BYTES.`

const wantsProgress = (request: FastifyRequest) => preferredType(request.headers.accept, ['application/json', NDJSON]) === NDJSON
const line = (value: object) => `${JSON.stringify(value)}\n`

const IMPORT_SCHEMA = {
  operationId: 'importCorpus',
  summary: 'Import forum posts (NDJSON, streamed)',
  description,
  tags: ['corpus'],
  security: [{ bearerAuth: [] }],
  consumes: NDJSON_TYPES,
  body: {
    type: 'string',
    description:
      'NDJSON: one post per line, e.g. {"id":12345,"thread_id":30265887,"timestamp":"2014-02-16T01:24:30Z","author":"Soma","body":"…","tags":["qm_post","story_post"]}',
  },
  response: {
    200: {
      description: 'The import summary; with Accept: application/x-ndjson, progress lines then a done (or error) line',
      content: {
        'application/json': { schema: { $ref: 'ImportSummary#' } },
        'application/x-ndjson': { schema: { type: 'string', description: '{"event":"progress",…} lines, then {"event":"done",…summary}' } },
      },
    },
    ...errorResponses(400, 401, 403, 413, 415, 500, 503),
  },
}

export default async function corpusRoutes(app: FastifyInstance) {
  const callers = new WeakMap<FastifyRequest, Caller>()
  // Only inside this plugin: elsewhere application/json keeps the app's parser.
  app.addContentTypeParser(NDJSON_TYPES, (_request, payload, done) => done(null, payload))
  const refuseType = (_request: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void) =>
    done(codedError('UNSUPPORTED_MEDIA_TYPE', `Send the corpus as NDJSON with Content-Type ${NDJSON_TYPES.join(', ')}`))
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', refuseType)
  app.addContentTypeParser('*', refuseType)

  app.post(
    '/v1/corpus/import',
    {
      // Authenticate before anything of the body is read.
      onRequest: async (request) => {
        callers.set(request, await app.keys.requireScope(request, 'write'))
      },
      // The body is a stream; there is nothing for a JSON schema validator to check.
      validatorCompiler: () => () => true,
      schema: IMPORT_SCHEMA,
    },
    async (request, reply) => {
      const caller = callers.get(request)!
      const declared = Number(request.headers['content-length'])
      const maxBytes = app.config.importMaxBytes
      if (Number.isFinite(declared) && declared > maxBytes) {
        fail('PAYLOAD_TOO_LARGE', `The corpus (${declared} bytes) is larger than the ${maxBytes} byte limit (TOOLGATE_IMPORT_MAX_BYTES)`)
      }
      const source = request.body as Readable | undefined
      if (!source || typeof (source as Partial<Readable>)[Symbol.asyncIterator] !== 'function') {
        fail('INVALID_REQUEST', 'The request body is empty: send the corpus as NDJSON, one JSON post per line')
      }
      const log = request.log.child({ caller: caller.name })
      const run = (onProgress?: (c: ImportCounts) => void) => importCorpus(app.database.db, source, { maxBytes, onProgress, log })
      if (!wantsProgress(request)) return run()
      return streamProgress(reply, run, log)
    },
  )
}

/**
 * The NDJSON answer. The 200 and its headers go out with the first progress line, not before, so
 * that failures found before any batch (empty body, size cap) still get their own status code.
 * After that, a failure can only be told in-band: a last `{"event":"error",…}` line.
 */
async function streamProgress(reply: FastifyReply, run: (onProgress: (c: ImportCounts) => void) => Promise<object>, log: FastifyRequest['log']) {
  const out = new PassThrough()
  let started = false
  const start = () => {
    if (started) return
    started = true
    void reply.code(200).header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(out)
  }
  try {
    const summary = await run((counts) => {
      start()
      out.write(line({ event: 'progress', ...counts }))
    })
    start()
    out.end(line({ event: 'done', ...summary }))
  } catch (err) {
    if (!started) throw err
    if (!isCodedError(err)) log.error({ err }, 'corpus import failed')
    const coded = isCodedError(err) ? err : codedError('INTERNAL_ERROR', 'The import failed on the server; posts written before the failure are kept')
    out.end(line({ event: 'error', ...errorPayload(coded) }))
  }
  return reply
}
