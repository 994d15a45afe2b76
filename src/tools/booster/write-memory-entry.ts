/**
 * Seed 001 `write_memory_entry`: append-only notes in three memory files under the workspace's
 * memory folder. Every call waits for a person's approval; size and JSON-lines checks run before
 * it is held, so nobody is asked to approve an entry that cannot be written.
 */
import path from 'node:path'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { appendInside, assertAllowed, resolveInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { DateTime, StringEnum } from '../schema.js'
import { isoSeconds } from '../../lib/iso-seconds.js'

export const MAX_ENTRY_BYTES = 10 * 1024
export const MEMORY_FILES = ['progress_log.jsonl', 'decisions.jsonl', 'best_practices.md'] as const

/** The bytes that will be appended: the entry, ending in exactly one newline. */
function line(entry: string): string {
  return entry.endsWith('\n') ? entry : `${entry}\n`
}

export default defineTool({
  name: 'write_memory_entry',
  toolset: 'booster',
  category: 'FILE',
  description: 'Append an entry to a memory file. Only supports append operations.',
  input: Type.Object({
    file: StringEnum(MEMORY_FILES, { description: 'Target memory file' }),
    entry: Type.String({ description: 'Content to append' }),
  }),
  examples: [
    {
      summary: "Log a finished task (seed 001's example)",
      value: {
        file: 'progress_log.jsonl',
        entry: '{"timestamp": "2026-01-09T10:30:00Z", "event": "task_complete", "task": "EDA notebook"}',
      },
    },
  ],
  output: Type.Object({
    success: Type.Boolean(),
    bytes_written: Type.Integer(),
    timestamp: DateTime(),
  }),
  scope: 'write',
  supportsDryRun: true,
  approval: 'always',
  annotations: { title: 'Append to memory', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  timeout: { defaultMs: 10_000, maxMs: 60_000 },
  precheck({ file, entry }) {
    const bytes = Buffer.byteLength(entry)
    if (bytes > MAX_ENTRY_BYTES) {
      fail('ENTRY_TOO_LARGE', `Entry is ${bytes} bytes; the limit is ${MAX_ENTRY_BYTES} bytes (10 KB). Split it into smaller entries`, {
        details: { size: bytes, limit: MAX_ENTRY_BYTES },
      })
    }
    if (entry.trim() === '') fail('VALIDATION_ERROR', 'Value for entry is empty: write some content')
    if (file.endsWith('.jsonl')) {
      const body = entry.endsWith('\n') ? entry.slice(0, -1) : entry
      if (/[\r\n]/.test(body)) fail('INVALID_JSONL', `${file} takes one JSON value on one line; the entry spans several lines`)
      try {
        JSON.parse(body)
      } catch (e) {
        fail('INVALID_JSONL', `${file} takes valid JSON lines: ${(e as Error).message}`)
      }
    }
  },
  async execute({ file, entry }, ctx) {
    const target = `${ctx.settings.memoryDir}/${file}`
    const data = line(entry)
    if (ctx.dryRun) {
      ctx.warn(`[Dry Run] Would append ${Buffer.byteLength(data)} bytes to ${target}`)
      return { success: true, bytes_written: 0, timestamp: isoSeconds() }
    }
    // Only the memory files themselves: a link planted at memory/<file> must not redirect the append
    // to another file of the workspace (README.md, a CI workflow) that the approver never saw named.
    const checked = await assertAllowed(ctx.workspace, target, 'write', { allowMissing: true })
    const folder = await resolveInside(ctx.workspace, ctx.settings.memoryDir, { allowMissing: true })
    if (checked.target !== path.join(folder.target, file)) {
      fail(
        'PATH_BLOCKED',
        `${checked.rel} is a symbolic link to another file; write_memory_entry only appends to the memory files themselves, so replace the link with a regular file`,
      )
    }
    const written = await appendInside(ctx.workspace, target, data, { createParents: true })
    return { success: true, bytes_written: written, timestamp: isoSeconds() }
  },
})
