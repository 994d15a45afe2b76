/**
 * Seed 004 `read_thread_range`: the posts of one thread whose ids lie between start_post_id and
 * end_post_id (both inclusive, both optional), optionally only those with a tag, in reading order.
 * An answer holds whole posts up to the caller's output limit (and at most 1,000); when more
 * match, a warning names the post to continue from.
 */
import { Type } from 'typebox'
import { getThreadRange, lowerIdLater, threadExists } from '../../corpus/read.js'
import { fail } from '../../errors.js'
import { el } from '../../lib/xml.js'
import { defineTool } from '../define.js'
import { fitRange } from './support/fit.js'
import { READING_POSITION_RULE, remember } from './support/position.js'

const MAX_POSTS = 1000
const Id = (description: string) => Type.Integer({ description, minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/**
 * Where a caller goes on from: start_post_id=next's id returns exactly the rest only when every
 * post returned has a lower id, and no post after it a lower one. Where ids do not follow time,
 * that hint returned the same posts forever, or skipped some.
 */
function moreThanFit(returned: { id: number }[], next: { id: number }, pagesById: boolean, maxOutputSize: number): string {
  const more = `More posts match than fit in one answer (limit ${MAX_POSTS} posts or X-Max-Output-Size ${maxOutputSize} bytes): ${returned.length} returned; `
  if (pagesById && returned.every((p) => p.id < next.id)) return `${more}continue with start_post_id=${next.id}`
  return `${more}post ids in this range do not follow their order in time, so start_post_id cannot page on from here: the next post is ${next.id}; narrow the range with end_post_id or tag_filter, or raise X-Max-Output-Size`
}

export default defineTool({
  name: 'read_thread_range',
  toolset: 'glossary',
  category: 'CORPUS',
  description: `Fetch a range of posts from a thread, in reading order: posts whose ids lie between start_post_id and end_post_id (inclusive; either may be left out), optionally only those carrying tag_filter (e.g. qm_post). The last post returned (or the thread alone, when none is) becomes this session's reading position: ${READING_POSITION_RULE}`,
  input: Type.Object({
    thread_id: Id('The thread ID'),
    start_post_id: Type.Optional(Id('First post ID (inclusive)')),
    end_post_id: Type.Optional(Id('Last post ID (inclusive)')),
    tag_filter: Type.Optional(Type.String({ description: 'Only include posts with this tag (e.g., `qm_post`)' })),
  }),
  examples: [{ summary: "The quest master's posts of a thread", value: { thread_id: 30265890, tag_filter: 'qm_post' } }],
  output: Type.Object({
    id: Type.Integer({ description: 'The thread id' }),
    count: Type.Integer({ description: 'Posts returned' }),
    posts: Type.Array(
      Type.Object({
        id: Type.Integer({ description: 'Post id' }),
        author: Type.String({ description: 'Author name' }),
        timestamp: Type.String({ format: 'date-time', description: 'When it was posted (UTC)' }),
        tags: Type.Array(Type.String(), { description: 'e.g. qm_post, story_post' }),
        body: Type.String({ description: 'Full text of the post' }),
      }),
      { description: 'In reading order (timestamp, then id)' },
    ),
  }),
  scope: 'read',
  annotations: { title: 'Read thread range', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async execute({ thread_id: threadId, start_post_id: start, end_post_id: end, tag_filter: tag }, ctx) {
    if (start !== undefined && end !== undefined && start > end) {
      fail('VALIDATION_ERROR', `start_post_id (${start}) is greater than end_post_id (${end}); the range is inclusive and runs from the lower id to the higher`)
    }
    const db = ctx.services.db
    if (!(await threadExists(db, threadId))) fail('THREAD_NOT_FOUND', `No thread with id ${threadId} in the corpus`)
    if (tag === '') {
      ctx.warn('tag_filter is empty, so no posts were filtered out; leave it out to read every post')
      tag = undefined
    }
    const found = await getThreadRange(db, { threadId, startPostId: start, endPostId: end, tag, limit: MAX_POSTS + 1, maxBytes: ctx.maxOutputSize })
    const capped = found.slice(0, MAX_POSTS)
    const fitted = fitRange(
      capped.map((p) => ({ id: p.id, author: p.author, timestamp: p.timestamp, tags: p.tags, body: p.body })),
      ctx.maxOutputSize,
    )
    const next = found[fitted.posts.length]
    if (next) {
      const pagesById = !(await lowerIdLater(db, { threadId, startPostId: start, endPostId: end, tag }, next.id))
      ctx.warn(moreThanFit(fitted.posts, next, pagesById, ctx.maxOutputSize))
    }
    if (fitted.truncatedBody)
      ctx.warn(
        `Post ${fitted.posts[0].id} is longer than X-Max-Output-Size (${ctx.maxOutputSize} bytes) and was shortened; read_post returns it whole up to that limit`,
      )
    await remember(ctx, { threadId, postId: fitted.posts.at(-1)?.id ?? null })
    return { id: threadId, count: fitted.posts.length, posts: fitted.posts }
  },
  xml: (out) =>
    el('corpus_thread', { id: out.id, count: out.count }, ...out.posts.map((p) => el('post', { id: p.id, author: p.author, tags: p.tags.join(',') }, p.body))),
})
