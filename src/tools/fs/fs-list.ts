/**
 * Seed 003 `fs_list`: the entries of one folder, sorted by name. `metadata.entries` holds their
 * names, the output marks folders and links (`ls -F`, kinds read from the folder itself); with
 * `details`, entries are `{name, type, size}` objects. Names only by default: a stat per entry made
 * large folders eight times slower, and objects per entry doubled the cost of the answer. Links are listed as links and never followed or read, so a listing
 * reveals nothing outside the workspace; the folder is opened through the guard and listed
 * through its descriptor.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { Type } from 'typebox'
import { mapInSlices, Slices } from '../../lib/slices.js'
import { sortInSlices } from '../../lib/sort-in-slices.js'
import { lstatEach, protectedBelow, protectedHit } from '../../workspace/index.js'
import { mapFsError } from '../../workspace/fs-errors.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { openFolderToRead } from './support/guard.js'
import { jsonBytes } from '../../lib/json-bytes.js'

const KINDS = ['file', 'dir', 'symlink', 'other'] as const
type Kind = (typeof KINDS)[number]
interface Entry {
  name: string
  type: Kind
  size?: number | null
}

const kindOf = (st: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): Kind =>
  st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other'

/** One line per entry: folders end in `/`, links in `@` (as `ls -F`), files show their size when known. */
function line(e: Entry): string {
  const mark = e.type === 'dir' ? '/' : e.type === 'symlink' ? '@' : ''
  return e.type === 'file' && e.size != null ? `${e.name}${mark}  ${e.size} bytes` : `${e.name}${mark}`
}

/** The folder's entries; with `details`, a size for each file (one lstat each, through the open folder). */
async function readEntries(dirPath: string, rel: string, details: boolean): Promise<Entry[]> {
  const dirents = await fs.readdir(dirPath, { withFileTypes: true }).catch((err: unknown) => mapFsError(err, rel))
  const entries: Entry[] = await mapInSlices(dirents, (d) => ({ name: d.name, type: kindOf(d) }))
  if (!details) return entries
  const sizes = await lstatEach(
    entries.length,
    (i) => (entries[i].type === 'file' ? path.join(dirPath, entries[i].name) : null),
    (st) => st.size,
  )
  for (const [i, e] of entries.entries()) e.size = sizes[i]
  return entries
}

/** Bytes one entry adds to the answer: in `entries` and as a line of `output`. */
const entryBytes = (e: Entry, listed: (e: Entry) => unknown) => Buffer.byteLength(JSON.stringify(listed(e))) + 1 + jsonBytes(line(e)) + 2

/**
 * More than an entry can add: its name twice (in `entries` and its line), each character at most
 * six bytes of JSON, and under 100 bytes of quotes, commas, kind, size and line break.
 */
const entryBound = (e: Entry) => 12 * e.name.length + 100

/**
 * The index of the first entry that no longer fits, or -1: an upper bound first, then entry by
 * entry, a slice at a time, only when it is over (a folder can hold 200,000 entries).
 */
async function keptWithin(entries: Entry[], listed: (e: Entry) => unknown, budget: number): Promise<number> {
  if (entries.reduce((sum, e) => sum + entryBound(e), 0) <= budget) return -1
  let used = 0
  const slices = new Slices()
  for (let i = 0; i < entries.length; i++) {
    if (slices.due) await slices.next()
    if ((used += entryBytes(entries[i], listed)) > budget) return i
  }
  return -1
}

export default defineTool({
  name: 'fs_list',
  toolset: 'codex',
  category: 'FILE',
  description: 'List directory entries.',
  input: Type.Object({
    path: Type.Optional(Type.String({ description: 'Folder to list, relative to the workspace root (or absolute inside it)', default: '.' })),
    details: Type.Optional(
      Type.Boolean({ description: 'Entries as {name, type, size} objects instead of names (one stat per file: slower on large folders)', default: false }),
    ),
  }),
  examples: [{ summary: 'List the workspace root with sizes', value: { path: '.', details: true } }],
  output: ToolResult({
    entries: Type.Union(
      [
        Type.Array(Type.String()),
        Type.Array(
          Type.Object({
            name: Type.String(),
            type: StringEnum(KINDS),
            size: Type.Union([Type.Integer(), Type.Null()], { description: 'Bytes, for files; null otherwise' }),
          }),
        ),
      ],
      { description: "The folder's entries sorted by name: their names, or with details {name, type, size} objects" },
    ),
    count: Type.Integer({ description: 'Number of entries in the folder' }),
    path: Type.String({ description: 'The folder, relative to the workspace root' }),
    truncated: Type.Boolean({ description: 'True when entries were left out to fit X-Max-Output-Size' }),
  }),
  scope: 'read',
  annotations: { title: 'List folder', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 30_000, maxMs: 120_000 },
  async execute({ path: userPath = '.', details = false }, ctx) {
    const policy = ctx.settings.blockPolicy
    const { dir, rel, real } = await openFolderToRead(ctx.workspace, userPath, policy)
    let entries: Entry[]
    try {
      entries = await readEntries(dir.at('.'), rel, details)
      // The server's own files are not listed (the other tools refuse them): only a folder that
      // holds one of them needs each entry checked.
      if (protectedBelow(real).length > 0) entries = entries.filter((e) => !protectedHit(path.join(real, e.name)))
    } finally {
      await dir.close()
    }
    await sortInSlices(entries, (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    const count = entries.length
    // entries and text both grow with the folder: keep as many as the output cap can carry
    const budget = Math.max(0, ctx.maxOutputSize - 800)
    const listed = (e: Entry) => (details ? e : e.name)
    // Only what is shown is built: the rest of a huge folder would be cut anyway.
    const kept = await keptWithin(entries, listed, budget)
    const truncated = kept !== -1
    const shownEntries = truncated ? entries.slice(0, kept) : entries
    const shown = shownEntries.map(listed)
    let output = shownEntries.map(line).join('\n')
    if (truncated) {
      output += `\n… [${count - kept} more entries not shown; the output is capped by X-Max-Output-Size]`
      ctx.warn(`Listing truncated to fit X-Max-Output-Size (${ctx.maxOutputSize} bytes): ${kept} of ${count} entries shown`)
    }
    if (count === 0) output = `${rel} is empty`
    return { success: true, output, error: null, metadata: { entries: shown, count, path: rel, truncated } }
  },
})
