/**
 * Seed 004 `read_post`: one historical post, or with `include_adjacent` the post with up to two
 * posts before and two after it in its thread (reading order: timestamp, then id). Fewer at a
 * thread's start or end.
 */
import { Type } from 'typebox'
import { getPost, getPostWithNeighbours } from '../../corpus/read.js'
import { fail } from '../../errors.js'
import { el } from '../../lib/xml.js'
import { defineTool } from '../define.js'
import { fitWindow } from './support/fit.js'
import { READING_POSITION_RULE, remember } from './support/position.js'

const PostFields = {
  id: Type.Integer({ description: 'Post id' }),
  thread_id: Type.Integer({ description: 'Thread the post belongs to' }),
  author: Type.String({ description: 'Author name, e.g. Soma or Anon' }),
  timestamp: Type.String({ format: 'date-time', description: 'When it was posted (UTC)' }),
  tags: Type.Array(Type.String(), { description: 'e.g. qm_post, story_post' }),
  body: Type.String({ description: 'Full text of the post' }),
}

// One object schema for both answers (MCP wants an object at the top); each field says when it is there.
const single = 'Without include_adjacent'
const adjacent = 'With include_adjacent'
const Output = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: `${single}: the post id` })),
    thread_id: Type.Optional(Type.Integer({ description: `${single}: the thread the post belongs to` })),
    timestamp: Type.Optional(Type.String({ format: 'date-time', description: `${single}: when it was posted (UTC)` })),
    author: Type.Optional(Type.String({ description: `${single}: the author, e.g. Soma or Anon` })),
    tags: Type.Optional(Type.Array(Type.String(), { description: `${single}: tags such as qm_post, story_post` })),
    body: Type.Optional(Type.String({ description: `${single}: the full text of the post` })),
    center_id: Type.Optional(Type.Integer({ description: `${adjacent}: the requested post` })),
    posts: Type.Optional(
      Type.Array(Type.Object({ ...PostFields, center: Type.Optional(Type.Boolean({ description: 'true on the requested post' })) }), {
        description: `${adjacent}: up to 2 posts before, the post, up to 2 after, in reading order`,
      }),
    ),
  },
  { description: 'Without include_adjacent the post (<corpus_post>); with it, the post and its neighbours (<corpus_posts>)' },
)

export default defineTool({
  name: 'read_post',
  toolset: 'glossary',
  category: 'CORPUS',
  description: `Fetch a historical post by ID. With include_adjacent, also the 2 posts before and the 2 after it in the same thread (fewer at the start or end of a thread). The post (the centre one with include_adjacent) becomes this session's reading position: ${READING_POSITION_RULE}`,
  input: Type.Object({
    post_id: Type.Integer({ description: 'The post ID to retrieve', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    include_adjacent: Type.Optional(Type.Boolean({ description: 'If true, include 2 posts before and after', default: false })),
  }),
  examples: [{ summary: 'A post with its neighbours', value: { post_id: 12567, include_adjacent: true } }],
  output: Output,
  scope: 'read',
  annotations: { title: 'Read post', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async execute({ post_id: postId, include_adjacent: adjacent = false }, ctx) {
    const db = ctx.services.db
    if (!adjacent) {
      const post = await getPost(db, postId)
      if (!post) fail('POST_NOT_FOUND', `No post with id ${postId} in the corpus`)
      await remember(ctx, { threadId: post.thread_id, postId: post.id })
      return { id: post.id, thread_id: post.thread_id, timestamp: post.timestamp, author: post.author, tags: post.tags, body: post.body }
    }
    const window = await getPostWithNeighbours(db, postId)
    if (window.length === 0) fail('POST_NOT_FOUND', `No post with id ${postId} in the corpus`)
    const center = window.find((p) => p.id === postId)
    if (center) await remember(ctx, { threadId: center.thread_id, postId })
    const marked = window.map((p) => (p.id === postId ? { ...p, center: true } : p))
    const fitted = fitWindow(marked, ctx.maxOutputSize)
    if (fitted.truncated)
      ctx.warn(
        `Post bodies shortened to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes); read_post without include_adjacent gives the one post all the room`,
      )
    return { center_id: postId, posts: fitted.posts }
  },
  xml: (out) => {
    if (out.posts) {
      return el(
        'corpus_posts',
        { center_id: out.center_id },
        ...out.posts.map((p) => el('post', { id: p.id, thread_id: p.thread_id, author: p.author, center: p.center ? 'true' : undefined }, p.body)),
      )
    }
    return el('corpus_post', { id: out.id, thread_id: out.thread_id, timestamp: out.timestamp, author: out.author }, el('body', {}, out.body ?? ''))
  },
})
