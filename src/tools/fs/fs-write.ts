/**
 * Seed 003 `fs_write`: write, overwrite or append a text file. Whole writes are atomic (temp file
 * and rename), appends are one O_APPEND write; both go through the workspace guard. Overwrites
 * are warned about, and content that cannot be text (NUL characters, characters the encoding
 * cannot hold) is refused instead of being written mangled.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { appendInside, writeFileInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { ENCODINGS, type Encoding } from './fs-read.js'
import { planWrite } from './support/guard.js'

function encode(content: string, encoding: Encoding): Buffer {
  if (content.includes('\0')) {
    fail('BINARY_FILE', 'content contains NUL characters; fs_write writes text only, so remove them')
  }
  const limit = encoding === 'ascii' ? 0x7f : encoding === 'latin1' || encoding === 'iso-8859-1' ? 0xff : -1
  if (limit !== -1) {
    for (let i = 0; i < content.length; i++) {
      if (content.charCodeAt(i) > limit) {
        fail(
          'INVALID_REQUEST',
          `content has a character (${JSON.stringify(String.fromCodePoint(content.codePointAt(i) as number))} at index ${i}) that ${encoding} cannot encode; use encoding "utf-8"`,
        )
      }
    }
  }
  return Buffer.from(content, encoding === 'utf-16le' ? 'utf16le' : limit === -1 ? 'utf8' : 'latin1')
}

export default defineTool({
  name: 'fs_write',
  toolset: 'codex',
  category: 'FILE',
  description: 'Write or overwrite a text file.',
  input: Type.Object({
    path: Type.String({ description: 'Path of the file, relative to the workspace root (or absolute inside it)' }),
    content: Type.String({ description: 'Text to write' }),
    encoding: Type.Optional(StringEnum(ENCODINGS, { description: 'Text encoding to write in', default: 'utf-8' })),
    append: Type.Optional(Type.Boolean({ description: 'Append to the file instead of replacing it', default: false })),
  }),
  examples: [{ summary: 'Append a line to a log', value: { path: 'logs/notes.txt', content: 'checked the build\n', append: true } }],
  output: ToolResult({
    bytes_written: Type.Integer({ description: 'Bytes written (0 in a dry run)' }),
    mode: StringEnum(['create', 'overwrite', 'append'] as const, { description: 'What the write did (or would do, in a dry run)' }),
    path: Type.String({ description: 'The file, relative to the workspace root' }),
    dry_run: Type.Boolean({ description: 'Present in a dry run: nothing was written' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  annotations: { title: 'Write text file', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  precheck({ content, encoding = 'utf-8' }) {
    encode(content, encoding)
  },
  async execute({ path: userPath, content, encoding = 'utf-8', append = false }, ctx) {
    const data = encode(content, encoding)
    const policy = ctx.settings.blockPolicy
    const { res, existing } = await planWrite(ctx.workspace, userPath, policy)
    const mode = existing === null ? 'create' : append ? 'append' : 'overwrite'
    if (ctx.dryRun) {
      if (mode === 'overwrite') ctx.warn(`[Dry Run] ${res.rel} exists and would be overwritten`)
      const verb = mode === 'append' ? 'append' : 'write'
      return {
        success: true,
        output: `[Dry Run] Would ${verb} ${data.length} bytes to ${res.rel}`,
        error: null,
        metadata: { bytes_written: 0, mode, path: res.rel, dry_run: true },
      }
    }
    if (mode === 'overwrite') ctx.warn(`Overwriting existing file ${res.rel} (${existing?.size} bytes)`)
    const written = append
      ? await appendInside(ctx.workspace, userPath, data, { policy, createParents: true })
      : (await writeFileInside(ctx.workspace, userPath, data, { policy, createParents: true })).bytes
    const did = mode === 'create' ? 'Created' : mode === 'append' ? 'Appended to' : 'Overwrote'
    return {
      success: true,
      output: `${did} ${res.rel} (${written} bytes written)`,
      error: null,
      metadata: { bytes_written: written, mode, path: res.rel },
    }
  },
})
