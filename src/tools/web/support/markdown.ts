/**
 * HTML → Markdown for WebFetch, with turndown. Links and images are made absolute against the
 * page's final URL so an agent can follow them.
 */
import TurndownService from 'turndown'

function absolute(href: string, base: string): string | undefined {
  try {
    const u = new URL(href, base)
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? u.href : undefined
  } catch {
    return undefined
  }
}

/** Markdown of a body's HTML, as page-html.ts writes it back (comments, scripts and the like already gone). */
export function htmlToMarkdown(body: string, baseUrl: string): string {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' })
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
  return td
    .turndown(body)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
