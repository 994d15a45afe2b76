/**
 * POST /v1/corpus/import on the real app: bad lines reported by number and reason while good ones
 * are kept, idempotency and updates on re-import, thread counts and positions, progress streaming,
 * the size cap, media types and scopes.
 */
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { clearCorpus, importBody, ndjson, post, storedPosts, storedThreads } from './helpers.js'
import { IMPORT_DEFAULTS } from '../../../src/corpus/import.js'
import { formatPretty } from '../../../src/logging/logger.js'
import { loadConfig } from '../../../src/config.js'

const BATCH = IMPORT_DEFAULTS.batchSize

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())
beforeEach(async () => clearCorpus(t))

describe('validation of each line', () => {
  it('rejects bad lines by number with the reason, keeps the good ones and changes nothing else', async () => {
    // A post imported earlier must come out of a bad import exactly as it was.
    await importBody(t, ndjson([post(500, 9, 0, { body: 'already here' })]))
    const before = await storedPosts(t)

    const lines = [
      JSON.stringify(post(1, 7, 1)), //                                            1 ok
      '{"id": 2, "thread_id": 7, "timestamp": ', //                                 2 invalid JSON
      JSON.stringify({ ...post(3, 7, 3), id: 0 }), //                              3
      JSON.stringify({ ...post(4, 7, 4), id: '4' }), //                            4
      JSON.stringify({ ...post(5, 7, 5), id: 2 ** 53 }), //                        5
      JSON.stringify({ ...post(6, 7, 6), thread_id: undefined }), //               6
      JSON.stringify({ ...post(7, 7, 7), timestamp: '2014-02-30T00:00:00Z' }), //  7
      JSON.stringify({ ...post(8, 7, 8), timestamp: 'yesterday' }), //             8
      JSON.stringify({ ...post(9, 7, 9), author: '' }), //                         9
      JSON.stringify({ ...post(10, 7, 10), body: 42 }), //                         10
      JSON.stringify({ ...post(11, 7, 11), tags: 'qm_post' }), //                  11
      JSON.stringify({ ...post(12, 7, 12), tags: ['qm_post', 3] }), //             12
      '[1, 2, 3]', //                                                               13
      '', //                                                                        14 blank: skipped, not rejected
      JSON.stringify({ ...post(15, 7, 15), body: 'a\u0000b' }), //                 15
      JSON.stringify({ ...post(16, 7, 16), id: 1.5 }), //                          16
      JSON.stringify(post(17, 7, 17, { tags: ['qm_post', 'story_post'] })), //     17 ok
      JSON.stringify({ ...post(18, 7, 18), timestamp: '2014-02-16T01:02:03' }), // 18 ok: no offset reads as UTC
    ]
    const res = await importBody(t, lines.join('\n'))
    expect(res.statusCode, res.text).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', lines: 18, inserted: 3, updated: 0, unchanged: 0, rejected: 14, threads: 1 })
    const errors = res.body.errors as { line: number; error: string }[]
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16])
    const reason = Object.fromEntries(errors.map((e) => [e.line, e.error]))
    expect(reason[2]).toMatch(/^invalid JSON/)
    expect(reason[3]).toBe(`id must be a positive integer of at most ${Number.MAX_SAFE_INTEGER}, got 0`)
    expect(reason[4]).toBe('id must be a positive integer, got the string "4"')
    expect(reason[5]).toMatch(/^id must be a positive integer of at most 9007199254740991/)
    expect(reason[6]).toBe('thread_id is required')
    expect(reason[7]).toMatch(/^timestamp must be an ISO 8601 date-time.*2014-02-30/)
    expect(reason[8]).toMatch(/^timestamp must be an ISO 8601 date-time.*yesterday/)
    expect(reason[9]).toBe('author must be a non-empty string, got the string ""')
    expect(reason[10]).toBe('body must be a string, got a number')
    expect(reason[11]).toBe('tags must be an array of strings, got the string "qm_post"')
    expect(reason[12]).toBe('tags[1] must be a non-empty string, got a number')
    expect(reason[13]).toBe('expected a JSON object (one post per line), got an array')
    expect(reason[15]).toMatch(/body contains a NUL character/)
    expect(reason[16]).toMatch(/^id must be a positive integer .* got 1.5/)

    const after = await storedPosts(t)
    expect(after.map((p) => p.id)).toEqual([1, 17, 18, 500])
    expect(after.find((p) => p.id === 500)).toEqual(before[0])
    expect(after.find((p) => p.id === 17)).toMatchObject({ thread_id: 7, tags: ['qm_post', 'story_post'], author: 'Anon' })
    expect(after.find((p) => p.id === 18)?.ts).toBe('2014-02-16T01:02:03.000')
  })

  it('rejects an over-long line and a line of bad UTF-8 by number without breaking the stream', async () => {
    const long = JSON.stringify(post(2, 7, 2, { body: 'x'.repeat(1024 * 1024 + 10) }))
    const payload = Buffer.concat([
      Buffer.from(`${JSON.stringify(post(1, 7, 1))}\n${long}\n`),
      Buffer.from('{"id": 3, "thread_id": 7, "timestamp": "2014-02-16T00:03:00Z", "author": "Anon", "body": "bad \xff byte"}\n', 'latin1'),
      Buffer.from(`${JSON.stringify(post(4, 7, 4))}\r\n${JSON.stringify(post(5, 7, 5))}`), // CRLF, and no final newline
    ])
    const res = await importBody(t, payload)
    expect(res.statusCode, res.text).toBe(200)
    expect(res.body).toMatchObject({ lines: 5, inserted: 3, rejected: 2 })
    expect(res.body.errors).toEqual([
      { line: 2, error: 'line is longer than 1048576 bytes' },
      { line: 3, error: 'line is not valid UTF-8' },
    ])
    expect((await storedPosts(t)).map((p) => p.id)).toEqual([1, 4, 5])
  })

  it('accepts timestamps with offsets and fractions, stored in UTC', async () => {
    const res = await importBody(
      t,
      ndjson([
        post(1, 7, 0, { timestamp: '2014-02-16T02:24:30+01:00' }),
        post(2, 7, 0, { timestamp: '2014-02-16T01:24:30.25Z' }),
        post(3, 7, 0, { timestamp: '2014-02-15T20:24:30-0500' }),
      ]),
    )
    expect(res.body).toMatchObject({ inserted: 3, rejected: 0 })
    expect((await storedPosts(t)).map((p) => p.ts)).toEqual(['2014-02-16T01:24:30.000', '2014-02-16T01:24:30.250', '2014-02-16T01:24:30.000'])
  })

  it('stores tags and text exactly, whatever characters they hold', async () => {
    const tags = ['qm_post', 'say "hi"', 'back\\slash', '{braces}', 'two words', 'NULL', 'ünï', '🔥']
    const body = 'quotes " and \\ backslash, {braces}, <xml> & 🔥\n\ttabbed'
    const res = await importBody(t, ndjson([post(1, 7, 1, { tags, body, author: 'Soma "the QM"' })]))
    expect(res.body).toMatchObject({ inserted: 1, rejected: 0 })
    expect((await storedPosts(t))[0]).toMatchObject({ tags, body, author: 'Soma "the QM"' })
    // And it is the same post on the next import.
    expect((await importBody(t, ndjson([post(1, 7, 1, { tags, body, author: 'Soma "the QM"' })]))).body).toMatchObject({ unchanged: 1 })
  })

  it('reads every line as JSON.parse reads it: repeated keys (the last wins), escaped keys, 1e3, extra fields', async () => {
    const lines = [
      '{"id": 1e3, "thread_id": 7.0, "timestamp": "2014-02-16T01:00:00", "author": "Anon", "body": "first", "body": "second", "extra": {"deep": [1, 2]}}',
      '{"id": 1001, "thread_id": 7, "timestamp": "2014-02-16T01:01:00Z", "author": "Soma", "\\u0062ody": "escaped key", "tags": ["qm_post"], "tags": ["story_post"]}  ',
      '{"id": 1002, "thread_id": 7, "timestamp": "2014-02-16T01:02:00Z", "author": "Soma", "body": "a \\"quoted\\" } brace", "id": 1003}',
    ]
    const res = await importBody(t, lines.join('\n'))
    expect(res.body).toMatchObject({ inserted: 3, rejected: 0 })
    const stored = await storedPosts(t)
    expect(stored.map((p) => [p.id, p.thread_id, p.body, p.tags])).toEqual([
      [1000, 7, 'second', []],
      [1001, 7, 'escaped key', ['story_post']],
      [1003, 7, 'a "quoted" } brace', []],
    ])
    expect(stored[0].ts).toBe('2014-02-16T01:00:00.000')
  })

  it('when the database refuses a post the rules let through, finds it, reports it, and keeps the rest of its batch', async () => {
    // A real refusal from Postgres (a CHECK constraint in this test's own database), not a mock.
    await t.app.database.db.execute(sql`ALTER TABLE corpus_posts ADD CONSTRAINT test_no_forbidden CHECK (body <> 'forbidden')`)
    try {
      const lines = Array.from({ length: 10 }, (_, i) => post(i + 1, 7, i, i === 6 ? { body: 'forbidden' } : {}))
      const res = await importBody(t, ndjson(lines))
      expect(res.statusCode).toBe(200)
      expect(res.body).toMatchObject({ inserted: 9, rejected: 1 })
      expect(res.body.errors).toHaveLength(1)
      expect(res.body.errors[0].line).toBe(7)
      expect(res.body.errors[0].error).toMatch(/^the database refused this post: .*test_no_forbidden/)
      expect((await storedPosts(t)).map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10])
    } finally {
      await t.app.database.db.execute(sql`ALTER TABLE corpus_posts DROP CONSTRAINT test_no_forbidden`)
    }
  })

  it('keeps only the first 100 errors but counts them all', async () => {
    const res = await importBody(t, `${Array.from({ length: 150 }, (_, i) => `not json ${i}`).join('\n')}\n${JSON.stringify(post(1, 7, 1))}\n`)
    expect(res.body).toMatchObject({ lines: 151, rejected: 150, inserted: 1 })
    expect(res.body.errors).toHaveLength(100)
    expect(res.body.errors[99].line).toBe(100)
  })
})

