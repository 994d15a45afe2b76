/**
 * Keeping corpus answers within the caller's output limit (X-Max-Output-Size). The pipeline's cap
 * only shortens top-level strings; posts sit in an array, so these tools fit themselves: a range
 * keeps whole posts up to the limit and says where to continue, a window of adjacent posts
 * shortens the longest bodies (the neighbours' before the centre's), each with a visible marker.
 */
import type { CorpusPost } from '../../../corpus/read.js'
import { truncationMarked } from '../../../lib/truncation.js'

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value))
// Room for the envelope around the posts: status, execution_id, duration_ms, messages, count…
const ENVELOPE_BYTES = 600

/** Cuts `text` to about `keepBytes` UTF-8 bytes, with the marker the pipeline's cap uses. */
export function cutBody(text: string, keepBytes: number): string {
  const bytes = Buffer.byteLength(text)
  if (bytes <= keepBytes) return text
  const cut = Buffer.from(text)
    .subarray(0, Math.max(0, keepBytes))
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
  return truncationMarked(cut, bytes - Buffer.byteLength(cut))
}

/**
 * The longest prefix of `posts` that fits in `maxBytes`. A first post too large on its own is
 * kept with its body shortened, so an answer is never empty only because of one long post.
 */
export function fitRange<P extends { body: string }>(posts: P[], maxBytes: number): { posts: P[]; truncatedBody: boolean } {
  const budget = Math.max(0, maxBytes - ENVELOPE_BYTES)
  const kept: P[] = []
  let used = 0
  for (const post of posts) {
    const n = size(post) + 1
    if (used + n > budget) {
      if (kept.length === 0) {
        const room = Math.max(0, budget - (n - Buffer.byteLength(post.body)) - 64)
        return { posts: [{ ...post, body: cutBody(post.body, room) }], truncatedBody: true }
      }
      break
    }
    kept.push(post)
    used += n
  }
  return { posts: kept, truncatedBody: false }
}

/** Shortens bodies, longest first and the centre post last, until the window fits in `maxBytes`. */
export function fitWindow<P extends CorpusPost & { center?: boolean }>(posts: P[], maxBytes: number): { posts: P[]; truncated: boolean } {
  const budget = Math.max(0, maxBytes - ENVELOPE_BYTES)
  let over = size(posts) - budget
  if (over <= 0) return { posts, truncated: false }
  const out = posts.map((p) => ({ ...p }))
  const order = [...out].sort((a, b) => Number(a.center ?? false) - Number(b.center ?? false) || b.body.length - a.body.length)
  for (const post of order) {
    if (over <= 0) break
    post.body = cutBody(post.body, Buffer.byteLength(post.body) - over - 64)
    // Escapes make JSON bytes differ from text bytes: measure again rather than estimate.
    over = size(out) - budget
  }
  return { posts: out, truncated: true }
}
