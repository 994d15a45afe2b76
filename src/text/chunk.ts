/**
 * Splits text into pieces of at most `maxChars` for the LLM: whole paragraphs packed together,
 * a paragraph too long for one piece split by sentences, and a sentence too long split at a space.
 */
import { splitParagraphs, splitSentences } from './sentences.js'

export function chunkText(text: string, maxChars: number): string[] {
  const chunks: string[] = []
  let current = ''
  const push = (piece: string, sep: string) => {
    if (current === '') current = piece
    else if (current.length + sep.length + piece.length <= maxChars) current += sep + piece
    else {
      chunks.push(current)
      current = piece
    }
  }
  for (const para of splitParagraphs(text)) {
    if (para.length <= maxChars) {
      push(para, '\n\n')
      continue
    }
    let first = true
    for (const sentence of splitSentences(para)) {
      for (const piece of sentence.length <= maxChars ? [sentence] : hardSplit(sentence, maxChars)) {
        push(piece, first ? '\n\n' : ' ')
        first = false
      }
    }
  }
  if (current !== '') chunks.push(current)
  return chunks
}

/** Pieces of at most maxChars, cut at the last space before the limit where there is one. */
function hardSplit(s: string, maxChars: number): string[] {
  const out: string[] = []
  let rest = s
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars)
    const cut = space > maxChars / 2 ? space : maxChars
    out.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest !== '') out.push(rest)
  return out
}

/** Groups strings, in order, so that each group joined with `sep` stays within maxChars where possible. */
export function pack(items: string[], maxChars: number, sep = '\n\n'): string[][] {
  const groups: string[][] = []
  let size = 0
  for (const item of items) {
    const last = groups[groups.length - 1]
    if (last && size + sep.length + item.length <= maxChars) {
      last.push(item)
      size += sep.length + item.length
    } else {
      groups.push([item])
      size = item.length
    }
  }
  return groups
}
