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

export function htmlToMarkdown(html: string, baseUrl: string): { markdown: string; title?: string } {
  const rawTitle = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]
  const title = rawTitle ? decodeEntities(rawTitle).replace(/\s+/g, ' ').trim() || undefined : undefined
  // The parser turndown uses reads a fragment, where <head>'s text would leak into the body.
  const body = html.replace(/<head[\s>][\s\S]*?<\/head>/i, '')
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
