/**
 * Where explicate looks for a passage: the current definitions, the definitions revisions wrote
 * (current or since rewritten, deleted entries included) and, per entry, the frozen definitions of
 * snapshots; and which entries a message names. Passages match verbatim up to case and white
 * space (checked again in JS by the caller); "similar" is pg_trgm word similarity.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rows } from '../../db/sql-rows.js'
import type { NameMention } from './message.js'

const CANDIDATES = 20
// A parameter, not SQL text: inside an sql`` template JavaScript would eat the backslash.
const WHITESPACE_RUN = String.raw`\s+`
const REVISION_DEFINITION = sql`(new_values ->> 'definition')`

export interface Candidate {
  id: number
  term: string
  definition: string
  score: number
}

/** `column IN (ids)`, or true without a scope. */
const within = (column: SQL, ids?: readonly number[]) =>
  ids === undefined ? sql`true` : sql`${column} IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(ids)}::json))`
const holds = (text: SQL, normalized: string) => sql`strpos(lower(regexp_replace(${text}, ${WHITESPACE_RUN}, ' ', 'g')), ${normalized}) > 0`
const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&')

/** Every word of the passage as a substring: what the trigram index can answer before the exact test. */
function wordsPrefilter(text: SQL, normalized: string): SQL {
  const words = [...new Set(normalized.match(/[\p{L}\p{N}]{3,}/gu) ?? [])].slice(0, 8)
  if (words.length === 0) return sql`true`
  return sql.join(
    words.map((w) => sql`${text} ILIKE ${`%${likeEscape(w)}%`}`),
    sql` AND `,
  )
}

/** Current definitions, those holding the passage first, then by word similarity to it. */
export async function currentCandidates(db: Db, quote: string, normalized: string, ids?: readonly number[]): Promise<Candidate[]> {
  const found = await rows(
    db,
    sql`
    SELECT id, term, definition, word_similarity(${quote}, definition) AS score
    FROM glossary_entries WHERE ${within(sql`id`, ids)}
    ORDER BY ${holds(sql`definition`, normalized)} DESC, score DESC, id
    LIMIT ${CANDIDATES}`,
  )
  return found.map((r) => ({ id: Number(r.id), term: String(r.term), definition: String(r.definition), score: Number(r.score) }))
}

/** Entries a revision wrote the passage into (it may have been rewritten since), most recently written first. */
export async function revisionHolders(db: Db, normalized: string, ids?: readonly number[]): Promise<number[]> {
  const found = await rows<{ entry_id: number }>(
    db,
    sql`
    SELECT entry_id FROM (
      SELECT entry_id, id FROM glossary_revisions
      WHERE ${within(sql`entry_id`, ids)} AND ${wordsPrefilter(REVISION_DEFINITION, normalized)} AND ${holds(REVISION_DEFINITION, normalized)}
    ) r GROUP BY entry_id ORDER BY max(id) DESC LIMIT ${CANDIDATES}`,
  )
  return found.map((r) => Number(r.entry_id))
}

/** Entries among `ids` a snapshot froze holding the passage (text no revision explains: edited by hand). */
export async function snapshotHolders(db: Db, normalized: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const found = await rows<{ entry_id: number }>(
    db,
    sql`SELECT DISTINCT entry_id FROM snapshot_entries WHERE ${within(sql`entry_id`, ids)} AND ${holds(sql`definition`, normalized)} ORDER BY entry_id`,
  )
  return found.map((r) => Number(r.entry_id))
}

/** The first snapshot, at or after revision `after`, whose frozen copy of the entry holds the passage. */
export async function firstSnapshotHolding(db: Db, entryId: number, normalized: string, after = 0): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`
    SELECT s.id FROM snapshot_entries se JOIN snapshots s ON s.id = se.snapshot_id
    WHERE se.entry_id = ${entryId} AND s.last_revision_id >= ${after} AND ${holds(sql`se.definition`, normalized)}
    ORDER BY s.id LIMIT 1`,
  )
  return row === undefined ? undefined : Number(row.id)
}

/** The distinct definitions snapshots froze for an entry, each with the first snapshot that holds it. */
export async function snapshotDefinitions(db: Db, entryId: number): Promise<{ definition: string; snapshotId: number }[]> {
  const found = await rows<{ definition: string; snapshot_id: number }>(
    db,
    sql`SELECT definition, min(snapshot_id) AS snapshot_id FROM snapshot_entries WHERE entry_id = ${entryId} GROUP BY definition ORDER BY 2`,
  )
  return found.map((r) => ({ definition: r.definition, snapshotId: Number(r.snapshot_id) }))
}

/** The entry whose former definitions (revisions) resemble the quote most, at or above `min`. */
export async function mostSimilarFormer(db: Db, quote: string, min: number, ids?: readonly number[]): Promise<{ id: number; score: number } | undefined> {
  const [row] = await rows<{ entry_id: number; score: number }>(
    db,
    sql`
    SELECT entry_id, max(word_similarity(${quote}, ${REVISION_DEFINITION})) AS score
    FROM glossary_revisions WHERE ${within(sql`entry_id`, ids)} AND new_values ? 'definition'
    GROUP BY entry_id ORDER BY 2 DESC, 1 LIMIT 1`,
  )
  return row && Number(row.score) >= min ? { id: Number(row.entry_id), score: Number(row.score) } : undefined
}

/**
 * The entries a message names: by id, or by a run of its words equal to a term or to a term
 * without its suffix (`dawn` → every Dawn), with the names that matched. Deliberate namings ("the
 * vys entry", a quoted term, an id) win over words that merely happen to be terms.
 */
export async function namedEntries(db: Db, names: readonly NameMention[], ids: readonly number[]): Promise<{ id: number; names: string[] }[]> {
  if (names.length === 0 && ids.length === 0) return []
  const found = await rows<{ id: number; name: string | null; anchored: boolean }>(
    db,
    sql`
    WITH n AS (SELECT name, anchored FROM json_to_recordset(${JSON.stringify(names)}::json) AS x(name text, anchored boolean))
    SELECT g.id, n.name, n.anchored FROM glossary_entries g JOIN n ON lower(g.term) = n.name OR g.base_term = n.name
    UNION ALL
    SELECT id, NULL, true FROM glossary_entries WHERE ${within(sql`id`, ids)}
    ORDER BY 1`,
  )
  const deliberate = found.filter((r) => r.anchored)
  const byId = new Map<number, string[]>()
  for (const r of deliberate.length ? deliberate : found) {
    const list = byId.get(Number(r.id)) ?? []
    if (r.name !== null) list.push(r.name)
    byId.set(Number(r.id), list)
  }
  return [...byId].map(([id, matched]) => ({ id, names: matched }))
}
