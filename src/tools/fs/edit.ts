/**
 * Seed 002 `Edit`: exact find/replace in a text file, written atomically, answered with a unified
 * diff. It refuses rather than guesses: no match, several matches without replace_all, or no
 * change are coded errors. Line endings are the file's: strings sent with `\n` match and write
 * `\r\n` in a CRLF file, so an agent never has to know which style a file uses.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { assertAllowed, type BlockPolicy, lstatBeneath, type OpenedFile, openForRead, readWithin, writeFileInside } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { replacementDiff } from './support/diff.js'
import { assertText, eolOf, withEol } from './support/text.js'

export const MAX_EDIT_BYTES = 10 * 1024 * 1024

/**
 * Start indexes of the non-overlapping occurrences of `needle`, found a slice at a time. A typed
 * array sized for the most there can be: a growing array of millions copied itself for 200 ms at once.
 */
async function occurrences(text: string, needle: string, signal: AbortSignal): Promise<Int32Array> {
  const at = new Int32Array(Math.floor(text.length / needle.length) + 1)
  let n = 0
  let turn = performance.now()
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) {
    at[n++] = i
    if (n % SLICE === 0 && performance.now() - turn > 10) {
      await nextTurn()
      signal.throwIfAborted()
      turn = performance.now()
    }
  }
  return at.subarray(0, n)
}

/** Occurrences handled between turns of the event loop. */
const SLICE = 0x4000

/** `text` with the first `count` occurrences `at` of a string of `oldLength` replaced by `newS`, built a slice at a time. */
async function replacedAt(text: string, at: Int32Array, count: number, oldLength: number, newS: string, signal: AbortSignal): Promise<string> {
  const slices: string[] = []
  let from = 0
  for (let i = 0; i < count; i += SLICE) {
    const parts: string[] = []
    for (let k = i; k < Math.min(count, i + SLICE); k++) {
      parts.push(text.slice(from, at[k]), newS)
      from = at[k] + oldLength
    }
    slices.push(parts.join(''))
    await nextTurn()
    signal.throwIfAborted()
  }
  slices.push(text.slice(from))
  return slices.join('')
}

/** The strings as sent, or in the file's line-ending style, with their occurrences: the first that occurs wins. */
async function matchOf(text: string, oldString: string, newString: string, signal: AbortSignal): Promise<[string, string, Int32Array] | undefined> {
  const eol = eolOf(text)
  const spellings = [[withEol(oldString, eol), withEol(newString, eol)]]
  if (spellings[0][0] !== oldString) spellings.push([oldString, newString])
  for (const [o, n] of spellings) {
    const at = await occurrences(text, o, signal)
    if (at.length > 0) return [o, n, at]
  }
  return undefined
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** What a refused edit's answer still says: which file. */
const failedAt = (rel: string) => ({ details: { result: { metadata: { file_path: rel } } } })

/** The file to edit, read whole as UTF-8 text (a BOM kept as it is), and its handle closed. */
async function readText(workspace: string, filePath: string, policy: BlockPolicy): Promise<{ file: OpenedFile; text: string; bytes: number }> {
  const file = await openForRead(workspace, filePath, { maxBytes: MAX_EDIT_BYTES, policy })
  let bytes: Buffer
  try {
    bytes = await readWithin(file.handle, MAX_EDIT_BYTES, file.rel, file.stat.size)
  } finally {
    await file.handle.close()
  }
  assertText(bytes.subarray(0, 8192), file.rel, 'Edit')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return fail('BINARY_FILE', `${file.rel} is not valid UTF-8 text; Edit changes UTF-8 text files only`)
  }
  // 10 MiB takes ~40 ms to decode: the search starts after a poll for I/O (an immediate queued
  // from an I/O callback runs before the next poll, so it takes two)
  await nextTurn()
  await nextTurn()
  return { file, text, bytes: bytes.length }
}

/**
 * Refuses an edit whose result would be larger than Edit reads: replace_all of a short string by
 * a long one multiplies a file (4 MB of `a\n`, each `a` made 300 characters, passed V8's longest
 * string: a 500). Counted before anything is built.
 */
function assertFits(bytes: number, count: number, oldS: string, newS: string, rel: string): void {
  const size = bytes + count * (Buffer.byteLength(newS) - Buffer.byteLength(oldS))
  if (size > MAX_EDIT_BYTES) {
    fail('FILE_TOO_LARGE', `This edit would make ${rel} ${size} bytes; Edit reads and writes files of at most ${MAX_EDIT_BYTES} bytes`, {
      details: { size, limit: MAX_EDIT_BYTES, result: { metadata: { file_path: rel } } },
    })
  }
}

