/**
 * How a quoted passage is compared with a definition: case and runs of white space do not count
 * (an agent re-flows and re-cases what it quotes), nothing else is forgiven. The quote's own
 * wrapping — quotation marks, a trailing or leading ellipsis — is not part of the passage.
 */

/** Lowercase, every run of white space one space, trimmed. */
export function normalizePassage(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim()
}

const WRAPPERS = /^[\s"'“”‘’«»]+|[\s"'“”‘’«»]+$/g
const ELLIPSIS = /^(?:\.{3}|…)\s*|\s*(?:\.{3}|…)$/g

/** The passage an agent quoted, without the quotation marks and ellipses around it. */
export function cleanQuote(quote: string): string {
  let q = quote
  for (let i = 0; i < 3; i++) {
    const next = q.replace(WRAPPERS, '').replace(ELLIPSIS, '')
    if (next === q) break
    q = next
  }
  return q.trim()
}

/** Does the definition hold the passage, up to case and white space? */
export function containsPassage(definition: string, normalizedQuote: string): boolean {
  return normalizedQuote !== '' && normalizePassage(definition).includes(normalizedQuote)
}
