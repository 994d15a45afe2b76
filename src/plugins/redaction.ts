/** The one redactor, shared by the logger, history and approvals. */
import fp from 'fastify-plugin'
import type { Redactor } from '../redaction/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    redactor: Redactor
  }
}

export default fp<{ redactor: Redactor }>(
  async (app, opts) => {
    app.decorate('redactor', opts.redactor)
  },
  { name: 'redaction' },
)
