/** read_thread_range through the app, in JSON and in the seed's XML: ranges, tag filter, errors, paging. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { xmlParser } from './helpers.js'
import { LONG, SPECIAL_BODY, THREAD_900, loadFixture } from './fixture.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  await loadFixture(t)
})
afterAll(async () => t?.close())

const XML = { accept: 'application/xml' }
const ids = (body: { posts: { id: number }[] }) => body.posts.map((p) => p.id)
const range = (args: Record<string, unknown>, headers?: Record<string, string>) => t.call('read_thread_range', args, { headers })

describe('read_thread_range', () => {
  it('returns a whole thread in reading order as {id, count, posts}', async () => {
    const res = await range({ thread_id: 900 })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', id: 900, count: 7 })
    expect(ids(res.body)).toEqual(THREAD_900)
    expect(res.body.posts[3]).toEqual({ id: 103, author: 'Soma', timestamp: '2014-02-16T00:12:00Z', tags: ['qm_post'], body: SPECIAL_BODY })
  })

  it('answers <corpus_thread id count><post id author tags>body</post></corpus_thread> in XML', async () => {
    const res = await range({ thread_id: 900 }, XML)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    const root = xmlParser.parse(res.body).corpus_thread
    expect(root).toMatchObject({ '@id': '900', '@count': '7' })
    expect(root.post.map((p: Record<string, string>) => p['@id'])).toEqual(THREAD_900.map(String))
    for (const p of root.post)
      expect(
        Object.keys(p)
          .filter((k) => k.startsWith('@'))
          .sort(),
      ).toEqual(['@author', '@id', '@tags'])
    expect(root.post[0]).toMatchObject({ '@author': 'Soma', '@tags': 'qm_post,story_post', '#text': 'The well stones of Hollowmere have gone cold.' })
    expect(root.post[2]['@tags']).toBe('')
    expect(root.post[3]['#text']).toBe(SPECIAL_BODY)
  })

  it.each([
    [{ start_post_id: 103, end_post_id: 105 }, [104, 103, 105]],
    [{ start_post_id: 105 }, [105, 107, 106]],
    [{ end_post_id: 102 }, [101, 102]],
    [{ start_post_id: 104, end_post_id: 104 }, [104]],
    [{ start_post_id: 1, end_post_id: 101 }, [101]],
    [{ start_post_id: 106, end_post_id: 5000 }, [107, 106]],
    [{ start_post_id: 108 }, []],
    [{ end_post_id: 100 }, []],
  ])('range %j, both ends inclusive', async (args, expected) => {
    const res = await range({ thread_id: 900, ...args })
    expect(res.statusCode).toBe(200)
    expect(res.body.count).toBe(expected.length)
    expect(ids(res.body)).toEqual(expected)
  })

  it('a range that matches nothing is count 0, in XML too', async () => {
    const res = await range({ thread_id: 900, start_post_id: 5000 }, XML)
    expect(res.statusCode).toBe(200)
    const root = xmlParser.parse(res.body).corpus_thread
    expect(root).toMatchObject({ '@id': '900', '@count': '0' })
    expect(root.post).toBeUndefined()
  })

  it.each([
    [{ tag_filter: 'qm_post' }, [101, 103, 107]],
    [{ tag_filter: 'story_post' }, [101, 107]],
    [{ tag_filter: 'vote', start_post_id: 103 }, [105]],
    [{ tag_filter: 'qm_post', start_post_id: 102, end_post_id: 106 }, [103]],
    [{ tag_filter: 'QM_POST' }, []],
    [{ tag_filter: 'qm' }, []],
  ])('tag filter %j: exact tags only', async (args, expected) => {
    const res = await range({ thread_id: 900, ...args })
    expect(ids(res.body)).toEqual(expected)
    expect(res.body.posts.every((p: { tags: string[] }) => p.tags.includes(args.tag_filter))).toBe(true)
  })

  it('an empty tag filter filters nothing and says so', async () => {
    const res = await range({ thread_id: 900, tag_filter: '' })
    expect(ids(res.body)).toEqual(THREAD_900)
    expect(res.body.messages.join(' ')).toMatch(/tag_filter is empty/)
  })

  it('start after end is a 400 with a clear message; nothing is read', async () => {
    const res = await range({ thread_id: 900, start_post_id: 106, end_post_id: 102 })
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({ error_code: 'VALIDATION_ERROR' })
    expect(res.body.error_message).toBe(
      'start_post_id (106) is greater than end_post_id (102); the range is inclusive and runs from the lower id to the higher',
    )
  })

  it('unknown thread: 404 THREAD_NOT_FOUND, in JSON and XML', async () => {
    const res = await range({ thread_id: 30265887 })
    expect(res.statusCode).toBe(404)
    expect(res.body).toMatchObject({ error_code: 'THREAD_NOT_FOUND', error_message: 'No thread with id 30265887 in the corpus' })
    const xml = await range({ thread_id: 30265887 }, XML)
    expect(xmlParser.parse(xml.body).error).toMatchObject({ '@code': 'THREAD_NOT_FOUND', '@status': '404' })
  })

  it.each([
    [{}, 'Missing required parameter: thread_id'],
    [{ thread_id: '900' + 'x' }, 'Invalid type for thread_id: expected integer'],
    [{ thread_id: 0 }, 'Value for thread_id is below minimum: 1'],
    [{ thread_id: 900, start_post_id: -3 }, 'Value for start_post_id is below minimum: 1'],
    [{ thread_id: 900, end_post_id: 2 ** 53 }, `Value for end_post_id exceeds maximum: ${Number.MAX_SAFE_INTEGER}`],
    [{ thread_id: 900, tag_filter: ['qm_post'] }, 'Invalid type for tag_filter: expected string'],
  ])('refuses bad input %j', async (body, message) => {
    const res = await range(body)
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toContain(message)
  })

  it('keeps whole posts within X-Max-Output-Size and names the post to continue from', async () => {
    const res = await range({ thread_id: 903 }, { 'x-max-output-size': '8000' })
    expect(res.statusCode).toBe(200)
    expect(res.body.count).toBe(2)
    expect(ids(res.body)).toEqual([401, 402])
    expect(res.body.posts.map((p: { body: string }) => p.body)).toEqual([LONG[0].body, LONG[1].body])
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThanOrEqual(8000)
    expect(res.body.messages.join(' ')).toMatch(/2 returned; continue with start_post_id=403/)
    const next = await range({ thread_id: 903, start_post_id: 403 }, { 'x-max-output-size': '8000' })
    expect(ids(next.body)).toEqual([403, 404])
  })

  it('shortens a single post larger than the limit rather than answer nothing', async () => {
    const res = await range({ thread_id: 903, start_post_id: 401, end_post_id: 401 }, { 'x-max-output-size': '2000' })
    expect(res.body.count).toBe(1)
    expect(res.body.posts[0].body).toMatch(/^401: The vatis sees[\s\S]*…\[truncated: \d+ bytes omitted\]$/)
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThanOrEqual(2000)
    expect(res.body.messages.join(' ')).toMatch(/Post 401 is longer than X-Max-Output-Size/)
  })
})