describe('idempotency', () => {
  const file = [post(1, 7, 1), post(2, 7, 2, { tags: ['qm_post'] }), post(3, 8, 3), post(4, 8, 4)]

  it('re-importing the same file changes nothing; a changed post is updated', async () => {
    const first = await importBody(t, ndjson(file))
    expect(first.body).toMatchObject({ inserted: 4, updated: 0, unchanged: 0, threads: 2 })
    const stored = await storedPosts(t)

    const again = await importBody(t, ndjson(file))
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 4, rejected: 0 })
    // Not even rewritten: imported_at is untouched.
    expect(await storedPosts(t)).toEqual(stored)

    // The same instant written with an offset is the same post.
    const sameInstant = { ...file[0], timestamp: '2014-02-16T01:01:00+01:00' }
    const changed = [sameInstant, { ...file[1], body: 'Edited: the vatis sees.' }, { ...file[2], tags: ['story_post'] }, file[3], post(5, 8, 5)]
    const third = await importBody(t, ndjson(changed))
    expect(third.body).toMatchObject({ inserted: 1, updated: 2, unchanged: 2 })
    const now = await storedPosts(t)
    expect(now.find((p) => p.id === 2)?.body).toBe('Edited: the vatis sees.')
    expect(now.find((p) => p.id === 3)?.tags).toEqual(['story_post'])
    expect(now.find((p) => p.id === 1)?.imported_at).toBe(stored[0].imported_at)
  })

  it('applies lines in file order: the last line for an id wins, inside a batch and across batches', async () => {
    const many = Array.from({ length: BATCH + 1000 }, (_, i) => post(i + 1, 10 + (i % 5), i))
    const lines = [post(1, 10, 0, { body: 'first' }), post(1, 10, 0, { body: 'second' }), ...many.slice(1), post(1, 10, 0, { body: 'last' })]
    const res = await importBody(t, ndjson(lines))
    expect(res.body).toMatchObject({ inserted: BATCH + 1000, updated: 2, unchanged: 0, rejected: 0 })
    const p1 = (await storedPosts(t)).find((p) => p.id === 1)
    expect(p1?.body).toBe('last')
  })
})