/** Where old_string occurs (in the file's line endings), refusing no match, no change, or several without replace_all. */
async function located(text: string, oldString: string, newString: string, replaceAll: boolean, rel: string, signal: AbortSignal) {
  const meta = failedAt(rel)
  const [oldS, newS, at] =
    (await matchOf(text, oldString, newString, signal)) ??
    fail('EDIT_NO_MATCH', `old_string not found in ${rel}; read the file again and copy the text exactly, including whitespace and indentation`, meta)
  if (oldS === newS)
    fail('EDIT_NO_CHANGE', `old_string and new_string differ only in line endings, which follow ${rel}'s own; the edit would change nothing`, meta)
  if (at.length > 1 && !replaceAll) {
    fail('EDIT_NOT_UNIQUE', `old_string occurs ${at.length} times in ${rel}; add context to make it unique or set replace_all`, {
      details: { occurrences: at.length, result: { metadata: { file_path: rel } } },
    })
  }
  return { oldS, newS, at }
}

export default defineTool({
  name: 'Edit',
  toolset: 'claude',
  category: 'FILE',
  description:
    'Edit a file with find/replace: replaces old_string with new_string exactly once, or everywhere with replace_all. old_string must match the file exactly (whitespace included) and be unique unless replace_all is set.',
  input: Type.Object({
    file_path: Type.String({ description: 'Absolute path to the file to modify (or a path relative to the workspace root)' }),
    old_string: Type.String({ description: 'The text to replace' }),
    new_string: Type.String({ description: 'The text to replace it with (must be different from old_string)' }),
    replace_all: Type.Optional(Type.Boolean({ description: 'Replace all occurrences of old_string', default: false })),
  }),
  examples: [{ summary: 'Rename a function once', value: { file_path: 'src/app.py', old_string: 'def main():', new_string: 'def run():' } }],
  output: ToolResult({
    file_path: Type.String({ description: 'The file, relative to the workspace root' }),
    replacements: Type.Integer({ description: 'Occurrences replaced' }),
    diff: Type.String({ description: 'Unified diff of the change' }),
    dry_run: Type.Boolean({ description: 'Present in a dry run: nothing was written' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  annotations: { title: 'Edit file', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  precheck({ old_string, new_string }) {
    if (old_string === '') fail('VALIDATION_ERROR', 'Value for old_string is empty: give the text to replace (to create a file, use Write)')
    // Half of a surrogate pair could match half of a character in the file, and would be written as U+FFFD.
    for (const [name, value] of [
      ['old_string', old_string],
      ['new_string', new_string],
    ]) {
      if (/\p{Cs}/u.test(value)) fail('VALIDATION_ERROR', `Value for ${name} holds half of a character (a lone UTF-16 surrogate): send whole characters`)
    }
    if (old_string === new_string) {
      fail('EDIT_NO_CHANGE', 'old_string and new_string are the same, so the edit would change nothing; give the new text in new_string')
    }
  },
  async execute({ file_path, old_string, new_string, replace_all = false }, ctx) {
    const policy = ctx.settings.blockPolicy
    await assertAllowed(ctx.workspace, file_path, 'write', { policy })
    const { file, text, bytes } = await readText(ctx.workspace, file_path, policy)
    const { rel, stat } = file
    const { oldS, newS, at } = await located(text, old_string, new_string, replace_all, rel, ctx.signal)
    const n = replace_all ? at.length : 1
    assertFits(bytes, n, oldS, newS, rel)
    // Carried twice (output and metadata.diff): each gets half of the output cap.
    const budget = Math.max(4096, Math.floor(ctx.maxOutputSize / 2))
    const diff = await replacementDiff(text, { at: replace_all ? at : at.slice(0, 1), oldS, newS }, rel, budget, ctx.signal)

    if (ctx.dryRun) {
      return {
        success: true,
        output: `[Dry Run] Would replace ${plural(n, 'occurrence')} in ${rel}\n${diff}`,
        error: null,
        metadata: { file_path: rel, replacements: 0, diff, dry_run: true },
      }
    }
    // Built before the check, with nothing awaited between the check and the write: a change made
    // while millions of replacements were built would otherwise be overwritten.
    const updated = await replacedAt(text, at, n, oldS.length, newS, ctx.signal)
    const now = await lstatBeneath(file.root, file.real, file.rel).catch(() => null)
    if (now === null || now.size !== stat.size || now.mtimeMs !== stat.mtimeMs || now.ino !== stat.ino) {
      fail('CONFLICT', `${rel} changed while it was being edited; read it again and retry`, failedAt(rel))
    }
    await writeFileInside(ctx.workspace, file_path, updated, { policy })
    return {
      success: true,
      output: `Edited ${rel}: ${plural(n, 'replacement')}\n${diff}`,
      error: null,
      metadata: { file_path: rel, replacements: n, diff },
    }
  },
})
