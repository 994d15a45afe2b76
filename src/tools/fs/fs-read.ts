/**
 * Seed 003 `fs_read`: a text file as one string, in the encoding asked for. Only as much of the
 * file as the output cap can carry is read, so a huge file costs no more than a small one; binary
 * files are refused, and bytes that do not decode are reported rather than silently mangled.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { openForRead } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { assertText, fitJson, jsonBytes, SNIFF_BYTES } from './text.js'

export const ENCODINGS = ['utf-8', 'utf8', 'ascii', 'latin1', 'iso-8859-1', 'utf-16le'] as const
export type Encoding = (typeof ENCODINGS)[number]

/** Room kept in the output budget for metadata and the marker. */
const RESERVE = 400

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
  description: 'Read a text file.',
  input: Type.Object({
    path: Type.String({ description: 'Path of the file, relative to the workspace root (or absolute inside it)' }),
    encoding: Type.Optional(StringEnum(ENCODINGS, { description: 'Text encoding of the file', default: 'utf-8' })),
  }),
  output: ToolResult({
    bytes_read: Type.Integer({ description: 'Bytes of the file read and returned' }),
    size: Type.Integer({ description: 'Size of the file in bytes' }),
    path: Type.String({ description: 'The file, relative to the workspace root' }),
    encoding: Type.String({ description: 'Encoding used' }),
    truncated: Type.Boolean({ description: 'True when the file was cut to fit X-Max-Output-Size' }),
  }),
  scope: 'read',
  annotations: { title: 'Read text file', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  async execute({ path: userPath, encoding = 'utf-8' }, ctx) {
    const file = await openForRead(ctx.workspace, userPath, { policy: ctx.settings.blockPolicy })
    const { handle, stat, rel } = file
    const budget = Math.max(0, ctx.maxOutputSize - RESERVE)
    let bytes: Buffer
    try {
      // JSON never takes fewer bytes than the text, so `budget` bytes of file are always enough
      bytes = Buffer.alloc(Math.min(stat.size, budget + 4))
      bytes = bytes.subarray(0, (await handle.read(bytes, 0, bytes.length, 0)).bytesRead)
    } finally {
      await handle.close()
    }
    const whole = bytes.length === stat.size
    const family = encoding === 'utf-8' || encoding === 'utf8' ? 'utf-8' : encoding === 'utf-16le' ? 'utf-16le' : 'latin1'
    assertText(bytes.subarray(0, SNIFF_BYTES), rel, 'fs_read', family)
    const decoded = decode(bytes, encoding, rel, !whole)
    let text = decoded.text
    const fits = jsonBytes(text) <= budget
    const truncated = !whole || !fits
    if (!fits) text = fitJson(text, budget)
    const shown = truncated ? Buffer.byteLength(text, family === 'utf-8' ? 'utf8' : family === 'utf-16le' ? 'utf16le' : 'latin1') : stat.size
    if (truncated) {
      text += `\n…[truncated: ${stat.size - shown} of ${stat.size} bytes not shown; the output is capped by X-Max-Output-Size]`
      ctx.warn(`Output truncated to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes): ${shown} of ${stat.size} bytes shown`)
    }
    if (decoded.replaced > 0) {
      ctx.warn(`${rel} is not valid ${encoding}: ${decoded.replaced} byte sequence(s) shown as U+FFFD; try encoding "latin1"`)
    }
    return {
      success: true, output: text, error: null,
      metadata: { bytes_read: shown, size: stat.size, path: rel, encoding, truncated },
    }
  },
})
