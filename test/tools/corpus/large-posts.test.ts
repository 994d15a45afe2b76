/**
 * read_thread_range over posts near the 1 MB line limit: the query read up to 1,001 whole bodies
 * for an answer of 100 KB, and copying them held the event loop ~1 s (150 posts of 1 MB). Posts
 * are read only while they can fit now. The loop and /healthz are measured as in
 * test/gateway/event-loop.test.ts while the call runs.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getThreadRange } from '../../../src/corpus/read.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { loopProbe, type LoopProbe } from '../../support/loop-probe.js'

const POSTS = 60
const LIMIT_MS = 100

let t: TestApp
let probe: LoopProbe
beforeAll(async () => {
  t = await buildTestApp()
  // Made by the database itself: thread 7 holds 60 posts of 1 MB, thread 8 three short ones.
  const run = (query: ReturnType<typeof sql>) => t.app.database.db.execute(query)
  await run(sql`INSERT INTO corpus_threads (id) VALUES (7), (8)`)
  await run(sql`INSERT INTO corpus_posts (id, thread_id, "timestamp", author, body)
    SELECT 7000 + n, 7, timestamp '2020-01-01' + n * interval '1 minute', 'a', repeat(chr(97 + n % 26), 1000000) FROM generate_series(1, ${POSTS}) n`)
  await run(sql`INSERT INTO corpus_posts (id, thread_id, "timestamp", author, body)
    SELECT 8000 + n, 8, timestamp '2020-01-01' + n * interval '1 minute', 'b', 'short ' || n FROM generate_series(1, 3) n`)
  // Thread 9: short bodies under authors and tags of 20 KB, as rows imported before names were limited can be.
  await run(sql`INSERT INTO corpus_threads (id) VALUES (9)`)
  await run(sql`INSERT INTO corpus_posts (id, thread_id, "timestamp", author, body, tags)
    SELECT 9000 + n, 9, timestamp '2020-01-01' + n * interval '1 minute', repeat('n', 20000), 'x', ARRAY[repeat('t', 20000)] FROM generate_series(1, ${POSTS}) n`)
  // Thread 10: ids that fall as time goes on (10004 is the first post, 10001 the last), 40 KB each.
  await run(sql`INSERT INTO corpus_threads (id) VALUES (10)`)
  await run(sql`INSERT INTO corpus_posts (id, thread_id, "timestamp", author, body)
    SELECT 10005 - n, 10, timestamp '2020-01-01' + n * interval '1 minute', 'c', repeat('y', 40000) FROM generate_series(1, 4) n`)
  // Thread 11: ids 1101, 1102, 1110, 1105 in time order (an attacker review), 40 KB each.
  await run(sql`INSERT INTO corpus_threads (id) VALUES (11)`)
  await run(sql`INSERT INTO corpus_posts (id, thread_id, "timestamp", author, body)
    SELECT (ARRAY[1101, 1102, 1110, 1105])[n], 11, timestamp '2020-01-01' + n * interval '1 minute', 'd', repeat('z', 40000) FROM generate_series(1, 4) n`)
  probe = loopProbe(t, await t.app.listen({ host: '127.0.0.1', port: 0 }))
}, 60_000)
afterAll(async () => {
  await probe?.close()
  await t?.close()
})

describe('read_thread_range over posts of 1 MB', () => {
  it('answers the first, shortened, and where to go on, without holding the server', async () => {
    const body = await probe.answersWithin('read_thread_range', { thread_id: 7 }, LIMIT_MS)
    expect(body.count).toBe(1)
    expect(body.posts[0].id).toBe(7001)
    expect(body.posts[0].body).toMatch(/^b+\n?…\[truncated: \d+ bytes omitted\]$/)
    expect(body.messages.join('\n')).toContain('continue with start_post_id=7002')
  }, 60_000)

  it('pages on from start_post_id, one post at a time', async () => {
    const res = await t.call('read_thread_range', { thread_id: 7, start_post_id: 7030 })
    expect(res.body.posts.map((p: { id: number }) => p.id)).toEqual([7030])
    expect(res.body.messages.join('\n')).toContain('continue with start_post_id=7031')
  })

  it('counts authors and tags too: posts are read only while they can fit', async () => {
    const read = await getThreadRange(t.app.database.db, { threadId: 9, limit: 1001, maxBytes: 100_000 })
    expect(read.length).toBeLessThan(6) // 40 KB each: 100 KB fits two; before, all 60 were read
    expect((await getThreadRange(t.app.database.db, { threadId: 9, limit: 1001, maxBytes: 10_000_000 })).length).toBe(POSTS)
  })

  it('does not send a caller round in circles where ids fall as time goes on', async () => {
    const res = await t.call('read_thread_range', { thread_id: 10 })
    expect(res.body.posts.map((p: { id: number }) => p.id)).toEqual([10004, 10003])
    const said = res.body.messages.join('\n')
    // start_post_id=10002 would return 10004 and 10003 again, and name 10002 again.
    expect(said).not.toContain('continue with start_post_id')
    expect(said).toContain('post ids in this range do not follow their order in time, so start_post_id cannot page on from here: the next post is 10002')
  })

  it('does not name a start_post_id that would skip a later post with a lower id', async () => {
    const res = await t.call('read_thread_range', { thread_id: 11 })
    expect(res.body.posts.map((p: { id: number }) => p.id)).toEqual([1101, 1102])
    // start_post_id=1110 would return 1110 and never 1105.
    expect(res.body.messages.join('\n')).toContain('start_post_id cannot page on from here: the next post is 1110')
    // The posts left out are still there to read by range (thread 7 pages by start_post_id as usual).
    const rest = await t.call('read_thread_range', { thread_id: 11, start_post_id: 1105 })
    expect(rest.body.posts.map((p: { id: number }) => p.id)).toEqual([1110, 1105])
    expect(rest.body.messages).toEqual([])
  })

  it('answers a thread of short posts whole (positive control)', async () => {
    const res = await t.call('read_thread_range', { thread_id: 8 })
    expect(res.body).toMatchObject({ count: 3, posts: [{ body: 'short 1' }, { body: 'short 2' }, { body: 'short 3' }] })
    expect(res.body.messages).toEqual([])
  })
})
