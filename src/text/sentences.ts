/**
 * Paragraphs, sentences and words, the way summarize and analyze count them. Paragraphs are blocks
 * separated by blank lines. A sentence ends at . ! ? or … (with any closing quotes or brackets)
 * followed by white space, except after a known abbreviation or a single-letter initial, or when
 * the next word starts in lowercase; a list item line is a sentence of its own. A word is a run of
 * letters and digits, with inner apostrophes or hyphens kept ("don't", "state-of-the-art").
 */

const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'al', 'inc', 'ltd', 'co',
  'corp', 'no', 'fig', 'figs', 'vol', 'approx', 'dept', 'est', 'gen', 'gov', 'lt', 'col', 'sgt', 'capt',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'u.s', 'p', 'pp',
])

const LIST_ITEM = /^\s*(?:[-*•+]|\d{1,3}[.)])\s+/
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
const BOUNDARY = /([.!?…]+)(["'”’)\]]*)(\s+)/g

export function splitParagraphs(text: string): string[] {
  return text.split(/\r?\n[ \t]*\r?\n/).map((p) => p.trim()).filter((p) => p !== '')
}

/** Sentences of one paragraph (or any text: blank lines end a sentence too). */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  // Lines that are list items stand alone; other lines of a paragraph run on.
  const blocks: string[] = []
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      blocks.push('')
    } else if (LIST_ITEM.test(line) || blocks.length === 0 || blocks[blocks.length - 1] === '') {
      blocks.push(line.trim())
    } else if (LIST_ITEM.test(blocks[blocks.length - 1])) {
      blocks.push(line.trim())
    } else {
      blocks[blocks.length - 1] += ` ${line.trim()}`
    }
  }
  for (const block of blocks) {
    if (block === '') continue
    let start = 0
    for (const m of block.matchAll(BOUNDARY)) {
      const end = m.index + m[1].length + m[2].length
      const next = block[m.index + m[0].length] ?? ''
      if (m[1] === '.' && isAbbreviation(lastWord(block, start, m.index))) continue
      if (/\p{Ll}/u.test(next)) continue
      out.push(block.slice(start, end).trim())
      start = m.index + m[0].length
    }
    const rest = block.slice(start).trim()
    if (rest !== '') out.push(rest)
  }
  return out
}

/**
 * The run of non-space characters that ends at `end`. Found by stepping back from `end`: a regex
 * anchored at the end of everything since `from` rescanned it at every period ("Mr. Mr. Mr. …"
 * kept `from` in place), which was quadratic.
 */
function lastWord(text: string, from: number, end: number): string {
  let i = end
  while (i > from && !/\s/.test(text[i - 1])) i--
  return text.slice(i, end)
}

function isAbbreviation(last: string): boolean {
  const word = last.replace(/^["'“‘(\[]+/, '').toLowerCase()
  return ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)
}

export function words(text: string): string[] {
  return text.match(WORD) ?? []
}

/** Lowercased words that carry meaning: no stopwords, no bare numbers, no single characters. */
export function terms(text: string, isStop: (w: string) => boolean): string[] {
  return words(text)
    .map((w) => w.toLowerCase().replace(/’/g, "'"))
    .filter((w) => w.length > 1 && /\p{L}/u.test(w) && !isStop(w))
}