describe('threads', () => {
  it('refreshes counts and first/last post times, and numbers positions by first post, then id', async () => {
    const res = await importBody(
      t,
      ndjson([
        post(1, 300, 0),
        post(2, 300, 50),
        post(3, 100, 20),
        post(4, 100, 30),
        post(5, 100, 40),
        post(6, 200, 10),
        post(7, 160, 15),
        post(8, 150, 15), // same first post time: the lower thread id first
      ]),
    )
    expect(res.body).toMatchObject({ inserted: 8, threads: 5 })
    expect(await storedThreads(t)).toEqual([
      { id: 300, position: 1, post_count: 2, first: '2014-02-16T00:00:00', last: '2014-02-16T00:50:00' },
      { id: 200, position: 2, post_count: 1, first: '2014-02-16T00:10:00', last: '2014-02-16T00:10:00' },
      { id: 150, position: 3, post_count: 1, first: '2014-02-16T00:15:00', last: '2014-02-16T00:15:00' },
      { id: 160, position: 4, post_count: 1, first: '2014-02-16T00:15:00', last: '2014-02-16T00:15:00' },
      { id: 100, position: 5, post_count: 3, first: '2014-02-16T00:20:00', last: '2014-02-16T00:40:00' },
    ])

    // An earlier post moves thread 100 to the front; a post moved out of thread 200 empties it.
    await importBody(t, ndjson([post(9, 100, 0, { timestamp: '2014-02-15T23:00:00Z' }), post(6, 150, 10)]))
    expect(await storedThreads(t)).toEqual([
      { id: 100, position: 1, post_count: 4, first: '2014-02-15T23:00:00', last: '2014-02-16T00:40:00' },
      { id: 300, position: 2, post_count: 2, first: '2014-02-16T00:00:00', last: '2014-02-16T00:50:00' },
      { id: 150, position: 3, post_count: 2, first: '2014-02-16T00:10:00', last: '2014-02-16T00:15:00' },
      { id: 160, position: 4, post_count: 1, first: '2014-02-16T00:15:00', last: '2014-02-16T00:15:00' },
    ])
  })
})

