/**
 * Git output fitted to the caller's X-Max-Output-Size: cut at a line end with a visible marker,
 * so a huge diff or blob comes back as its head plus a note on how to narrow it.
 */
import type { ToolContext } from '../../define.js'

/** Room kept for metadata (file lists) and the gateway's fields. */
const RESERVE = 2_000

export interface Clipped {
  text: string
  truncated: boolean
}

export function clip(text: string, ctx: Pick<ToolContext, 'maxOutputSize' | 'warn'>, hint: string): Clipped {
  const budget = Math.max(256, ctx.maxOutputSize - RESERVE)
  const total = Buffer.byteLength(text)
  if (total <= budget) return { text, truncated: false }
  let cut = Buffer.from(text)
    .subarray(0, budget)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
  const nl = cut.lastIndexOf('\n')
  if (nl > budget / 2) cut = cut.slice(0, nl + 1)
  const omitted = total - Buffer.byteLength(cut)
  ctx.warn(`Output truncated to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes): ${omitted} of ${total} bytes omitted; ${hint}`)
  return { text: `${cut}${cut.endsWith('\n') ? '' : '\n'}…[truncated: ${omitted} of ${total} bytes omitted; ${hint}]`, truncated: true }
}

/** Lists in metadata are capped too, so that a huge status cannot crowd out the output. */
export function capList(items: string[], max = 1000): string[] {
  return items.length > max ? items.slice(0, max) : items
}
