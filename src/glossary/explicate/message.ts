/**
 * The explicate protocol's input as seed 004 shows it: the agent's own message, with the passages
 * it asks about in quotation marks ("…", “…”, „…“, «…», ‘…’, '…', 「…」) or as `>` quoted lines,
 * and the entry named in the words around them ("this part of the vys entry", "the entry for
 * Dawn (character)", "entry #15"). Pure text work: which names are entries is decided in SQL.
 */
import { cleanQuote } from './normalize.js'

export const MAX_PASSAGES = 5
/** A name in the message is at most this many words long. */
const MAX_NAME_WORDS = 5

// Opening mark → the marks that close it.
const CLOSERS: Record<string, string> = { '"': '"', '“': '”“', '„': '“”', '«': '»', '»': '«', '‘': '’', "'": "'", '「': '」' }
const LETTER = /[\p{L}\p{N}]/u
// Apostrophes double as quotation marks: they count only where a word cannot go on ("the vys's").
const APOSTROPHES = new Set(["'", '‘', '’'])

export interface ParsedMessage {
  passages: string[]
  /** Word sequences of the text around the passages that may name an entry, lower-cased. */
  names: NameMention[]
  /** Entry ids written out: `entry 15`, `entry #15`, `entry_id=15`, `#15`. */
  ids: number[]
}

export interface NameMention {
  name: string
  /** Next to "entry", "definition" or "term" ("the vys entry", "the entry for vys"): a deliberate naming. */
  anchored: boolean
}

function closingAt(text: string, open: number): number {
  const mark = text[open]
  const closers = CLOSERS[mark]
  for (let i = open + 1; i < text.length; i++) {
    if (!closers.includes(text[i])) continue
    if (APOSTROPHES.has(text[i]) && LETTER.test(text[i + 1] ?? '')) continue
    return i
  }
  return -1
}

function opensAt(text: string, i: number): boolean {
  if (!(text[i] in CLOSERS)) return false
  // French spacing (« … ») is fine; an apostrophe opens only before a word, never inside one.
  if (!APOSTROPHES.has(text[i])) return true
  return !LETTER.test(text[i - 1] ?? '') && /\S/.test(text[i + 1] ?? '')
}

/** The quoted passages, in order, and the text around them (one piece per gap). */
export function splitQuoted(message: string): { quoted: string[]; around: string[] } {
  const quoted: string[] = []
  const around: string[] = []
  let from = 0
  for (let i = 0; i < message.length; i++) {
    if (!opensAt(message, i)) continue
    const close = closingAt(message, i)
    if (close < 0) continue
    around.push(message.slice(from, i))
    quoted.push(message.slice(i + 1, close))
    from = close + 1
    i = close
  }
  around.push(message.slice(from))
  return blockQuotes(quoted, around)
}

/** Markdown block quotes (`> …` lines) outside quotation marks are passages too. */
function blockQuotes(quoted: string[], around: string[]): { quoted: string[]; around: string[] } {
  const pieces: string[] = []
  for (const text of around) {
    const kept: string[] = []
    let block: string[] = []
    const flush = () => {
      if (block.length) quoted.push(block.join(' '))
      block = []
    }
    for (const line of text.split('\n')) {
      const m = /^\s*>\s?(.*)$/.exec(line)
      if (m) block.push(m[1])
      else {
        flush()
        kept.push(line)
      }
    }
    flush()
    pieces.push(kept.join('\n'))
  }
  return { quoted, around: pieces }
}

const TOKEN = /\([^()\n]*\)|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
const ANCHORS = new Set(['entry', 'entries', 'definition', 'term', 'article'])
const LINKS = new Set(['for', 'of', 'on', 'about'])
const possessive = (w: string) => w.replace(/['’]s$/u, '')

/** Every run of 1–5 words in the text around the passages, marking those next to "entry" and the like. */
export function nameMentions(around: readonly string[]): NameMention[] {
  const found = new Map<string, boolean>()
  for (const text of around) {
    const words = [...text.matchAll(TOKEN)].map((m) => possessive(m[0].toLowerCase()))
    for (let i = 0; i < words.length; i++) {
      if (words[i].startsWith('(')) continue
      for (let n = 1; n <= MAX_NAME_WORDS && i + n <= words.length; n++) {
        const name = words.slice(i, i + n).join(' ')
        const before = words[i - 1] ?? ''
        const anchored = ANCHORS.has(words[i + n] ?? '') || ANCHORS.has(before) || (LINKS.has(before) && ANCHORS.has(words[i - 2] ?? ''))
        found.set(name, (found.get(name) ?? false) || anchored)
      }
    }
  }
  return [...found].map(([name, anchored]) => ({ name, anchored }))
}

const ID = /\b(?:entry|entry_id)\s*(?:#|no\.?|id)?\s*[:=]?\s*(\d{1,9})\b|(?<![\p{L}\p{N}])#(\d{1,9})\b/giu

export function parseMessage(message: string): ParsedMessage {
  const { quoted, around } = splitQuoted(message)
  const passages = quoted.map(cleanQuote).filter((p) => LETTER.test(p))
  const ids = around.flatMap((t) => [...t.matchAll(ID)].map((m) => Number(m[1] ?? m[2])))
  return { passages, names: nameMentions(around), ids: [...new Set(ids)] }
}
