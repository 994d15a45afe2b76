/** Fixtures for the corpus tests: posts as NDJSON, the import route, and direct reads of the tables. */
import { sql } from 'drizzle-orm'
import { XMLParser } from 'fast-xml-parser'
import type { TestApp } from '../../helper.js'

export interface PostLine {
  id: number
  thread_id: number
  timestamp: string
  author: string
  body: string
  tags?: string[]
}

/** Post `id` in `thread`, `minute` minutes after 2014-02-16T00:00:00Z. */
export function post(id: number, thread: number, minute: number, over: Partial<PostLine> = {}): PostLine {
  const ts = new Date(Date.UTC(2014, 1, 16, 0, minute)).toISOString().replace('.000Z', 'Z')
  return {
    id,
    thread_id: thread,
    timestamp: ts,
    author: id % 2 ? 'Anon' : 'Soma',
    body: `Post ${id} of thread ${thread}: the vys runs south.`,
    tags: [],
    ...over,
  }
}

export const ndjson = (lines: (PostLine | string | object)[]) => `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`

export interface ImportOptions {
  key?: string
  contentType?: string
  accept?: string
  headers?: Record<string, string>
}

export async function importBody(t: TestApp, payload: string | Buffer | NodeJS.ReadableStream, o: ImportOptions = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/corpus/import',
    headers: {
      authorization: `Bearer ${o.key ?? t.adminKey}`,
      'content-type': o.contentType ?? 'application/x-ndjson',
      ...(o.accept && { accept: o.accept }),
      ...o.headers,
    },
    payload: payload as string,
  })
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json')
  return { statusCode: res.statusCode, headers: res.headers, text: res.body, body: isJson ? res.json() : undefined }
}

export async function rows<T = Record<string, unknown>>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows
}

export async function storedPosts(t: TestApp) {
  const r = await rows<{ id: unknown; thread_id: unknown; body: string; author: string; tags: string[]; ts: string; imported_at: string }>(
    t,
    sql`
    SELECT id, thread_id, body, author, tags, imported_at::text,
           to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS ts
    FROM corpus_posts ORDER BY id`,
  )
  return r.map((p) => ({ ...p, id: Number(p.id), thread_id: Number(p.thread_id) }))
}

export async function storedThreads(t: TestApp) {
  const r = await rows<Record<string, unknown>>(
    t,
    sql`
    SELECT id, position, post_count,
           to_char(first_post_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS first,
           to_char(last_post_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS last
    FROM corpus_threads ORDER BY position`,
  )
  return r.map((x) => ({ id: Number(x.id), position: Number(x.position), post_count: Number(x.post_count), first: x.first, last: x.last }))
}

export async function clearCorpus(t: TestApp) {
  await t.app.database.db.execute(sql`DELETE FROM corpus_posts`)
  await t.app.database.db.execute(sql`DELETE FROM corpus_threads`)
}

export const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  trimValues: true,
  parseAttributeValue: false,
  parseTagValue: false,
  // One post or many, `post` is always an array.
  isArray: (name) => name === 'post',
})
