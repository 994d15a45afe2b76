/**
 * Response bodies read with a byte cap (counted after decompression, so a small gzip bomb stays
 * small), and turned into text with the charset the response declares.
 */

export interface CappedBody {
  body: Buffer
  bytes: number
  truncated: boolean
}

/** Reads at most `maxBytes`; one byte more means `truncated`, and the rest is never read. */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<CappedBody> {
  if (!stream) return { body: Buffer.alloc(0), bytes: 0, truncated: false }
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  let truncated = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const room = maxBytes - bytes
      if (value.byteLength > room) {
        if (room > 0) chunks.push(value.subarray(0, room))
        bytes += Math.max(room, 0)
        truncated = true
        break
      }
      chunks.push(value)
      bytes += value.byteLength
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
  return { body: Buffer.concat(chunks), bytes, truncated }
}

const TEXTUAL =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-www-form-urlencoded|x-ndjson|yaml|x-yaml|toml|graphql|sql|x-sh|csv)\b)|[+/](json|xml|yaml)\b/i

/** Text by its content type; without one, by the absence of NUL bytes in the first 8 KB. */
export function isTextual(contentType: string | null, body: Buffer): boolean {
  const mime = (contentType ?? '').split(';')[0].trim()
  if (mime) return TEXTUAL.test(mime)
  return !body.subarray(0, 8192).includes(0)
}

/** Decodes with the declared charset (utf-8 when none or unknown). */
export function decodeText(body: Buffer, contentType: string | null): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}
