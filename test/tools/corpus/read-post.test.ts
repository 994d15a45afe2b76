/** read_post through the app, in JSON and in the seed's XML: single posts, adjacency at thread edges, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { xmlParser } from './helpers.js'
import { FIXTURE, LONG, SPECIAL_BODY, loadFixture } from './fixture.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  await loadFixture(t)
})
afterAll(async () => t?.close())

const XML = { accept: 'application/xml' }
const ids = (body: { posts: { id: number }[] }) => body.posts.map((p) => p.id)

describe('read_post', () => {
  it('returns one post as JSON: id, thread_id, timestamp, author, tags, body', async () => {
    const res = await t.call('read_post', { post_id: 103 })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    const { status, execution_id, duration_ms, messages, ...post } = res.body
    expect(status).toBe('ok')
    expect(execution_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(typeof duration_ms).toBe('number')
    expect(messages ?? []).toEqual([])
    expect(post).toEqual({ id: 103, thread_id: 900, timestamp: '2014-02-16T00:12:00Z', author: 'Soma', tags: ['qm_post'], body: SPECIAL_BODY })
  })

  it('answers <corpus_post id thread_id timestamp author><body>…</body></corpus_post> in XML', async () => {
    const res = await t.call('read_post', { post_id: 103 }, { headers: XML })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    const doc = xmlParser.parse(res.body)
    expect(Object.keys(doc).filter((k) => k !== '?xml')).toEqual(['corpus_post'])
    const el = doc.corpus_post
    expect(Object.keys(el).sort()).toEqual(['@author', '@id', '@thread_id', '@timestamp', 'body'])
    expect(el).toMatchObject({ '@id': '103', '@thread_id': '900', '@timestamp': '2014-02-16T00:12:00Z', '@author': 'Soma' })
    // Escaped on the way out, the same text on the way back in.
    expect(el.body).toBe(SPECIAL_BODY)
    expect(res.body).toContain('&lt;b&gt;vys&lt;/b&gt; &amp;')
  })

  it('with include_adjacent: two before and two after in reading order, the centre marked', async () => {
    const res = await t.call('read_post', { post_id: 103, include_adjacent: true })
    expect(res.statusCode).toBe(200)
    expect(res.body.center_id).toBe(103)
    // Reading order is timestamp, then id: 104 precedes 103, and 105 precedes 107 (same minute).
    expect(ids(res.body)).toEqual([102, 104, 103, 105, 107])
    expect(res.body.posts.filter((p: { center?: boolean }) => p.center).map((p: { id: number }) => p.id)).toEqual([103])
    expect(res.body.posts[0]).toEqual({
      id: 102,
      thread_id: 900,
      author: 'Anon',
      timestamp: '2014-02-16T00:05:00Z',
      tags: ['vote'],
      body: '[X] Search the study',
    })
    expect(res.body.posts[2]).toMatchObject({ id: 103, center: true, body: SPECIAL_BODY })
  })

  it.each([
    [101, [101, 102, 104]],
    [102, [101, 102, 104, 103]],
    [107, [103, 105, 107, 106]],
    [106, [105, 107, 106]],
    [301, [301]],
    [201, [201, 202]],
  ])('at the edges of a thread: around post %i', async (id, expected) => {
    const res = await t.call('read_post', { post_id: id, include_adjacent: true })
    expect(ids(res.body)).toEqual(expected)
    const thread = FIXTURE.find((p) => p.id === id)!.thread_id
    expect(res.body.posts.every((p: { thread_id: number }) => p.thread_id === thread)).toBe(true)
  })

  it('answers <corpus_posts center_id><post id thread_id author [center]>…</post></corpus_posts> in XML', async () => {
    const res = await t.call('read_post', { post_id: 103, include_adjacent: true }, { headers: XML })
    const doc = xmlParser.parse(res.body)
    const root = doc.corpus_posts
    expect(root['@center_id']).toBe('103')
    expect(root.post.map((p: Record<string, string>) => p['@id'])).toEqual(['102', '104', '103', '105', '107'])
    for (const p of root.post) {
      const attrs = Object.keys(p)
        .filter((k) => k.startsWith('@'))
        .sort()
      expect(attrs).toEqual(p['@id'] === '103' ? ['@author', '@center', '@id', '@thread_id'] : ['@author', '@id', '@thread_id'])
      expect(p['@thread_id']).toBe('900')
    }
    expect(root.post[2]).toMatchObject({ '@center': 'true', '@author': 'Soma', '#text': SPECIAL_BODY })
    expect(root.post[0]['#text']).toBe('[X] Search the study')
  })

  it('include_adjacent false is the single post', async () => {
    const res = await t.call('read_post', { post_id: 301, include_adjacent: false })
    expect(res.body).toMatchObject({ id: 301, thread_id: 902, body: 'A thread of one post.' })
    expect(res.body.posts).toBeUndefined()
  })

  it('unknown post: 404 POST_NOT_FOUND, in JSON and in XML, with or without adjacency', async () => {
    for (const include_adjacent of [false, true]) {
      const res = await t.call('read_post', { post_id: 999, include_adjacent })
      expect(res.statusCode).toBe(404)
      expect(res.body).toMatchObject({ status: 'error', error_code: 'POST_NOT_FOUND', error_message: 'No post with id 999 in the corpus' })
    }
    const xml = await t.call('read_post', { post_id: 999 }, { headers: XML })
    expect(xml.statusCode).toBe(404)
    expect(xmlParser.parse(xml.body).error).toMatchObject({ '@code': 'POST_NOT_FOUND', '@status': '404' })
  })

  it.each([
    [{}, 'Missing required parameter: post_id'],
    [{ post_id: 'abc' }, 'Invalid type for post_id: expected integer'],
    [{ post_id: 1.5 }, 'Invalid type for post_id: expected integer'],
    [{ post_id: 0 }, 'Value for post_id is below minimum: 1'],
    [{ post_id: 2 ** 53 }, `Value for post_id exceeds maximum: ${Number.MAX_SAFE_INTEGER}`],
    [{ post_id: 103, include_adjacent: 'sure' }, 'Invalid type for include_adjacent: expected boolean'],
  ])('refuses bad input %j', async (body, message) => {
    const res = await t.call('read_post', body)
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({ error_code: 'VALIDATION_ERROR' })
    expect(res.body.error_message).toContain(message)
  })

  it('needs the read scope', async () => {
    const writeOnly = await t.key(['write'])
    const res = await t.call('read_post', { post_id: 103 }, { key: writeOnly })
    expect(res.statusCode).toBe(403)
    const reader = await t.key(['read'])
    expect((await t.call('read_post', { post_id: 103 }, { key: reader })).body.id).toBe(103)
  })

  it('fits a window of long posts in X-Max-Output-Size, shortening the neighbours first', async () => {
    const res = await t.call('read_post', { post_id: 403, include_adjacent: true }, { headers: { 'x-max-output-size': '9000' } })
    expect(res.statusCode).toBe(200)
    expect(ids(res.body)).toEqual([401, 402, 403, 404, 405])
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThanOrEqual(9000)
    const centre = res.body.posts[2]
    expect(centre.body).toBe(LONG[2].body) // the centre is whole: shortening the others was enough
    const cut = res.body.posts.filter((p: { body: string }) => /…\[truncated: \d+ bytes omitted\]$/.test(p.body))
    expect(cut.length).toBeGreaterThan(0)
    for (const p of cut) expect(LONG.find((l) => l.id === p.id)!.body.startsWith(p.body.split('\n…[truncated')[0])).toBe(true)
    expect(res.body.messages.join(' ')).toMatch(/shortened to fit X-Max-Output-Size \(9000 bytes\)/)
  })
})
