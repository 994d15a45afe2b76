/**
 * The glossary's REST surface beside its tools: one entry as it stands, and its revision history
 * (every create, update and delete, oldest first), which outlives a deleted entry.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { entryNotFound, getEntry } from '../glossary/entries.js'
import { lastKnownTerm, listRevisions } from '../glossary/revisions.js'
import { GlossaryEntry, GlossaryRevision, ref } from './components.js'
import { errorResponses } from './openapi-schemas.js'

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Entry id' }) })
const PAGE = 200
const RevisionsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: PAGE })),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Only revisions with a higher id (the previous page’s next_after)' })),
})

const Revisions = Type.Object(
  {
    entry_id: Type.Integer(),
    term: Type.Union([Type.String(), Type.Null()], { description: 'The term, or its last one when deleted' }),
    deleted: Type.Boolean(),
    revisions: Type.Array(ref(GlossaryRevision)),
    next_after: Type.Union([Type.Integer(), Type.Null()], { description: 'Pass as ?after= for the next page; null on the last' }),
  },
  { description: 'A page of revisions' },
)

export default async function glossaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const db = () => app.database.db

  app.get(
    '/v1/glossary/entries/:id',
    {
      schema: {
        operationId: 'getGlossaryEntry',
        summary: 'One glossary entry as it stands',
        description: '404 ENTRY_NOT_FOUND once deleted; its revisions stay readable. Needs the read scope.',
        tags: ['glossary-entries'],
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: Type.Object({ entry: ref(GlossaryEntry) }, { description: 'The entry' }), ...errorResponses(400, 401, 403, 404, 500, 503) },
      },
    },
    async (request) => {
      await app.keys.requireScope(request, 'read')
      const { id } = request.params
      const entry = await getEntry(db(), id)
      return { entry: entry ?? (await entryNotFound(db(), id)) }
    },
  )

  app.get(
    '/v1/glossary/entries/:id/revisions',
    {
      schema: {
        operationId: 'listGlossaryRevisions',
        summary: "An entry's revision history, oldest first",
        description:
          'Who, when, which fields, old and new values, post and thread, reason for a delete; deleted entries keep theirs. Page with ?after=. Needs the read scope.',
        tags: ['glossary-entries'],
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: RevisionsQuery,
        response: { 200: Revisions, ...errorResponses(400, 401, 403, 404, 500, 503) },
      },
    },
    async (request) => {
      await app.keys.requireScope(request, 'read')
      const { id } = request.params
      const { limit = PAGE, after } = request.query
      // One more than asked tells whether there is a next page.
      const revisions = await listRevisions(db(), id, { limit: limit + 1, after })
      const more = revisions.length > limit
      const page = revisions.slice(0, limit)
      if (page.length === 0 && !after) await entryNotFound(db(), id)
      const entry = await getEntry(db(), id)
      return {
        entry_id: id,
        term: entry?.term ?? (await lastKnownTerm(db(), id)),
        deleted: entry === undefined,
        revisions: page,
        next_after: more ? page[page.length - 1].id : null,
      }
    },
  )
}
