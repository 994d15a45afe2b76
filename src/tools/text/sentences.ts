/**
 * Paragraphs, sentences and words, the way summarize and analyze count them. Paragraphs are blocks
 * separated by blank lines. Sentences are ICU's (`Intl.Segmenter`), joined again where ICU ends
 * one after a known abbreviation or a single-letter initial ("Mr. J. Jones"); an ellipsis ends a
 * sentence too, and a list item line is a sentence of its own. A word is a run of letters and
 * digits, with inner apostrophes or hyphens kept ("don't", "state-of-the-art").
 */

const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'al', 'inc', 'ltd', 'co',
  'corp', 'no', 'fig', 'figs', 'vol', 'approx', 'dept', 'est', 'gen', 'gov', 'lt', 'col', 'sgt', 'capt',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'u.s', 'p', 'pp',
])

const LIST_ITEM = /^\s*(?:[-*•+]|\d{1,3}[.)])\s+/
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' })
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']'])

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
  for (const block of blocks) if (block !== '') sentencesOfBlock(block, out)
  return out
}

function sentencesOfBlock(block: string, out: string[]): void {
  // ICU does not end a sentence at "…"; a copy of the same length with "." in its place does.
  const probe = block.replaceAll('…', '.')
  let pending = ''
  for (const [start, end] of sentenceRanges(probe)) {
    const text = block.slice(start, end)
    pending += text
    if (endsAtAbbreviation(text.trimEnd())) continue
    if (pending.trim() !== '') out.push(pending.trim())
    pending = ''
  }
  if (pending.trim() !== '') out.push(pending.trim())
}

const WINDOW = 128

/**
 * ICU's sentence ranges of `text`, found in windows of a few hundred characters: V8's segment
 * iterator costs time in proportion to the whole string at every step, quadratic on a long text.
 * A window's last sentence may run on past it, so it is looked at again from its start; a window
 * with no complete sentence is doubled.
 */
function* sentenceRanges(text: string): Generator<[number, number]> {
  let from = 0
  let size = WINDOW
  while (from < text.length) {
    const to = Math.min(text.length, from + size)
    let done = from
    for (const { index, segment } of SENTENCES.segment(text.slice(from, to))) {
      const end = from + index + segment.length
      if (end === to && to < text.length) break
      yield [from + index, end]
      done = end
      // In a doubled window, stop after its first sentence: each further step costs the whole window.
      if (end - from >= WINDOW) break
    }
    size = done === from ? size * 2 : WINDOW
    from = done
  }
}

/**
 * Does this segment end with one "." (closing quotes or brackets after it allowed) right after an
 * abbreviation or an initial? Scanned backwards by hand: an end-anchored regex is quadratic on a
 * long run without spaces.
 */
function endsAtAbbreviation(text: string): boolean {
  let end = text.length
  while (end > 0 && CLOSERS.has(text[end - 1])) end--
  if (text[end - 1] !== '.' || text[end - 2] === '.') return false
  let start = end - 1
  while (start > 0 && !/\s/.test(text[start - 1])) start--
  return isAbbreviation(text.slice(start, end - 1))
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