describe('progress', () => {
  it('streams NDJSON progress after every batch and a final done line when asked', async () => {
    const total = 2 * BATCH + 500
    const res = await importBody(t, ndjson(Array.from({ length: total }, (_, i) => post(i + 1, 1 + (i % 3), i))), { accept: 'application/x-ndjson' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/)
    const events = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const progress = events.filter((e) => e.event === 'progress')
    expect(progress).toHaveLength(3) // two full batches and 500
    // Cumulative: two batches are in flight at once, so the middle figure may be BATCH + 500 or 2 × BATCH.
    const inserted = progress.map((p) => p.inserted)
    expect(inserted[0]).toBe(BATCH)
    expect(inserted[1]).toBeGreaterThan(inserted[0])
    expect(inserted[2]).toBe(total)
    for (const p of progress) expect(Object.keys(p).sort()).toEqual(['event', 'inserted', 'lines', 'rejected', 'unchanged', 'updated'])
    const done = events[events.length - 1]
    expect(done).toMatchObject({ event: 'done', status: 'ok', lines: total, inserted: total, updated: 0, unchanged: 0, rejected: 0, errors: [], threads: 3 })
    expect(done.duration_ms).toBeGreaterThanOrEqual(0)
    expect(done.posts_per_second).toBeGreaterThan(0)
    // And the log has it too.
    const logged = t.logs.records().filter((r) => r.corpus_import)
    // The numbers are in the message as well as in fields, so that the pretty format shows them too.
    const progressLine = logged.find((r) => r.msg.startsWith('corpus import progress: ') && r.corpus_import.inserted >= 500)
    const c = progressLine!.corpus_import
    expect(progressLine!.msg).toBe(
      `corpus import progress: ${c.lines} lines, ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.rejected} rejected`,
    )
    const doneLine = logged.find((r) => r.msg.startsWith('corpus import done: ') && r.corpus_import.inserted === total)
    expect(doneLine!.msg).toMatch(
      new RegExp(`^corpus import done: ${total} lines, ${total} inserted, 0 updated, 0 unchanged, 0 rejected, 3 threads in \\d+ ms \\(\\d+ posts/s\\)$`),
    )
    expect(formatPretty(progressLine!)).toContain(`corpus import progress: ${c.lines} lines, ${c.inserted} inserted`)
  })

  it('reads a chunked upload over real HTTP as it streams, answering progress as it goes', async () => {
    // The app closes the listener with everything else in afterAll.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const lines = Array.from({ length: 2 * BATCH }, (_, i) => `${JSON.stringify(post(i + 1, 4, i))}\n`)
    async function* chunks() {
      for (let i = 0; i < lines.length; i += 250) {
        yield Buffer.from(lines.slice(i, i + 250).join(''))
        await new Promise((r) => setTimeout(r, 2))
      }
    }
    const res = await fetch(`${base}/v1/corpus/import`, {
      method: 'POST',
      body: Readable.from(chunks()) as unknown as BodyInit,
      duplex: 'half',
      headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/x-ndjson', accept: 'application/x-ndjson' },
    } as RequestInit)
    expect(res.status).toBe(200)
    expect(res.headers.get('transfer-encoding')).toBe('chunked')
    const events = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(events.filter((e) => e.event === 'progress')).toHaveLength(2)
    expect(events.at(-1)).toMatchObject({ event: 'done', lines: 2 * BATCH, inserted: 2 * BATCH })
  })

  it('answers one JSON summary without the Accept header', async () => {
    const res = await importBody(t, ndjson([post(1, 7, 1)]))
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(Object.keys(res.body).sort()).toEqual([
      'duration_ms',
      'errors',
      'inserted',
      'lines',
      'posts_per_second',
      'rejected',
      'status',
      'threads',
      'unchanged',
      'updated',
    ])
  })
})

describe('requests', () => {
  it('refuses an empty body with 400, also when streaming progress', async () => {
    for (const [payload, accept] of [
      ['', undefined],
      ['\n\n  \n', undefined],
      ['', 'application/x-ndjson'],
    ] as const) {
      const res = await importBody(t, payload, { accept })
      expect(res.statusCode).toBe(400)
      expect(res.body).toMatchObject({ status: 'error', error_code: 'INVALID_REQUEST' })
      expect(res.body.error_message).toMatch(/empty/)
    }
  })

  it('accepts application/jsonl and text/plain, refuses JSON and other types with 415', async () => {
    expect((await importBody(t, ndjson([post(1, 7, 1)]), { contentType: 'application/jsonl' })).body.inserted).toBe(1)
    expect((await importBody(t, ndjson([post(2, 7, 2)]), { contentType: 'text/plain; charset=utf-8' })).body.inserted).toBe(1)
    for (const contentType of ['application/json', 'application/octet-stream']) {
      const res = await importBody(t, ndjson([post(3, 7, 3)]), { contentType })
      expect(res.statusCode).toBe(415)
      expect(res.body).toMatchObject({ error_code: 'UNSUPPORTED_MEDIA_TYPE' })
      expect(res.body.error_message).toMatch(/application\/x-ndjson/)
    }
    expect((await storedPosts(t)).map((p) => p.id)).toEqual([1, 2])
  })

  it('needs the write scope: a read key is refused, no key is 401, and nothing is imported', async () => {
    const readKey = await t.key(['read'])
    const refused = await importBody(t, ndjson([post(1, 7, 1)]), { key: readKey })
    expect(refused.statusCode).toBe(403)
    expect(refused.body).toMatchObject({ error_code: 'SCOPE_REQUIRED', details: { required_scope: 'write' } })
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/corpus/import',
      headers: { 'content-type': 'application/x-ndjson' },
      payload: ndjson([post(1, 7, 1)]),
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await storedPosts(t)).toEqual([])
    const writeKey = await t.key(['write'])
    expect((await importBody(t, ndjson([post(1, 7, 1)]), { key: writeKey })).body.inserted).toBe(1)
  })
})

