/**
 * The X-Max-Output-Size cap: when a result is larger than asked, its longest strings are cut
 * with a visible marker until it fits, and the answer says so (`metadata.truncated`, `messages`).
 */
/** An upper bound of the JSON size of small flat results, without serializing them. */
function boundedSize(output: Record<string, unknown>): number {
  let n = 2
  for (const k in output) {
    const v = output[k]
    if (typeof v === 'string') n += k.length + 6 * v.length + 6
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) n += k.length + 30
    else return Infinity
  }
  return n
}

export function capOutput(output: Record<string, unknown>, maxBytes: number, messages: string[]): Record<string, unknown> {
  if (boundedSize(output) <= maxBytes) return output
  const size = Buffer.byteLength(JSON.stringify(output))
  if (size <= maxBytes) return output
  const capped: Record<string, unknown> = { ...output }
  let over = size - maxBytes
  const fields = Object.entries(capped)
    .filter(([, v]) => typeof v === 'string')
    .sort((a, b) => (b[1] as string).length - (a[1] as string).length)
  for (const [key, value] of fields) {
    if (over <= 0) break
    const text = value as string
    const bytes = Buffer.byteLength(text)
    const keep = Math.max(0, bytes - over - 64)
    const cut = Buffer.from(text)
      .subarray(0, keep)
      .toString('utf8')
      .replace(/\uFFFD+$/, '')
    const omitted = bytes - Buffer.byteLength(cut)
    capped[key] = `${cut}\n…[truncated: ${omitted} bytes omitted]`
    over -= omitted - 40
  }
  if (typeof capped.metadata === 'object' && capped.metadata !== null) capped.metadata = { ...(capped.metadata as object), truncated: true }
  messages.push(`Output truncated to fit X-Max-Output-Size (${maxBytes} bytes; the full result was ${size} bytes)`)
  return capped
}
