/**
 * Seed 001 `read_repo_file`: one file of the caller's workspace, read-only, at most 1 MB, never a
 * blocked name (`.env*`, secrets folders, `*.key`, `*.pem`) however the path is spelt.
 */
import path from 'node:path'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { openForRead } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { DateTime, StringEnum } from '../schema.js'
import { isoSeconds } from '../../lib/iso-seconds.js'

export const MAX_FILE_BYTES = 1024 * 1024

export default defineTool({
  name: 'read_repo_file',
  toolset: 'booster',
  category: 'FILE',
  description: 'Read a file from the repository. Limited to safe paths.',
  input: Type.Object({
    path: Type.String({ description: 'Relative path from repo root', pattern: '^[a-zA-Z0-9_./-]+$' }),
    encoding: Type.Optional(StringEnum(['utf-8', 'base64'], { default: 'utf-8' })),
  }),
  examples: [{ summary: "Read a tracker file (seed 001's example)", value: { path: 'paths/Advanced/tracker.md' } }],
  output: Type.Object({
    content: Type.String({ description: 'File content' }),
    size: Type.Integer({ description: 'File size in bytes' }),
    modified: DateTime({ description: 'Last modified timestamp' }),
  }),
  scope: 'read',
  annotations: { title: 'Read repository file', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 10_000, maxMs: 60_000 },
  // base64 of a whole 1 MB file must fit by default.
  maxOutputSize: 1_500_000,
  async execute({ path: rel, encoding = 'utf-8' }, ctx) {
    if (path.posix.isAbsolute(rel)) {
      fail('PATH_OUTSIDE_WORKSPACE', `"${rel}" is absolute; pass a path relative to the repository root`)
    }
    const file = await openForRead(ctx.workspace, rel, { maxBytes: MAX_FILE_BYTES })
    try {
      // Read at most one byte past the limit: a file that grew since the size check is still refused,
      // and `size` always describes the bytes returned.
      const buf = Buffer.alloc(Math.min(file.stat.size, MAX_FILE_BYTES) + 1)
      let n = 0
      for (let got = -1; got !== 0 && n < buf.length; n += got) got = (await file.handle.read(buf, n, buf.length - n, n)).bytesRead
      if (n > MAX_FILE_BYTES) fail('FILE_TOO_LARGE', `File too large: ${file.rel} grew past the limit of ${MAX_FILE_BYTES} bytes`)
      const bytes = buf.subarray(0, n)
      let content: string
      if (encoding === 'base64') content = bytes.toString('base64')
      else {
        try {
          content = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
        } catch {
          fail('BINARY_FILE', `${file.rel} is not UTF-8 text; read it with "encoding": "base64"`)
        }
      }
      return { content, size: n, modified: isoSeconds(file.stat.mtime) }
    } finally {
      await file.handle.close()
    }
  },
})
