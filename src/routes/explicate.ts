/**
 * `POST /v1/explicate` (seed 004's explicate protocol): the `explicate` tool behind its own route,
 * through the same pipeline (auth, rate limit, validation, history) and with the same answers,
 * XML included when the caller asks for it. A `text/plain` body is the agent's message itself, as
 * seed 004 shows it: `{"message": <body>}`.
 */
import type { FastifyInstance, FastifySchema } from 'fastify'
import { prefersXml } from '../lib/accept.js'
import { sendXml } from './xml-reply.js'
import { TOOL_ERRORS, errorResponses } from './openapi-schemas.js'
import { operationOf } from './tools.js'

const TOOL = 'explicate'
const passThrough = () => () => true
const stringify = () => (data: unknown) => JSON.stringify(data)

export default async function explicateRoutes(app: FastifyInstance) {
  const tool = app.registry.get(TOOL)?.tool
  const schema: FastifySchema = {
    // The explicate tool's own operation (body, headers, answers), under its protocol's name.
    ...(tool ? operationOf(tool, app.approvals.mayHold(tool)) : { response: errorResponses(...TOOL_ERRORS) }),
    operationId: 'explicateQuote',
    summary: 'Explicate a quoted passage of a definition: its source post and authoring snapshot',
    description:
      "The explicate protocol of seed 004; the same call as `POST /v1/tools/explicate`. Body `{message}` (the agent's message, passages in quotation marks, the entry named around them), `{quote}` (a bare passage), either with `entry_id`; or, as `text/plain`, the message itself. JSON by default, the seed's `<explication>` with `Accept: application/xml`.",
    tags: ['glossary'],
    security: [{ bearerAuth: [] }],
  }
  app.post(
    '/v1/explicate',
    {
      config: { toolArguments: true },
      // The pipeline validates, with the same words as every tool call.
      validatorCompiler: passThrough,
      serializerCompiler: stringify,
      schema,
    },
    async (request, reply) => {
      const outcome = await app.pipeline.invoke({
        tool: TOOL,
        // The seed's protocol is a message: sent as plain text, it is the `message` argument.
        args: typeof request.body === 'string' ? { message: request.body } : request.body,
        authorization: request.headers.authorization,
        clientIp: request.ip,
        transport: 'rest',
        headers: request.headers,
      })
      if (prefersXml(request.headers.accept)) return sendXml(reply, app.registry.get(TOOL)?.tool, outcome)
      return reply.code(outcome.statusCode).headers(outcome.headers).send(outcome.body)
    },
  )
}
