/**
 * HTML → Markdown for WebFetch, with turndown. Scripts, styles and other non-content elements go;
 * links and images are made absolute against the page's final URL so an agent can follow them.
 */
import TurndownService from 'turndown'

const DROPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'SVG', 'CANVAS', 'OBJECT', 'EMBED', 'HEAD'])

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m
    }
    return ENTITIES[e.toLowerCase()] ?? m
  })

function absolute(href: string, base: string): string | undefined {
  try {
    const u = new URL(href, base)
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? u.href : undefined
  } catch {
    return undefined
  }
}

/**
 * The first `name` element: where its opening tag starts, where its content starts and ends, and
 * where its closing tag ends; found in one pass (lazy regexes went quadratic on a page of
 * unclosed `<title>`s: 196 KB took ~1 s).
 */
function firstElement(html: string, name: string) {
  const open = new RegExp(`<${name}[\\s/>]`, 'i').exec(html)
  const inner = open ? html.indexOf('>', open.index) + 1 : 0
  if (!open || inner === 0) return undefined
  const close = new RegExp(`</${name}\\s*>`, 'gi')
  close.lastIndex = inner
  const end = close.exec(html)
  return end ? { start: open.index, inner, innerEnd: end.index, end: close.lastIndex } : undefined
}

/** Longest title kept: it is metadata, not the page. */
const MAX_TITLE = 1_000

export function titleOf(html: string): string | undefined {
  const el = firstElement(html, 'title')
  const text =
    el &&
    decodeEntities(html.slice(el.inner, Math.min(el.innerEnd, el.inner + 4 * MAX_TITLE)))
      .replace(/\s+/g, ' ')
      .trim()
  return text ? text.slice(0, MAX_TITLE) : undefined
}

/** Elements whose content is not text a reader sees; the fallback below drops them, and depth is not counted in them. */
const HIDDEN = ['script', 'style', 'noscript', 'template', 'head']

/** `html` without its comments and hidden elements, as the slices between them; one pass. */
function visibleParts(html: string): string[] {
  const parts: string[] = []
  const hidden = new RegExp(`<!--|<(${HIDDEN.join('|')})(?=[\\s/>])`, 'gi')
  let at = 0
  for (let m = hidden.exec(html); m; m = hidden.exec(html)) {
    parts.push(html.slice(at, m.index))
    if (m[1] === undefined) {
      const end = html.indexOf('-->', hidden.lastIndex)
      at = end === -1 ? html.length : end + 3
    } else {
      const close = new RegExp(`</${m[1]}\\s*>`, 'gi')
      close.lastIndex = hidden.lastIndex
      at = close.exec(html) ? close.lastIndex : html.length
    }
    hidden.lastIndex = at
  }
  parts.push(html.slice(at))
  return parts
}

/**
 * The page's text without tags, for a page turndown cannot take (nested deeper than its
 * recursion goes): hidden elements and comments dropped, entities decoded, blank runs folded.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    visibleParts(html)
      .join(' ')
      .replace(/<[^<>]*>/g, ' '),
  )
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n\n')
    .trim()
}

/** Elements that never nest (void), or whose end tag may be left out: they do not count toward depth. */
const FLAT = new Set(
  'area base br col embed hr img input link meta param source track wbr p li dt dd option optgroup tr td th thead tbody tfoot colgroup caption rb rt rp html head body'.split(
    ' ',
  ),
)

/**
 * Whether `html` may nest deeper than `limit` elements, from its tags alone (no DOM), outside
 * scripts, styles and comments: turndown recurses once per level, and its parser's time grows with
 * depth, so 20,000 nested `<div>`s overflowed its stack after seconds. Errs toward "deeper":
 * tags left open count. The name's lookahead keeps the scan linear (`[\w-]*` then `[^<>]*` backtracked
 * quadratically on a long name with no `>`: 16 KB took 0.36 s).
 */
export function deeperThan(html: string, limit: number): boolean {
  let depth = 0
  for (const part of visibleParts(html)) {
    for (const [tag, slash, name] of part.matchAll(/<(\/?)([a-zA-Z][\w-]*)(?=[\s/>])[^<>]*>/g)) {
      if (FLAT.has(name.toLowerCase()) || tag.endsWith('/>')) continue
      depth = Math.max(0, depth + (slash ? -1 : 1)) // stray end tags never lower it below the top
      if (depth > limit) return true
    }
  }
  return false
}

export function htmlToMarkdown(html: string, baseUrl: string): { markdown: string; title?: string } {
  const title = titleOf(html)
  // The parser turndown uses reads a fragment, where <head>'s text would leak into the body.
  const head = firstElement(html, 'head')
  const body = head ? html.slice(0, head.start) + html.slice(head.end) : html
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' })
  td.remove((node) => DROPPED.has(node.nodeName.toUpperCase()))
  td.addRule('absoluteLink', {
    filter: (node) => node.nodeName === 'A' && !!node.getAttribute('href'),
    replacement: (content, node) => {
      const text = content.trim()
      const href = absolute((node as HTMLElement).getAttribute('href') ?? '', baseUrl)
      if (!href || !text) return content
      const title = (node as HTMLElement).getAttribute('title')
      return `[${text}](${href.replace(/[()]/g, (c) => encodeURIComponent(c))}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`
    },
  })
  td.addRule('absoluteImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = ((node as HTMLElement).getAttribute('alt') ?? '').replace(/[\r\n\]]+/g, ' ').trim()
      const src = absolute((node as HTMLElement).getAttribute('src') ?? '', baseUrl)
      // data: URIs and sources that are not web addresses would only bloat the text.
      return src ? `![${alt}](${src})` : alt ? `[image: ${alt}]` : ''
    },
  })
  const markdown = td
    .turndown(body)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { markdown, title }
}
