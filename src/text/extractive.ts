/**
 * The summary without an LLM: the text's own best sentences, in their original order. Each
 * sentence scores the sum over its distinct terms of tf × idf (tf: the term's count in the whole
 * text over the largest count; idf: 1 + ln(sentences / sentences holding the term)), divided by
 * √(terms in the sentence) so that long sentences do not win by length alone; the text's first
 * sentence gets ×1.5, a paragraph's first ×1.25, sentences under four words ×0.3. Sentences are
 * taken best first (ties: the earlier) while they fit a budget of max_tokens × 4 characters, up to a
 * third of the sentences (two for "tl;dr"). Deterministic.
 */
import { splitParagraphs, splitSentences, terms, words } from './sentences.js'
import { isStopword } from './stopwords.js'

export const CHARS_PER_TOKEN = 4

export interface ExtractiveSummary {
  summary: string
  sentencesTotal: number
  sentencesSelected: number
}

interface Scored {
  index: number
  text: string
  score: number
}

export function rankSentences(text: string): Scored[] {
  const sentences: { text: string; firstOfParagraph: boolean }[] = []
  for (const para of splitParagraphs(text)) {
    for (const [i, s] of splitSentences(para).entries()) sentences.push({ text: s, firstOfParagraph: i === 0 })
  }
  const termLists = sentences.map((s) => terms(s.text, isStopword))
  const tf = new Map<string, number>()
  const df = new Map<string, number>()
  for (const list of termLists) {
    for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1)
    for (const t of new Set(list)) df.set(t, (df.get(t) ?? 0) + 1)
  }
  let maxTf = 1
  for (const c of tf.values()) if (c > maxTf) maxTf = c
  const n = sentences.length
  return sentences.map((s, index) => {
    const distinct = new Set(termLists[index])
    let score = 0
    for (const t of distinct) score += (tf.get(t)! / maxTf) * (1 + Math.log(n / df.get(t)!))
    score = distinct.size > 0 ? score / Math.sqrt(termLists[index].length) : 0
    if (index === 0) score *= 1.5
    else if (s.firstOfParagraph) score *= 1.25
    if (words(s.text).length < 4) score *= 0.3
    return { index, text: s.text, score }
  })
}

export function extractiveSummary(text: string, maxTokens: number, style?: string): ExtractiveSummary {
  const ranked = rankSentences(text)
  const budget = maxTokens * CHARS_PER_TOKEN
  const tldr = style !== undefined && /^tl;?dr$/i.test(style.trim())
  const limit = tldr ? Math.min(2, ranked.length) : Math.max(1, Math.ceil(ranked.length / 3))
  const order = [...ranked].sort((a, b) => b.score - a.score || a.index - b.index)
  const picked: Scored[] = []
  let used = 0
  for (const s of order) {
    if (picked.length >= limit) break
    const cost = s.text.length + (picked.length > 0 ? 1 : 0)
    if (used + cost > budget) continue
    picked.push(s)
    used += cost
  }
  if (picked.length === 0 && order.length > 0) {
    // Even the best sentence is longer than the budget: cut it at a word boundary.
    const best = order[0].text
    const cut = best.lastIndexOf(' ', budget - 1)
    picked.push({ ...order[0], text: `${best.slice(0, cut > 0 ? cut : budget - 1).trimEnd()}…` })
  }
  picked.sort((a, b) => a.index - b.index)
  const bullet = style !== undefined && /^bullets?( points?)?$/i.test(style.trim())
  const summary = bullet ? picked.map((s) => `- ${s.text}`).join('\n') : picked.map((s) => s.text).join(' ')
  return { summary, sentencesTotal: ranked.length, sentencesSelected: picked.length }
}
