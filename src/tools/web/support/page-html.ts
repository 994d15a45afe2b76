/**
 * A fetched page read as a browser reads it, with parse5 (the WHATWG parsing algorithm): comment
 * and raw-text rules, implied and misnested tags. Regexes over tags were talked around (`<!-->`,
 * `</script x>`, an unclosed `<head>`) into under-counting depth and into leaking script text.
 */
import { type DefaultTreeAdapterMap, parse, serialize } from 'parse5'
import { SAXParser } from 'parse5-sax-parser'

type ParentNode = DefaultTreeAdapterMap['parentNode']
type ChildNode = DefaultTreeAdapterMap['childNode']

/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set(['head', 'title', 'script', 'style', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'svg', 'canvas', 'object', 'embed'])

/** Elements that start a new line in the text. */
const BLOCK = new Set(
  'address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul'.split(
    ' ',
  ),
)

/** Longest title kept: it is metadata, not the page. */
const MAX_TITLE = 1_000

/** Control and format characters go: a control character is six bytes of JSON (1,000 made a 6 KB title under a 2 KB cap), a bidi override disguises the rest. */
const titleText = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TITLE) || undefined

export interface PageTree {
  /** The page's `<body>` (or `<frameset>`), without comments and hidden elements. */
  body?: ParentNode
  title?: string
  /** How deep its elements nest under the body. */
  depth: number
  /**
   * What turndown's time grows with, in units of ~0.2 µs here: ~8 µs per node (a million `<p>`s
   * took 17 s), and each element and character once per ancestor, as it reads an element's whole
   * subtree at every level (800 KB of text under 500 levels took 16 s).
   */
  weight: number
  /** Text past the first `maxTextBytes` was dropped. */
  cut: boolean
}

/** A node's own share of the weight: ~8 µs of turndown, against ~0.2 µs per character and level. */
const NODE_WEIGHT = 40

type TextNode = DefaultTreeAdapterMap['textNode']

const isElement = (node: ChildNode): node is DefaultTreeAdapterMap['element'] => 'tagName' in node
const isText = (node: ChildNode | undefined): node is TextNode => node?.nodeName === '#text'

/**
 * Longest run of white space kept in a text. Turndown's trimming regexes scan each run once per
 * character of its text: 32,000 spaces in a `<pre>` took 2-5 s, and 1 MB of text in runs of 200
 * still took 2 s, so what runs cost counts toward the weight too.
 */
const MAX_BLANKS = 200

/** Shortens `text`'s runs of white space to MAX_BLANKS; its weight: each character, once per level, and once per 20 blanks of its longest run. */
function textWeight(text: TextNode, level: number): number {
  let longest = 0
  if (text.value.length > MAX_BLANKS) {
    text.value = text.value.replace(/\s+/g, (run) => {
      longest = Math.max(longest, Math.min(run.length, MAX_BLANKS))
      return run.length > MAX_BLANKS ? run.slice(0, MAX_BLANKS) : run
    })
  }
  return text.value.length * (level + longest / 20)
}

/** Adjacent texts as one, as turndown's parser would read them back: a run of blanks split by comments was cut in pieces that joined again. */
function joinTexts(nodes: ChildNode[]): ChildNode[] {
  const joined: ChildNode[] = []
  for (const node of nodes) {
    const last = joined.at(-1)
    if (isText(node) && isText(last)) last.value += node.value
    else joined.push(node)
  }
  return joined
}

/** UTF-8 bytes of `text` without its blanks. */
const visibleBytes = (text: string) => Buffer.byteLength(text.replace(/\s+/g, ''))

/** The shortest start of `text` holding more than `bytes` visible bytes (as visibleBytes counts them). */
function headOf(text: string, bytes: number): string {
  let seen = 0
  let end = 0
  for (const ch of text) {
    end += ch.length
    if (/\s/.test(ch)) continue
    const cp = ch.codePointAt(0) ?? 0
    seen += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    if (seen > bytes) break
  }
  return text.slice(0, end)
}

/**
 * Drops everything after the first `maxBytes` of visible text (UTF-8, blanks not counted), the text
 * that crosses it cut too: each such byte is at least a byte of Markdown, so the answer could not
 * carry the rest, and turndown's time grows with it. (Turndown does leave out a <pre>'s text after
 * its <code>: page-text.ts converts the whole page when the cut one falls short.) Walks in document
 * order with a stack of [element, next child]; says whether it dropped anything.
 */
