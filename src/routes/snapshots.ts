/**
 * Snapshots by hand (seed 004): `POST /v1/snapshots` freezes the glossary at a thread position
 * (scope `write`), `GET /v1/snapshots/:id` shows one, with its frozen entries on `?include=entries`
 * (scope `read`). Automatic checkpoints are taken by the glossary write tools (checkpointIfDue).
 */
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from 'typebox'
import type { Db } from '../db/client.js'
import { corpusThreads, snapshotEntries, snapshots } from '../db/schema/index.js'
import { fail } from '../errors.js'
import { SNAPSHOT_TYPES, getSnapshot, takeSnapshot, type SnapshotRow } from '../glossary/snapshots/store.js'
import type { Scope } from '../tools/define.js'
import { snapshotView } from '../glossary/snapshots/view.js'
import { Snapshot, ref } from './components.js'
import { errorResponses } from './openapi-schemas.js'

/** The list view plus who took it and which revisions it includes. */
const detail = (s: SnapshotRow) => ({ ...snapshotView(s), last_revision_id: s.last_revision_id, created_by: s.created_by })

const TakeBody = Type.Object(
  {
    type: Type.Enum([...SNAPSHOT_TYPES], { description: 'checkpoint | curator_fork | manual' }),
    thread_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The corpus thread the state was reached at' })),
    thread_position: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Position in reading order of the last thread read (default: the position of thread_id)' }),
    ),
  },
  { additionalProperties: false },
)
const SnapshotParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
const SnapshotQuery = Type.Object({ include: Type.Optional(Type.Enum(['entries'])) }, { additionalProperties: false })
const FrozenEntry = Type.Object({
  entry_id: Type.Integer(),
  term: Type.String(),
  definition: Type.String(),
  tags: Type.Array(Type.String()),
  status: Type.String(),
})
const Taken = Type.Object({ snapshot: ref(Snapshot) }, { description: 'Taken: the snapshot, at Location' })
const Shown = Type.Object(
  { snapshot: ref(Snapshot), entries: Type.Optional(Type.Array(FrozenEntry, { description: 'The entries it froze (?include=entries)' })) },
  { description: 'The snapshot' },
)

const security = [{ bearerAuth: [] }]
const TAKE_SCHEMA = {
  operationId: 'takeSnapshot',
  summary: 'Take a snapshot: freeze the glossary as it stands at a thread position',
  description:
    'Copies every glossary entry into the snapshot, with entry and token counts. `thread_position` may be left out when `thread_id` names a corpus thread: its position is used. One `checkpoint` per position (409 CONFLICT names the existing one).',
  tags: ['snapshots'],
  security,
  body: TakeBody,
  response: {
    201: { ...Taken, headers: { Location: { type: 'string', description: '/v1/snapshots/{id}' } } },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500, 503),
  },
}

const GET_SCHEMA = {
  operationId: 'getSnapshot',
  summary: 'One snapshot; with ?include=entries, the glossary entries it froze',
  description: 'Needs the read scope.',
  tags: ['snapshots'],
  security,
  params: SnapshotParams,
  querystring: SnapshotQuery,
  response: { 200: Shown, ...errorResponses(400, 401, 403, 404, 500, 503) },
}

/** The thread position to snapshot at: as given, or that of the corpus thread `thread_id` names. */
async function positionOf(db: Db, body: Static<typeof TakeBody>): Promise<number> {
  if (body.thread_position !== undefined) return body.thread_position
  if (body.thread_id === undefined) fail('VALIDATION_ERROR', 'Pass thread_position, or a thread_id of a corpus thread to take its position')
  const [thread] = await db.select({ position: corpusThreads.position }).from(corpusThreads).where(eq(corpusThreads.id, body.thread_id))
  if (!thread) fail('THREAD_NOT_FOUND', `Thread ${body.thread_id} is not in the corpus; pass thread_position to snapshot at a position anyway`)
  return thread.position
}

export default async function snapshotsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const db = app.database.db
  // Authenticate before the body is validated: an anonymous caller learns nothing about the rules.
  const needs = (scope: Scope) => async (request: FastifyRequest) => {
    await app.keys.requireScope(request, scope)
  }

  app.post(
    '/v1/snapshots',
    {
      onRequest: needs('write'),
      schema: TAKE_SCHEMA,
    },
    async (request, reply) => {
      const caller = await app.keys.requireScope(request, 'write')
      const { body } = request
      const position = await positionOf(db, body)
      const taken = await takeSnapshot(db, { type: body.type, threadId: body.thread_id ?? null, threadPosition: position, createdBy: caller.id })
      if (!taken) {
        const [existing] = await db
          .select({ id: snapshots.id })
          .from(snapshots)
          .where(and(eq(snapshots.type, 'checkpoint'), eq(snapshots.threadPosition, position)))
        fail('CONFLICT', `A checkpoint already exists at thread position ${position}: snapshot ${existing?.id}`, {
          details: { snapshot_id: existing?.id ?? null, thread_position: position },
        })
      }
      request.log.info(
        { snapshot_id: taken.id, type: taken.type, thread_position: taken.thread_position, entry_count: taken.entry_count, caller: caller.id },
        `Snapshot ${taken.id} taken`,
      )
      return reply
        .code(201)
        .header('location', `/v1/snapshots/${taken.id}`)
        .send({ snapshot: detail(taken) })
    },
  )

  app.get(
    '/v1/snapshots/:id',
    {
      onRequest: needs('read'),
      schema: GET_SCHEMA,
    },
    async (request) => {
      const { id } = request.params
      const snapshot = await getSnapshot(db, id)
      if (!snapshot) fail('SNAPSHOT_NOT_FOUND', `No snapshot with id ${id}`)
      if (request.query.include !== 'entries') return { snapshot: detail(snapshot) }
      const e = snapshotEntries
      const entries = await db
        .select({ entry_id: e.entryId, term: e.term, definition: e.definition, tags: e.tags, status: e.status })
        .from(e)
        .where(eq(e.snapshotId, id))
        .orderBy(asc(e.entryId))
      return { snapshot: detail(snapshot), entries }
    },
  )
}
