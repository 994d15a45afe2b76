/**
 * A fetched page as the text WebFetch works from, in a worker thread (page-thread.ts): decoded
 * with its charset, HTML turned into Markdown, and cut to what the call can use. Turndown takes
 * ~0.5 s per MB of HTML and recurses once per level of nesting, so on the server's thread one
 * page held the event loop for seconds, and 20,000 nested `<div>`s overflowed its stack (a 500).
 */
import { decodeText } from '../../../net/body.js'
import { cutText } from './common.js'
import { htmlToMarkdown } from './markdown.js'
import { innerHtml, readTree, textOf } from './page-html.js'

export interface PageJob {
  body: Uint8Array
  contentType: string | null
  /** The page's final URL: links are made absolute against it. */
  url: string
  /** The most bytes of text the call can use, and why, for the cut's marker. */
  maxBytes: number
  why: string
  /** Tags stripped without turndown: the fallback when a Markdown job ran out of memory. */
  textOnly?: boolean
}

export interface PageText {
  text: string
  title?: string
  cut: boolean
  /** markdown: HTML converted; text: HTML with its tags stripped (too deep or too large to convert); plain: not HTML. */
  form: 'markdown' | 'text' | 'plain'
}

const isHtml = (ct: string | null, body: string) =>
  /^(text\/html|application\/xhtml\+xml)\b/i.test(ct ?? '') || (!ct && /^\s*<(!doctype html|html)/i.test(body.slice(0, 1024)))

/** Nested deeper than turndown's recursion: the stack overflowed. */
const isTooDeep = (err: unknown) => err instanceof RangeError && /call stack/i.test(err.message)

/** Past this many characters a page is read as tokens only: its tree could outgrow the heap (5 MB of `<p>x` took 0.9 GB). */
const MAX_TREE_CHARS = 5 * 1024 * 1024
/** Deeper than real pages nest (600 unclosed `<font>`s do), and shallower than turndown's recursion reaches. */
const MAX_DEPTH = 1_000
/** The heaviest tree turndown is given (see PageTree.weight): a few seconds of a page thread at most. */
const MAX_WEIGHT = 30_000_000

type Converted = Omit<PageText, 'cut'> & { dropped?: boolean }

/** Markdown of the page's tree (only its beginning, with `maxBytes`), or undefined when the tree is too deep or heavy for turndown. */
function markdownOf(html: string, url: string, maxBytes?: number): Converted | undefined {
  const { body, title, depth, weight, cut } = readTree(html, maxBytes)
  if (depth > MAX_DEPTH || weight > MAX_WEIGHT) return undefined
  try {
    return { text: body ? htmlToMarkdown(innerHtml(body), url) : '', title, form: 'markdown', dropped: cut }
  } catch (err) {
    if (!isTooDeep(err)) throw err
    return undefined
  }
}

/** The page as Markdown, or as text when it is too large, deep or heavy for turndown; only as much as `maxBytes` can carry is converted. */
async function converted(html: string, job: PageJob): Promise<Converted> {
  if (!job.textOnly && html.length <= MAX_TREE_CHARS) {
    const page = markdownOf(html, job.url, job.maxBytes)
    // Turndown leaves out some text it is given (a <pre>'s after its first <code>): when what was kept
    // fits after all, the whole page is converted, as it was before pages were cut.
    if (page?.dropped && Buffer.byteLength(page.text) <= job.maxBytes) return markdownOf(html, job.url) ?? page
    if (page) return page
  }
  return { ...(await textOf(html)), form: 'text' }
}

export default async function pageText(job: PageJob): Promise<PageText> {
  const decoded = decodeText(Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength), job.contentType).replace(/\uFFFD+$/, '')
  const { dropped, ...page }: Converted = isHtml(job.contentType, decoded) ? await converted(decoded, job) : { text: decoded, form: 'plain' }
  const { text, cut } = cutText(page.text, job.maxBytes, job.why, dropped ? 'unknown' : 'counted')
  return { ...page, text, cut }
}
