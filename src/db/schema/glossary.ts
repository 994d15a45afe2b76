/**
 * The glossary: entries, the revision log every create, update and delete writes, and snapshots
 * that freeze the glossary at a thread position. Deleted entries leave their revisions behind.
 */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const glossaryEntries = pgTable(
  'glossary_entries',
  {
    id: serial('id').primaryKey(),
    /** With its disambiguation suffix: `Dawn (character)`. */
    term: text('term').notNull(),
    /** lower(term) without the suffix (`dawn`): the second exact-match key. */
    baseTerm: text('base_term').notNull(),
    /** Markdown with `[[Term]]` references. */
    definition: text('definition').notNull(),
    tags: text('tags').array().notNull().default([]),
    /** tentative | confirmed */
    status: text('status').notNull().default('tentative'),
    firstSeenPostId: bigint('first_seen_post_id', { mode: 'number' }),
    firstSeenThreadId: bigint('first_seen_thread_id', { mode: 'number' }),
    lastUpdatedPostId: bigint('last_updated_post_id', { mode: 'number' }),
    lastUpdatedThreadId: bigint('last_updated_thread_id', { mode: 'number' }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('glossary_entries_term_lower_idx').on(sql`lower(${t.term})`),
    index('glossary_entries_base_term_idx').on(t.baseTerm),
    index('glossary_entries_term_trgm_idx').using('gin', sql`lower(${t.term}) gin_trgm_ops`),
    index('glossary_entries_definition_trgm_idx').using('gin', sql`${t.definition} gin_trgm_ops`),
    // The words of the term and of the definition, for search's exact-word lookups: one posting
    // list each, where a trigram lookup intersects many. glossary_words_of (migration 0004) splits
    // as src/glossary/words.ts does and declares itself costly, so that no planner ever prefers
    // running it on every row to asking these indexes.
    // fastupdate off: a search would otherwise scan the whole pending list of recent inserts.
    index('glossary_entries_term_words_idx').using('gin', sql`glossary_words_of(${t.term})`).with({ fastupdate: false }),
    index('glossary_entries_definition_words_idx').using('gin', sql`glossary_words_of(${t.definition})`).with({ fastupdate: false }),
  ],
)

/**
 * The glossary's vocabulary: each word used in a term or a definition, and in how many entries it
 * appears there. Fuzzy search corrects query words against it and picks its plan by these counts
 * (src/glossary/words.ts); the write tools keep it in step, in their transaction.
 */
export const glossaryWords = pgTable(
  'glossary_words',
  {
    word: text('word').primaryKey(),
    termEntries: integer('term_entries').notNull().default(0),
    definitionEntries: integer('definition_entries').notNull().default(0),
  },
  (t) => [index('glossary_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false })],
)

export const glossaryRevisions = pgTable(
  'glossary_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: integer('entry_id').notNull(),
    /** create | update | delete */
    action: text('action').notNull(),
    /** The fields this revision changed. */
    fields: text('fields').array().notNull().default([]),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    reason: text('reason'),
    postId: bigint('post_id', { mode: 'number' }),
    threadId: bigint('thread_id', { mode: 'number' }),
    sessionId: text('session_id'),
    /** API key id and name of the caller. */
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name'),
    executionId: text('execution_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('glossary_revisions_entry_idx').on(t.entryId, t.id),
    // Explicate looks for a quoted passage in every definition ever written; the trigram index
    // answers "holds each of its words" so that only those few definitions are read.
    index('glossary_revisions_definition_trgm_idx').using('gin', sql`(${t.newValues} ->> 'definition') gin_trgm_ops`),
  ],
)

export const snapshots = pgTable(
  'snapshots',
  {
    id: serial('id').primaryKey(),
    /** checkpoint | curator_fork | manual */
    type: text('type').notNull(),
    threadId: bigint('thread_id', { mode: 'number' }),
    threadPosition: integer('thread_position').notNull(),
    entryCount: integer('entry_count').notNull(),
    tokenCount: integer('token_count').notNull(),
    /** The newest revision the frozen state includes: blame maps a revision to the first snapshot at or past it. */
    lastRevisionId: bigint('last_revision_id', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('snapshots_thread_idx').on(t.threadId, t.id),
    index('snapshots_revision_idx').on(t.lastRevisionId),
    // One automatic checkpoint per position, however many instances notice the thread change.
    uniqueIndex('snapshots_checkpoint_position_idx').on(t.threadPosition).where(sql`type = 'checkpoint'`),
  ],
)

/** The glossary as it stood when a snapshot was taken. */
export const snapshotEntries = pgTable(
  'snapshot_entries',
  {
    snapshotId: integer('snapshot_id').notNull(),
    entryId: integer('entry_id').notNull(),
    term: text('term').notNull(),
    definition: text('definition').notNull(),
    tags: text('tags').array().notNull().default([]),
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.entryId] }),
    // An entry's frozen copies across snapshots: explicate's "which snapshot holds this text".
    index('snapshot_entries_entry_idx').on(t.entryId, t.snapshotId),
  ],
)

/** A summoned snapshot context: one active per key and session, its turns kept, all of it in Postgres. */
export const summons = pgTable(
  'summons',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    snapshotId: integer('snapshot_id').notNull(),
    /** active | dismissed */
    status: text('status').notNull().default('active'),
    turns: integer('turns').notNull().default(0),
    summary: text('summary'),
    callerId: text('caller_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, precision: 3 }),
  },
  // One active summon per key and session: another key naming the same X-Session-Id has its own.
  (t) => [uniqueIndex('summons_active_session_idx').on(t.callerId, t.sessionId).where(sql`status = 'active'`)],
)

export const summonTurns = pgTable(
  'summon_turns',
  {
    summonId: text('summon_id').notNull(),
    turn: integer('turn').notNull(),
    message: text('message').notNull(),
    response: text('response').notNull(),
    /** llm | retrieval */
    mode: text('mode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.summonId, t.turn] })],
)

/**
 * Where each session is reading: the post and thread `read_post` / `read_thread_range` last
 * returned. The glossary write tools take their post and thread from it when the call sends no
 * X-Post-Id / X-Thread-Id, so revisions keep a source post. In Postgres so any instance sees it.
 */
export const readingPositions = pgTable(
  'reading_positions',
  {
    /** The key that read: another key naming the same X-Session-Id has its own position. */
    callerId: text('caller_id').notNull(),
    /** X-Session-Id, or `key:<key id>` without one. */
    sessionId: text('session_id').notNull(),
    threadId: bigint('thread_id', { mode: 'number' }).notNull(),
    /** Null after a read_thread_range that returned no post. */
    postId: bigint('post_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.callerId, t.sessionId] })],
)
