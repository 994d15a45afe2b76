/**
 * The .gitignore files of the folders between the workspace root and a searched subfolder, for
 * `rg --ignore-file`. rg runs with --no-ignore-parent so it never reads rules from above the
 * workspace; these inside ones are rewritten ("rebased") so that read from the root they mean
 * what they meant in their own folder. Toolgate-specific: this rewrites lines, rg does the matching.
 */
import { constants, promises as fs } from 'node:fs'
import { type CheckedDir, forEachFolderDown, readUpTo, segmentsOf } from '../../../workspace/index.js'

const MAX_IGNORE_BYTES = 1024 * 1024
const GLOB_META = /[*?[\]{}\\!]/g
const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants

/** Text of an open folder's .gitignore, or null. A linked .gitignore is not read (it could lead outside). */
async function gitignoreIn(folder: CheckedDir): Promise<string | null> {
  const handle = await fs.open(folder.at('.gitignore'), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(() => null)
  if (handle === null) return null
  try {
    const st = await handle.stat()
    return st.isFile() ? ((await readUpTo(handle, MAX_IGNORE_BYTES))?.toString('utf8') ?? null) : null
  } catch {
    return null
  } finally {
    await handle.close()
  }
}

interface ParsedLine {
  negated: boolean
  dirOnly: boolean
  anchored: boolean
  glob: string
}

/** One .gitignore line as git reads it, or null for blanks and comments. */
function parseLine(raw: string): ParsedLine | null {
  let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
  if (line.startsWith('#')) return null
  if (!line.endsWith('\\ ')) line = line.trimEnd()
  if (line === '') return null
  let negated = false
  let anchored = false
  if (line.startsWith('\\!') || line.startsWith('\\#')) {
    line = line.slice(1)
    anchored = line.startsWith('/')
  } else {
    if (line.startsWith('!')) {
      negated = true
      line = line.slice(1)
    }
    if (line.startsWith('/')) {
      anchored = true
      line = line.slice(1)
    }
  }
  const dirOnly = line.endsWith('/')
  if (dirOnly) line = line.slice(0, line.endsWith('\\/') ? -2 : -1)
  if (line === '') return null
  return { negated, dirOnly, anchored: anchored || line.includes('/'), glob: line }
}

/** A .gitignore found at `dir` (posix, relative to the root) rewritten to mean the same read from the root. */
export function rebaseGitignore(text: string, dir: string): string {
  const prefix = dir === '.' || dir === '' ? '' : `${dir.replace(GLOB_META, '\\$&')}/`
  const out: string[] = []
  for (const raw of text.split('\n')) {
    const p = parseLine(raw)
    if (p === null) continue
    let glob: string
    if (p.anchored) glob = `/${prefix}${p.glob}`
    else if (prefix !== '') glob = `/${prefix}**/${p.glob}`
    else glob = /^[!#]/.test(p.glob) ? `\\${p.glob}` : p.glob
    out.push(`${p.negated ? '!' : ''}${glob}${p.dirOnly ? '/' : ''}`)
  }
  return out.join('\n')
}

/**
 * The rules of the folders above `rel` (from the root down), rebased, as one ignore file's text;
 * null when there are none. Each folder is opened through the one before it (checked-dir.ts), so
 * a folder swapped for a link is refused, and no .gitignore outside the workspace is ever read.
 */
export async function parentIgnoreRules(root: string, rel: string): Promise<string | null> {
  const segs = segmentsOf(rel)
  if (segs.length === 0) return null // rg reads the root's own .gitignore
  const parts: string[] = []
  await forEachFolderDown(root, segs.slice(0, -1), async (folder, depth) => {
    const text = await gitignoreIn(folder)
    if (text !== null) parts.push(rebaseGitignore(text, depth === 0 ? '.' : segs.slice(0, depth).join('/')))
  })
  const rules = parts.filter((p) => p !== '').join('\n')
  return rules === '' ? null : `${rules}\n`
}
