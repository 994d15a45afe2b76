/**
 * Git output fitted to the caller's X-Max-Output-Size: cut at a line end with a visible marker,
 * so a huge diff or blob comes back as its head plus a note on how to narrow it.
 */
import type { ChunkedText } from '../../../lib/chunked-text.js'
import { truncationMarked } from '../../../lib/truncation.js'
import type { ToolContext } from '../../define.js'

/** Room kept for metadata (file lists) and the gateway's fields. */
const RESERVE = 2_000

export interface Clipped {
  text: string
  truncated: boolean
}

type Sized = Pick<ToolContext, 'maxOutputSize' | 'warn'>

/** The bytes of text an answer keeps. */
export const clipBudget = (ctx: Pick<ToolContext, 'maxOutputSize'>) => Math.max(256, ctx.maxOutputSize - RESERVE)

/**
 * `text` cut to the budget. With `total`, `text` is the head of a longer output of `total` bytes,
 * at least the budget long: a caller can then skip building what would be cut anyway.
 */
export function clip(text: string, ctx: Sized, hint: string, total = Buffer.byteLength(text)): Clipped {
  const budget = clipBudget(ctx)
  if (total <= budget) return { text, truncated: false }
  // Only the head is encoded (a character is at least a byte): a 64 MB answer encoded whole held the loop ~40 ms.
  let cut = Buffer.from(text.slice(0, budget))
    .subarray(0, budget)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
  const nl = cut.lastIndexOf('\n')
  // The marker's own line break stands for the last one cut (its count then adds up exactly).
  if (nl > budget / 2) cut = cut.slice(0, nl)
  const omitted = total - Buffer.byteLength(cut)
  ctx.warn(`Output truncated to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes): ${omitted} of ${total} bytes omitted; ${hint}`)
  return { text: truncationMarked(cut, omitted, { total, hint }), truncated: true }
}

/** `clip` for text kept in chunks: only its head is joined. */
export const clipText = (text: ChunkedText, ctx: Sized, hint: string): Clipped => clip(text.head(clipBudget(ctx)), ctx, hint, text.bytes)

/**
 * Lists in metadata are capped too, in items and in characters, so that a huge status cannot
 * crowd out the output (the gateway's cap cuts only strings: 1,000 names of 12 KB made a 12 MB answer).
 * Filled as output is parsed, it keeps only what the answer shows: 200,000 names kept until the end
 * made each young-generation collection copy them, 30–60 ms pauses on a slow VM.
 */
export class CappedList {
  readonly items: string[] = []
  /** How many were pushed, kept or not. */
  count = 0
  #chars = 0

  constructor(
    private readonly max = 1000,
    private readonly maxChars = 16_384,
  ) {}

  push(item: string): void {
    this.count++
    if (this.items.length < this.count - 1 || this.items.length >= this.max) return
    this.#chars += item.length
    // The first is kept whatever its size: an empty list would say there is nothing.
    if (this.#chars <= this.maxChars || this.items.length === 0) this.items.push(item)
  }
}

/** `items` capped as a `CappedList` caps them. */
export function capList(items: readonly string[], max = 1000, maxChars = 16_384): string[] {
  const list = new CappedList(max, maxChars)
  for (const item of items) {
    list.push(item)
    if (list.items.length < list.count) break
  }
  return list.items
}
