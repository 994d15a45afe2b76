/**
 * Seed 002 `Read`: a window of a text file's lines in `cat -n` style, streamed, so that any
 * window of a file of any size costs one pass up to it with flat memory (see lines.ts). Notebooks
 * are shown as cells. Binary files are refused rather than dumped.
 */
import type { FileHandle } from 'node:fs/promises'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { openForRead, readWithin } from '../../workspace/index.js'
import { defineTool, type ToolContext } from '../define.js'
import { ToolResult } from '../schema.js'
import { readWindow } from './support/lines.js'
import { MAX_NOTEBOOK_BYTES } from '../../notebook/load.js'
import { MAX_LINE_CHARS, NumberedOutput } from './support/numbered.js'
import { assertText, SNIFF_BYTES } from './support/text.js'

/** Room kept in the output budget for metadata and the closing marker. */
const RESERVE = 600

interface Shown {
  count: number
  bytes: number
  totalLines?: number
  more: boolean
  cells?: number
}

async function notebook(
  handle: FileHandle,
  size: number,
  rel: string,
  offset: number,
  limit: number,
  out: NumberedOutput,
  ctx: ToolContext,
): Promise<Shown | null> {
  if (size > MAX_NOTEBOOK_BYTES) {
    fail('FILE_TOO_LARGE', `${rel} is ${size} bytes; notebooks over ${MAX_NOTEBOOK_BYTES} bytes cannot be shown as cells`)
  }
  const job = {
    op: 'render' as const,
    bytes: await readWithin(handle, MAX_NOTEBOOK_BYTES, rel, size),
    rel,
    offset,
    limit,
    maxBytes: ctx.maxOutputSize,
    maxLineChars: MAX_LINE_CHARS,
  }
  const nb = await ctx.services.notebooks.run(job, rel, ctx.signal)
  if (nb === null) {
    ctx.warn(`${rel} is not valid notebook JSON; showing it as plain text`)
    return null
  }
  let count = 0
  let bytes = 0
  for (const [i, line] of nb.lines.entries()) {
    const n = nb.lineBytes[i]
    if (!out.add(line, n)) break
    count++
    bytes += n + 1
  }
  return { count, bytes, totalLines: nb.totalLines, more: offset + count < nb.totalLines, cells: nb.cells }
}

export default defineTool({
  name: 'Read',
  toolset: 'claude',
  category: 'FILE',
  description: 'Read contents of a file from the filesystem. Supports reading partial files with offset and limit parameters.',
  input: Type.Object({
    file_path: Type.String({ description: 'Absolute path to the file to read', minLength: 1, maxLength: 4096 }),
    offset: Type.Optional(Type.Integer({ description: 'Line number to start reading from', minimum: 0, default: 0 })),
    limit: Type.Optional(Type.Integer({ description: 'Maximum number of lines to read', minimum: 1, maximum: 10000, default: 2000 })),
  }),
  examples: [{ summary: 'Read the first 50 lines of README.md', value: { file_path: 'README.md', offset: 0, limit: 50 } }],
  output: ToolResult({
    lines: Type.Integer({ description: 'Lines shown' }),
    bytes: Type.Integer({ description: 'Bytes of the file those lines take' }),
    file_path: Type.String({ description: 'The file, relative to the workspace root' }),
    file_size: Type.Integer({ description: 'Size of the file in bytes' }),
    total_lines: Type.Integer({ description: 'Lines in the file; present when known without an extra pass' }),
    next_offset: Type.Integer({ description: 'The offset to read on from, when lines follow the window' }),
    cut_lines: Type.Integer({ description: `Lines cut at ${MAX_LINE_CHARS} characters` }),
    cells: Type.Integer({ description: 'Cells in the notebook (.ipynb files)' }),
    truncated: Type.Boolean({ description: 'True when the window was shortened to fit X-Max-Output-Size' }),
  }),
  scope: 'read',
  annotations: { title: 'Read file', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 300_000 },
  maxOutputSize: 256_000,
  async execute({ file_path, offset = 0, limit = 2000 }, ctx) {
    const file = await openForRead(ctx.workspace, file_path, { policy: ctx.settings.blockPolicy })
    const { handle, stat, rel } = file
    try {
      const sniff = Buffer.alloc(Math.min(SNIFF_BYTES, stat.size))
      await handle.read(sniff, 0, sniff.length, 0)
      assertText(sniff, rel, 'Read')
      const out = new NumberedOutput(offset + 1, Math.max(0, ctx.maxOutputSize - RESERVE))
      const decoder = new TextDecoder('utf-8')
      const shown: Shown =
        (rel.toLowerCase().endsWith('.ipynb') && (await notebook(handle, stat.size, rel, offset, limit, out, ctx))) ||
        (await readWindow(handle, stat, {
          offset,
          limit,
          maxLineBytes: 4 * MAX_LINE_CHARS,
          signal: ctx.signal,
          onLine: (head, length) => out.add(decoder.decode(head), length, head.length < length),
        }))
      let output = out.toString()
      const next = shown.more ? offset + shown.count : undefined
      if (out.full) {
        output += `${output === '' ? '' : '\n'}… [output truncated to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes); continue with offset=${next}]`
        ctx.warn(`Output truncated to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes): ${shown.count} lines shown; read on with offset ${next}`)
      }
      if (stat.size === 0) ctx.warn(`${rel} exists but is empty`)
      else if (shown.count === 0 && !out.full && shown.totalLines !== undefined) {
        ctx.warn(`${rel} has ${shown.totalLines} lines; offset ${offset} is past its end`)
      }
      return {
        success: true,
        output,
        error: null,
        metadata: {
          lines: shown.count,
          bytes: shown.bytes,
          file_path: rel,
          file_size: stat.size,
          ...(shown.totalLines !== undefined && { total_lines: shown.totalLines }),
          ...(next !== undefined && { next_offset: next }),
          ...(out.cut > 0 && { cut_lines: out.cut }),
          ...(shown.cells !== undefined && { cells: shown.cells }),
          truncated: out.full,
        },
      }
    } finally {
      await handle.close()
    }
  },
})
