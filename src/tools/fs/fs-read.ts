/**
 * Seed 003 `fs_read`: a text file as one string, in the encoding asked for. Only as much of the
 * file as the output cap can carry is read, so a huge file costs no more than a small one; binary
 * files are refused, and bytes that do not decode are reported rather than silently mangled.
 * `tail` (beyond the seed's signature, optional) returns the last lines instead, read backwards
 * from the end: the end of a huge log in one call (seed 002's Read schema stays as it is).
 */
import type { FileHandle } from 'node:fs/promises'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { openForRead } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { readTail } from './support/tail.js'
import { jsonBytes, jsonPrefix } from '../../lib/json-bytes.js'
import { assertText, SNIFF_BYTES } from './support/text.js'

export const ENCODINGS = ['utf-8', 'utf8', 'ascii', 'latin1', 'iso-8859-1', 'utf-16le'] as const
export type Encoding = (typeof ENCODINGS)[number]

/** Room kept in the output budget for metadata and the marker. */
const RESERVE = 400
export const MAX_TAIL_LINES = 100_000

/** The end of `text` that fits `budget` JSON bytes, from a whole line: a tail loses its first lines. */
function fitJsonTail(text: string, budget: number): string {
  let over = jsonBytes(text) - budget
  let i = 0
  while (over > 0 && i < text.length) {
    const nl = text.indexOf('\n', i)
    const end = nl === -1 ? text.length : nl + 1
    over -= jsonBytes(text.slice(i, end))
    i = end
  }
  return text.slice(i)
}

interface Shown {
  bytes: Buffer
  from: number
  cut: boolean
}

/** The bytes to show: the start of the file, or (tail) its last lines, at most `max` bytes of them. */
async function bytesToShow(handle: FileHandle, size: number, max: number, tail: number | undefined, signal: AbortSignal): Promise<Shown> {
  let from = 0
  if (tail !== undefined) {
    const found = await readTail(handle, size, tail, signal)
    if (found.bytes && found.bytes.length <= max) return { bytes: found.bytes, from: found.from, cut: false }
    from = found.from
  }
  const cut = size - from > max
  if (cut && tail !== undefined) from = size - max // the end of the tail is kept, from its first whole line
  const bytes = Buffer.alloc(Math.min(size - from, max))
  const read = (await handle.read(bytes, 0, bytes.length, from)).bytesRead
  if (!cut || tail === undefined) return { bytes: bytes.subarray(0, read), from, cut }
  const nl = bytes.indexOf(10)
  return { bytes: bytes.subarray(nl + 1, read), from: from + nl + 1, cut }
}

/**
 * Decodes `bytes`; throws when they are not text in `encoding`. `partial`: the bytes stop
 * before the end of the file, so a character cut at the end is dropped, not replaced.
 */
export function decode(bytes: Buffer, encoding: Encoding, rel: string, partial = false): { text: string; replaced: number } {
  switch (encoding) {
    case 'ascii': {
      const bad = bytes.findIndex((b) => b > 0x7f)
      if (bad !== -1) {
        fail('INVALID_REQUEST', `${rel} is not ASCII: byte ${bad} is 0x${bytes[bad].toString(16)}; read it with encoding "utf-8" or "latin1"`)
      }
      return { text: bytes.toString('latin1'), replaced: 0 }
    }
    case 'latin1':
    case 'iso-8859-1':
      return { text: bytes.toString('latin1'), replaced: 0 }
    case 'utf-16le':
      return { text: bytes.subarray(0, bytes.length & ~1).toString('utf16le'), replaced: 0 }
    default: {
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: partial }) // BOM kept, as Python's utf-8 does
      let replaced = 0
      for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) replaced++
      return { text, replaced }
    }
  }
}

export default defineTool({
  name: 'fs_read',
  toolset: 'codex',
  category: 'FILE',
  description: 'Read a text file. With tail: N, only its last N lines (read backwards from the end, fast on files of any size).',
  input: Type.Object({
    path: Type.String({ description: 'Path of the file, relative to the workspace root (or absolute inside it)' }),
    encoding: Type.Optional(StringEnum(ENCODINGS, { description: 'Text encoding of the file', default: 'utf-8' })),
    tail: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TAIL_LINES, description: 'Return only the last N lines of the file (not for utf-16le)' })),
  }),
  examples: [
    { summary: 'Read a text file', value: { path: 'README.md' } },
    { summary: 'The last 20 lines of a log', value: { path: 'logs/app.log', tail: 20 } },
  ],
  output: ToolResult({
    bytes_read: Type.Integer({ description: 'Bytes of the file read and returned' }),
    size: Type.Integer({ description: 'Size of the file in bytes' }),
    path: Type.String({ description: 'The file, relative to the workspace root' }),
    encoding: Type.String({ description: 'Encoding used' }),
    truncated: Type.Boolean({ description: 'True when the file (or the tail asked for) was cut to fit X-Max-Output-Size' }),
    offset: Type.Integer({ description: 'With tail: the byte of the file where the text returned starts' }),
  }),
  scope: 'read',
  annotations: { title: 'Read text file', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  async execute({ path: userPath, encoding = 'utf-8', tail }, ctx) {
    if (tail !== undefined && encoding === 'utf-16le') {
      fail('VALIDATION_ERROR', 'tail counts lines by their \\n byte and cannot be used with utf-16le; read the file without tail', {
        details: { parameter: 'tail' },
      })
    }
    const file = await openForRead(ctx.workspace, userPath, { policy: ctx.settings.blockPolicy })
    const { handle, stat, rel } = file
    const budget = Math.max(0, ctx.maxOutputSize - RESERVE)
    let shown: Shown
    try {
      // JSON never takes fewer bytes than the text, so `budget` bytes of file are always enough
      shown = await bytesToShow(handle, stat.size, budget + 4, tail, ctx.signal)
    } finally {
      await handle.close()
    }
    const { bytes, from } = shown
    const family = encoding === 'utf-8' || encoding === 'utf8' ? 'utf-8' : encoding === 'utf-16le' ? 'utf-16le' : 'latin1'
    assertText(bytes.subarray(0, SNIFF_BYTES), rel, 'fs_read', family)
    const toEnd = from + bytes.length === stat.size
    const decoded = decode(bytes, encoding, rel, !toEnd)
    let text = decoded.text
    const fits = 6 * text.length <= budget || jsonBytes(text) <= budget // a character takes at most 6 bytes of JSON
    if (!fits) text = tail === undefined ? jsonPrefix(text, budget) : fitJsonTail(text, budget)
    const length = !fits ? Buffer.byteLength(text, family === 'utf-8' ? 'utf8' : family === 'utf-16le' ? 'utf16le' : 'latin1') : bytes.length
    const truncated = shown.cut || !fits
    if (truncated) {
      text += `\n…[truncated: ${stat.size - length} of ${stat.size} bytes not shown; the output is capped by X-Max-Output-Size]`
      ctx.warn(`Output truncated to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes): ${length} of ${stat.size} bytes shown`)
    }
    if (decoded.replaced > 0) {
      ctx.warn(`${rel} is not valid ${encoding}: ${decoded.replaced} byte sequence(s) shown as U+FFFD; try encoding "latin1"`)
    }
    return {
      success: true,
      output: text,
      error: null,
      metadata: { bytes_read: length, size: stat.size, path: rel, encoding, truncated, ...(tail !== undefined && { offset: from }) },
    }
  },
})