function keepLeadingText(body: ParentNode, maxBytes: number): boolean {
  let left = maxBytes
  const path: [ParentNode, number][] = [[body, 0]]
  while (path.length > 0) {
    const frame = path[path.length - 1]
    const [node, i] = frame
    if (i >= node.childNodes.length) {
      path.pop()
      continue
    }
    frame[1]++
    const child = node.childNodes[i]
    if (isElement(child) && !HIDDEN.has(child.tagName)) path.push([child, 0])
    if (!isText(child)) continue
    const bytes = visibleBytes(child.value)
    if (bytes <= left) {
      left -= bytes
      continue
    }
    const head = headOf(child.value, left)
    const dropped = head.length < child.value.length || path.some(([n, next]) => n.childNodes.length > next)
    child.value = head
    for (const [n, next] of path) n.childNodes.length = next
    return dropped
  }
  return false
}

/**
 * The page's tree, pruned and measured; every walk is a loop, not recursion (20,000 levels
 * overflowed the stack). With `maxTextBytes`, only the page's beginning is kept (`cut`).
 */
export function readTree(html: string, maxTextBytes = Number.POSITIVE_INFINITY): PageTree {
  const root = parse(html).childNodes.find(isElement)
  const body = root?.childNodes.find((n) => isElement(n) && (n.tagName === 'body' || n.tagName === 'frameset')) as ParentNode | undefined
  const title = root && firstTitle(root)
  const cut = body !== undefined && keepLeadingText(body, maxTextBytes)
  let depth = 0
  let weight = 0
  const stack: [ParentNode, number][] = body ? [[body, 1]] : []
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, level] = next
    depth = Math.max(depth, level)
    node.childNodes = joinTexts(node.childNodes.filter((c) => c.nodeName !== '#comment' && !(isElement(c) && HIDDEN.has(c.tagName))))
    for (const child of node.childNodes) {
      weight += NODE_WEIGHT
      // Written back raw, a <plaintext> swallows the rest of what turndown parses, its wrapper's end tag included.
      if (isElement(child) && child.tagName === 'plaintext') child.tagName = child.nodeName = 'pre'
      if (isText(child)) weight += textWeight(child, level)
      else if (isElement(child)) {
        weight += level
        stack.push([child, level + 1])
      }
    }
  }
  return { body, title, depth, weight, cut }
}

function firstTitle(root: ParentNode): string | undefined {
  const stack: ParentNode[] = [root]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (isElement(node as ChildNode) && (node as DefaultTreeAdapterMap['element']).tagName === 'title') {
      return titleText(node.childNodes.map((c) => (isText(c) ? c.value : '')).join(''))
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) if ('childNodes' in node.childNodes[i]) stack.push(node.childNodes[i] as ParentNode)
  }
  return undefined
}

/** The HTML inside `body`, as parse5 writes it back: every element closed, nested as the tree is (turndown, reading it, recurses: measure first). */
export const innerHtml = (body: ParentNode): string => serialize(body)

/**
 * The page's text and title from its tokens alone (parse5's tokenizer, with the raw-text switches a
 * parser makes), for pages too deep, large or heavy for a tree: no tree is built, so no page
 * outgrows the thread's heap this way. Blank runs are folded and block elements start lines.
 */
export async function textOf(html: string): Promise<{ text: string; title?: string }> {
  const sax = new SAXParser()
  const parts: string[] = []
  let hidden = 0
  let title: string[] | undefined
  let inTitle = false
  sax.on('startTag', ({ tagName, selfClosing }) => {
    if (tagName === 'title' && !title) [title, inTitle] = [[], true]
    // `embed` is void, and `head` ends without a tag where the body starts: neither can hold what follows.
    if (HIDDEN.has(tagName) && tagName !== 'embed' && tagName !== 'head' && !selfClosing) hidden++
    if (BLOCK.has(tagName)) parts.push('\n')
  })
  sax.on('endTag', ({ tagName }) => {
    if (tagName === 'title') inTitle = false
    if (HIDDEN.has(tagName) && tagName !== 'embed' && tagName !== 'head') hidden = Math.max(0, hidden - 1)
    if (BLOCK.has(tagName)) parts.push('\n')
  })
  sax.on('text', ({ text }) => {
    if (inTitle) title?.push(text)
    else if (hidden === 0) parts.push(text)
  })
  sax.resume() // the stream passes the HTML through as well; nobody reads it
  await new Promise<void>((resolve, reject) => sax.once('error', reject).end(html, resolve))
  const text = parts
    .join(' ')
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ ?\n\s*/g, '\n\n')
    .trim()
  return { text, title: title && titleText(title.join('')) }
}