describe('size cap (TOOLGATE_IMPORT_MAX_BYTES)', () => {
  let small: TestApp
  beforeAll(async () => {
    small = await buildTestApp({ env: { TOOLGATE_IMPORT_MAX_BYTES: '2048' } })
  })
  afterAll(async () => small?.close())
  const big = ndjson(Array.from({ length: 40 }, (_, i) => post(i + 1, 7, i)))

  it('refuses a declared Content-Length over the cap before reading anything', async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(2048)
    const res = await importBody(small, big)
    expect(res.statusCode).toBe(413)
    expect(res.body).toMatchObject({ error_code: 'PAYLOAD_TOO_LARGE' })
    expect(res.body.error_message).toMatch(/2048 byte limit \(TOOLGATE_IMPORT_MAX_BYTES\)/)
    expect(await storedPosts(small)).toEqual([])
  })

  it('stops a streamed body of unknown length at the cap', async () => {
    const chunks = big.match(/[^\n]*\n/g)!
    const res = await importBody(small, Readable.from(chunks.map((c) => Buffer.from(c))))
    expect(res.statusCode).toBe(413)
    expect(res.body).toMatchObject({ error_code: 'PAYLOAD_TOO_LARGE', details: { inserted: 0 } })
    expect(typeof res.body.details.lines).toBe('number')
    expect(await storedPosts(small)).toEqual([])
  })

  it('over real HTTP, a chunked upload crossing the cap gets its 413, not a reset connection', async () => {
    const base = await small.app.listen({ port: 0, host: '127.0.0.1' })
    const lines = big.match(/[^\n]*\n/g)!
    async function* chunks() {
      for (const l of lines) {
        yield Buffer.from(l)
        await new Promise((r) => setTimeout(r, 1))
      }
    }
    const res = await fetch(`${base}/v1/corpus/import`, {
      method: 'POST',
      body: Readable.from(chunks()) as unknown as BodyInit,
      duplex: 'half',
      headers: { authorization: `Bearer ${small.adminKey}`, 'content-type': 'application/x-ndjson' },
    } as RequestInit)
    expect(res.status).toBe(413)
    const body = (await res.json()) as Record<string, any>
    expect(body).toMatchObject({ error_code: 'PAYLOAD_TOO_LARGE', details: { inserted: 0 } })
    // The cap was crossed part-way: some lines had been read, not all 40.
    expect(body.details.lines).toBeGreaterThan(0)
    expect(body.details.lines).toBeLessThan(40)
  })

  it('is validated at start: 1 KiB to 1 TiB, 1 GiB by default', () => {
    expect(loadConfig({}).importMaxBytes).toBe(1024 ** 3)
    expect(loadConfig({ TOOLGATE_IMPORT_MAX_BYTES: '1024' }).importMaxBytes).toBe(1024)
    for (const bad of ['1023', '1.5', 'lots', String(1024 ** 4 + 1)]) {
      expect(() => loadConfig({ TOOLGATE_IMPORT_MAX_BYTES: bad })).toThrow(`TOOLGATE_IMPORT_MAX_BYTES="${bad}" must be an integer from 1024 to ${1024 ** 4}`)
    }
  })

  it('takes a body under the cap', async () => {
    const res = await importBody(small, ndjson([post(1, 7, 1), post(2, 7, 2)]))
    expect(res.body).toMatchObject({ status: 'ok', inserted: 2 })
  })
})
