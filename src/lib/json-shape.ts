/**
 * How many elements and how deep JSON text is, found without parsing it. JSON.parse of 10 MiB of
 * tiny members takes the main thread for half a second, and everything after it (validation, the
 * log line, the history row) walks every member again; one linear look first refuses such a body
 * for the cost of finding its quotes.
 */

export type ShapeProblem = { kind: 'elements'; limit: number } | { kind: 'depth'; limit: number }

const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * The first limit `text` goes past, or undefined. Elements are counted as the commas, `[` and `{`
 * outside strings: every member and item but the first of a container is after a comma, and
 * there is one first per container. Malformed text is left for JSON.parse to refuse.
 */
export function shapeProblem(text: string, maxElements: number, maxDepth: number): ShapeProblem | undefined {
  let elements = 0
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      i = stringEnd(text, i)
      if (i === -1) return undefined
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return { kind: 'depth', limit: maxDepth }
      if (++elements > maxElements) return { kind: 'elements', limit: maxElements }
    } else if (c === 0x5d || c === 0x7d) {
      depth--
    } else if (c === 0x2c && ++elements > maxElements) {
      return { kind: 'elements', limit: maxElements }
    }
  }
  return undefined
}

/** The index of the quote that closes the string opened at `open`; -1 if none. */
function stringEnd(text: string, open: number): number {
  let at = open
  for (;;) {
    // indexOf runs natively: a 10 MiB string value costs one call, not ten million steps.
    at = text.indexOf('"', at + 1)
    if (at === -1) return -1
    let slashes = 0
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++
    if (slashes % 2 === 0) return at
  }
}
