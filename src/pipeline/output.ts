/**
 * The X-Max-Output-Size cap: when a result is larger than asked, its longest strings are cut
 * with a visible marker until it fits, and the answer says so (`metadata.truncated`, `messages`).
 * Sizes are JSON bytes (escapes included), and a string a tool already cut keeps one marker whose
 * count adds both cuts: the bytes omitted are counted once, exactly.
 */
import { jsonBytes, jsonPrefix, jsonSizeBound } from '../lib/json-bytes.js'
import { splitTruncation, truncationMarked } from '../lib/truncation.js'

/**
 * `text` cut so that its JSON is `over` bytes smaller (or as small as it gets); returns the new text.
 * Its own marker is read only from a tool that says it cut (`toolCut`): text a caller controls,
 * such as a file's, can end in something that looks like one.
 */
function cutString(text: string, over: number, toolCut: boolean): string {
  const { kept, omitted: before, of } = toolCut ? splitTruncation(text) : { kept: text, omitted: 0, of: undefined }
  const keptBytes = Buffer.byteLength(kept)
  // The marker's size depends on its count: reserve for the largest count it could show.
  const markerBytes = jsonBytes(truncationMarked('', before + keptBytes, of))
  const cut = jsonPrefix(kept, Math.max(0, jsonBytes(text) - over - markerBytes))
  return truncationMarked(cut, before + keptBytes - Buffer.byteLength(cut), of)
}

/** Bytes `metadata` grows by when `truncated: true` is set on it. */
function flagCost(output: Record<string, unknown>): number {
  const meta = output.metadata
  if (typeof meta !== 'object' || meta === null || (meta as Record<string, unknown>).truncated === true) return 0
  const size = (m: unknown) => Buffer.byteLength(JSON.stringify(m))
  return size({ ...meta, truncated: true }) - size(meta)
}

export function capOutput(output: Record<string, unknown>, maxBytes: number, messages: string[]): Record<string, unknown> {
  if (jsonSizeBound(output, maxBytes) <= maxBytes) return output
  const size = Buffer.byteLength(JSON.stringify(output))
  if (size <= maxBytes) return output
  const capped: Record<string, unknown> = { ...output }
  let over = size - maxBytes + flagCost(output)
  const toolCut = (output.metadata as { truncated?: unknown } | null | undefined)?.truncated === true
  const fields = Object.entries(capped)
    .filter(([, v]) => typeof v === 'string')
    .sort((a, b) => (b[1] as string).length - (a[1] as string).length)
  for (const [key, value] of fields) {
    if (over <= 0) break
    const text = value as string
    const cut = cutString(text, over, toolCut)
    over -= jsonBytes(text) - jsonBytes(cut)
    capped[key] = cut
  }
  if (typeof capped.metadata === 'object' && capped.metadata !== null) capped.metadata = { ...(capped.metadata as object), truncated: true }
  messages.push(`Output truncated to fit X-Max-Output-Size (${maxBytes} bytes; the full result was ${size} bytes)`)
  return capped
}
