/**
 * Rows for the context tools' tests, written with SQL as the glossary and corpus tools would write
 * them (those tools are another area's), and the XML parser the seed's forms are checked with.
 */
import { sql } from 'drizzle-orm'
import { XMLParser } from 'fast-xml-parser'
import type { TestApp } from '../../helper.js'

export const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', trimValues: true, parseAttributeValue: false })
export const XML = { accept: 'application/xml' }

const dbOf = (t: TestApp) => t.app.database.db
/** A text[] parameter (drizzle would spread a JS array into a list of parameters). */
const textArray = (a: string[]) => sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(a)}::json))`
const rows = async (t: TestApp, q: ReturnType<typeof sql>) => ((await dbOf(t).execute(q)) as unknown as { rows: any[] }).rows

export async function thread(t: TestApp, id: number, position: number): Promise<void> {
  await dbOf(t).execute(sql`INSERT INTO corpus_threads (id, position) VALUES (${id}, ${position})`)
}

export async function post(t: TestApp, p: { id: number; thread: number; body: string; author?: string; at?: string }): Promise<void> {
  await dbOf(t).execute(sql`
    INSERT INTO corpus_posts (id, thread_id, timestamp, author, body)
    VALUES (${p.id}, ${p.thread}, ${p.at ?? '2014-02-16T01:24:30Z'}, ${p.author ?? 'Soma'}, ${p.body})`)
}

interface Context {
  post?: number
  thread?: number
}

/** An entry and its `create` revision, as glossary_create writes them; returns the entry id. */
export async function createEntry(t: TestApp, e: { term: string; definition: string; tags?: string[]; status?: string } & Context): Promise<number> {
  const tags = e.tags ?? ['mechanic']
  const status = e.status ?? 'tentative'
  const [row] = await rows(
    t,
    sql`
    INSERT INTO glossary_entries (term, base_term, definition, tags, status, first_seen_post_id, first_seen_thread_id)
    VALUES (${e.term}, ${e.term.toLowerCase().replace(/\s*\(.*\)$/, '')}, ${e.definition}, ${textArray(tags)}, ${status}, ${e.post ?? null}, ${e.thread ?? null})
    RETURNING id`,
  )
  const id = Number(row.id)
  await revision(t, id, 'create', { term: e.term, definition: e.definition, tags, status }, e)
  return id
}

/** An update of the definition and its revision, as glossary_update writes them. */
export async function updateDefinition(t: TestApp, id: number, definition: string, c: Context = {}): Promise<void> {
  const [old] = await rows(t, sql`SELECT definition FROM glossary_entries WHERE id = ${id}`)
  await dbOf(t).execute(
    sql`UPDATE glossary_entries SET definition = ${definition}, last_updated_post_id = ${c.post ?? null}, updated_at = now() WHERE id = ${id}`,
  )
  await revision(t, id, 'update', { definition }, c, { definition: old.definition })
}

/** A status-only update: a revision that leaves the definition alone. */
export async function updateStatus(t: TestApp, id: number, status: string, c: Context = {}): Promise<void> {
  await dbOf(t).execute(sql`UPDATE glossary_entries SET status = ${status} WHERE id = ${id}`)
  await revision(t, id, 'update', { status }, c)
}

async function revision(t: TestApp, entryId: number, action: string, newValues: object, c: Context, oldValues: object | null = null) {
  await dbOf(t).execute(sql`
    INSERT INTO glossary_revisions (entry_id, action, fields, old_values, new_values, post_id, thread_id, actor_id, actor_name)
    VALUES (${entryId}, ${action}, ${textArray(Object.keys(newValues))}, ${oldValues === null ? null : JSON.stringify(oldValues)}::jsonb,
            ${JSON.stringify(newValues)}::jsonb, ${c.post ?? null}, ${c.thread ?? null}, 'test-key', 'test')`)
}

export async function snapshot(t: TestApp, body: Record<string, unknown>, key = t.adminKey) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/snapshots', headers: { authorization: `Bearer ${key}` }, payload: body })
  return { statusCode: res.statusCode, body: res.json() }
}

export async function query(t: TestApp, q: ReturnType<typeof sql>): Promise<any[]> {
  return rows(t, q)
}

/**
 * A small reading history: threads at positions 1–3, a glossary snapshotted after position 2, and
 * changes made after the snapshot (a rewritten definition, a new entry, a post at position 3) that
 * a summoned context must never see.
 */
export const SCENE = {
  vysDefinition: 'The fundamental magical energy in the setting, analogous to mana. It flows through crystalline channels.',
  vatisDefinition: 'A practitioner of [[vys]]-based magic who opens the channels.',
  relevantPosts: {
    1001: 'The vys flows through crystalline channels in the body of every vatis.',
    1003: 'Soma says the vys crystals glow blue when the channels open.',
  },
  irrelevantPost: 'We went to the market and bought bread and onions.',
  laterPost: 'LATER-POST: the vys crystalline channels were rebuilt in the new empire.',
  laterDefinition: 'LATER-DEFINITION: vys is now understood as something else entirely.',
  laterTerm: 'Rhynia',
}

export async function seedScene(t: TestApp): Promise<{ snapshotId: number; vysId: number; vatisId: number }> {
  await thread(t, 100, 1)
  await thread(t, 101, 2)
  await thread(t, 102, 3)
  await post(t, { id: 1001, thread: 100, body: SCENE.relevantPosts[1001] })
  await post(t, { id: 1002, thread: 100, body: SCENE.irrelevantPost, author: 'Anon' })
  await post(t, { id: 1003, thread: 101, body: SCENE.relevantPosts[1003] })
  await post(t, { id: 1004, thread: 102, body: SCENE.laterPost })
  const vysId = await createEntry(t, { term: 'vys', definition: SCENE.vysDefinition, tags: ['mechanic', 'magic'], post: 1001, thread: 100 })
  const vatisId = await createEntry(t, { term: 'vatis', definition: SCENE.vatisDefinition, post: 1003, thread: 101 })
  const snap = await snapshot(t, { type: 'manual', thread_id: 101, thread_position: 2 })
  if (snap.statusCode !== 201) throw new Error(`snapshot failed: ${JSON.stringify(snap.body)}`)
  await updateDefinition(t, vysId, SCENE.laterDefinition, { post: 1004, thread: 102 })
  await createEntry(t, { term: SCENE.laterTerm, definition: 'The ruined empire of the vys channels.', post: 1004, thread: 102 })
  return { snapshotId: snap.body.snapshot.id, vysId, vatisId }
}
