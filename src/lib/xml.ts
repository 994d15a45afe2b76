/**
 * The small XML writer seed 004's responses need: elements, attributes and text, escaped, laid
 * out as the seed lays them out (text on its own indented line). Element text is therefore wrapped
 * in layout whitespace; readers trim it, as the seed's examples imply.
 */
export type XmlAttrs = Record<string, string | number | boolean | null | undefined>
export interface XmlElement {
  name: string
  attrs: XmlAttrs
  children: XmlChild[]
}
export type XmlChild = XmlElement | string

/** `el('entry', {id: 42}, 'text', el('body', {}, '…'))`; null/undefined attributes are left out. */
export function el(name: string, attrs: XmlAttrs = {}, ...children: (XmlChild | null | undefined | false)[]): XmlElement {
  return { name, attrs, children: children.filter((c): c is XmlChild => c !== null && c !== undefined && c !== false) }
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
// XML 1.0 forbids most control characters even escaped; they are dropped rather than break a parser.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export function escapeText(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>]/g, (c) => TEXT_ESCAPES[c])
}

export function escapeAttr(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, '')
    .replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c])
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;')
}

function attrs(a: XmlAttrs): string {
  let out = ''
  for (const [k, v] of Object.entries(a)) {
    if (v === null || v === undefined) continue
    out += ` ${k}="${escapeAttr(String(v))}"`
  }
  return out
}

export function renderXml(node: XmlElement, depth = 0): string {
  const pad = '  '.repeat(depth)
  const open = `${pad}<${node.name}${attrs(node.attrs)}`
  if (node.children.length === 0) return `${open}/>`
  const inner = node.children.map((c) => (typeof c === 'string' ? `${pad}  ${escapeText(c.trim())}` : renderXml(c, depth + 1))).join('\n')
  return `${open}>\n${inner}\n${pad}</${node.name}>`
}

/** A whole document, with its declaration. */
export function xmlDocument(node: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderXml(node)}\n`
}
