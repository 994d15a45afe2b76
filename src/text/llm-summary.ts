/**
 * The summary with an LLM, map-reduce: the text is cut into chunks sized from max_tokens and an
 * assumed context window, each chunk is summarized (a few at a time), and the partial summaries
 * are merged by one final call, after merging groups of them first while together they would not
 * fit one call. A short text is one call.
 */
import { fail } from '../errors.js'
import type { ChatMessage, LlmProvider } from '../llm/types.js'
import type { TokenUsage } from '../tools/define.js'
import { chunkText, pack } from './chunk.js'
import { CHARS_PER_TOKEN } from './extractive.js'

/** The context window assumed for the model: small enough for most local models. */
export const CONTEXT_TOKENS = 8192
const PROMPT_OVERHEAD_TOKENS = 300
const CONCURRENCY = 3
const MAX_CHUNKS = 256
const MAX_MERGE_ROUNDS = 4

/** Characters of input per call: about eight times the summary's size, within the context window. */
export function chunkCharsFor(maxTokens: number): number {
  const room = CONTEXT_TOKENS - maxTokens - PROMPT_OVERHEAD_TOKENS
  return Math.max(1024, Math.min(room, Math.max(1024, maxTokens * 8))) * CHARS_PER_TOKEN
}

export interface LlmSummary {
  summary: string
  chunks: number
  calls: number
  mergeRounds: number
  model: string
  usage: TokenUsage
  truncated: boolean
}

const SYSTEM =
  'You are a careful summarizer. Summarize only what the text says, without adding facts or opinions, in the language of the text. Answer with the summary alone.'

function styleRule(style: string | undefined): string {
  const s = style?.trim()
  if (!s) return ''
  if (/^bullets?( points?)?$/i.test(s)) return ' Write it as a bulleted list of the key points.'
  if (/^paragraphs?$/i.test(s)) return ' Write it as prose paragraphs.'
  if (/^tl;?dr$/i.test(s)) return ' Write it as a TL;DR of one or two sentences.'
  return ` Write it in this style: ${s}.`
}

const words = (tokens: number) => Math.max(10, Math.round(tokens * 0.75))

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

export async function llmSummary(
  llm: LlmProvider,
  text: string,
  maxTokens: number,
  style: string | undefined,
  opts: { signal: AbortSignal; onUsage: (u: TokenUsage) => void },
): Promise<LlmSummary> {
  const chunkChars = chunkCharsFor(maxTokens)
  const chunks = chunkText(text, chunkChars)
  if (chunks.length > MAX_CHUNKS) {
    fail(
      'PAYLOAD_TOO_LARGE',
      `The text is too long to summarize in one call: it makes ${chunks.length} chunks of about ${chunkChars} characters (at most ${MAX_CHUNKS}); summarize it in parts`,
    )
  }
  const calls = new SummaryCalls(llm, opts)
  if (chunks.length === 1) {
    const prompt = `Summarize the following text in at most about ${words(maxTokens)} words.${styleRule(style)}\n\n<text>\n${chunks[0]}\n</text>`
    return calls.result(await calls.ask(prompt, maxTokens, true), 1, 0)
  }
  const partialTokens = Math.min(1024, Math.max(64, maxTokens))
  const parts = await mapLimit(chunks, CONCURRENCY, (c, i) => calls.ask(partPrompt(c, i, chunks.length, partialTokens), partialTokens, false))
  const { partials, rounds } = await mergeWhileTooLong(calls, parts, chunkChars, partialTokens)
  const summary = await calls.ask(mergePrompt(cutToFit(partials, chunkChars), maxTokens, style, true), maxTokens, true)
  return calls.result(summary, chunks.length, rounds)
}

/** The calls of one summary: their count, usage and model, and a stop for the others once one fails. */
class SummaryCalls {
  private readonly usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }
  private model: string
  private calls = 0
  private truncated = false
  // The first failure stops the chunks still running.
  private readonly stop = new AbortController()
  private readonly signal: AbortSignal

  constructor(
    private readonly llm: LlmProvider,
    private readonly opts: { signal: AbortSignal; onUsage: (u: TokenUsage) => void },
  ) {
    this.model = llm.model ?? ''
    this.signal = AbortSignal.any([opts.signal, this.stop.signal])
  }

  async ask(prompt: string, tokens: number, final: boolean): Promise<string> {
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: prompt },
    ]
    this.calls++
    try {
      const r = await this.llm.chat(messages, { maxTokens: tokens, temperature: 0.2, signal: this.signal, onUsage: (u) => this.count(u) })
      this.model = r.model
      if (final && r.finishReason === 'length') this.truncated = true
      return r.content.trim()
    } catch (err) {
      this.stop.abort(err)
      throw err
    }
  }

  result(summary: string, chunks: number, mergeRounds: number): LlmSummary {
    const { calls, model, truncated } = this
    return { summary, chunks, calls, mergeRounds, model, usage: { ...this.usage, model }, truncated }
  }

  private count(u: TokenUsage): void {
    this.usage.prompt_tokens += u.prompt_tokens
    this.usage.completion_tokens += u.completion_tokens
    this.usage.total_tokens += u.total_tokens
    this.opts.onUsage(u)
  }
}

const joinedLength = (xs: string[]) => xs.reduce((s, x) => s + x.length + 2, 0)

/** Merges groups of partial summaries, a few rounds at most, while together they would not fit one call. */
async function mergeWhileTooLong(calls: SummaryCalls, parts: string[], chunkChars: number, tokens: number): Promise<{ partials: string[]; rounds: number }> {
  let partials = parts
  let rounds = 0
  while (partials.length > 1 && joinedLength(partials) > chunkChars && rounds < MAX_MERGE_ROUNDS) {
    const groups = pack(partials, chunkChars)
    if (groups.length >= partials.length) break
    partials = await mapLimit(groups, CONCURRENCY, (g) => calls.ask(mergePrompt(g, tokens, undefined, false), tokens, false))
    rounds++
  }
  return { partials, rounds }
}

/** Partial summaries still too long together for the final call: each cut to an equal share. */
function cutToFit(partials: string[], chunkChars: number): string[] {
  if (joinedLength(partials) <= chunkChars) return partials
  const each = Math.floor(chunkChars / partials.length)
  return partials.map((p) => (p.length > each ? `${p.slice(0, each - 1)}…` : p))
}

function partPrompt(chunk: string, i: number, n: number, tokens: number): string {
  return `This is part ${i + 1} of ${n} of a longer text. Summarize this part's key points in at most about ${words(tokens)} words; the summaries of all parts will be merged afterwards.\n\n<text>\n${chunk}\n</text>`
}

function mergePrompt(partials: string[], tokens: number, style: string | undefined, final: boolean): string {
  const body = partials.map((p, i) => `<summary part="${i + 1}">\n${p}\n</summary>`).join('\n')
  const what = final ? 'one coherent summary of the whole text' : 'one summary of these consecutive parts'
  return `These are summaries of consecutive parts of one text, in order. Merge them into ${what}, in at most about ${words(tokens)} words, without repeating yourself.${final ? styleRule(style) : ''}\n\n${body}`
}
