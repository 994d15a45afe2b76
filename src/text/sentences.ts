/**
 * Paragraphs, sentences and words, the way summarize and analyze count them. Paragraphs are blocks
 * separated by blank lines. Sentences are ICU's (`Intl.Segmenter`), except that none ends at a
 * known abbreviation or a single-letter initial ("Mr. J. Jones"), an ellipsis ends one too, and a
 * list item line is a sentence of its own. A word is a run of letters and digits, with inner
 * apostrophes or hyphens kept ("don't", "state-of-the-art").
 */

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'al',
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'fig',
  'figs',
  'vol',
  'approx',
  'dept',
  'est',
  'gen',
  'gov',
  'lt',
  'col',
  'sgt',
  'capt',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'p',
  'pp',
])

const LIST_ITEM = /^\s*(?:[-*•+]|\d{1,3}[.)])\s+/
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' })

export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
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
  const probe = probeOf(block)
  for (const [start, end] of sentenceRanges(probe)) {
    const sentence = block.slice(start, end).trim()
    if (sentence !== '') out.push(sentence)
  }
}

/**
 * A copy of the block of the same length for ICU to segment: "…" reads as "." (ICU would not end a
 * sentence there) and the "." after an abbreviation or initial as "_" (so ICU does not end one
 * there; "Mr. J. Jones" stays whole).
 */
function probeOf(block: string): string {
  const chars = block.replaceAll('…', '.').split('')
  for (let i = block.indexOf('.'); i >= 0; i = block.indexOf('.', i + 1)) {
    if (block[i - 1] === '.' || block[i + 1] === '.') continue
    if (isAbbreviation(wordBefore(block, i))) chars[i] = '_'
  }
  return chars.join('')
}

/** The run of non-space characters that ends at `end`; '' when longer than any abbreviation (keeps "a.a.a…" linear). */
function wordBefore(text: string, end: number): string {
  let i = end
  while (i > 0 && end - i <= 16 && !/\s/.test(text[i - 1])) i--
  return end - i > 16 ? '' : text.slice(i, end)
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

function isAbbreviation(last: string): boolean {
  const word = last.replace(/^["'“‘([]+/, '').toLowerCase()
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
