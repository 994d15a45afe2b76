/** Backends answer snippets with bits of HTML (Brave's `<strong>`): results carry plain text only. */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

export function plainText(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      const lower = e.toLowerCase()
      if (lower in ENTITIES) return ENTITIES[lower]
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? Number(lower.slice(1)) : NaN
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** Keeps results with an http(s) URL, cleaned, at most `count` of them. */
export function normalizeResults(raw: { title: unknown; url: unknown; snippet: unknown }[], count: number) {
  const out = []
  for (const r of raw) {
    if (typeof r.url !== 'string' || !/^https?:\/\//i.test(r.url)) continue
    out.push({ title: plainText(r.title) || r.url, url: r.url, snippet: plainText(r.snippet) })
    if (out.length >= count) break
  }
  return out
}
