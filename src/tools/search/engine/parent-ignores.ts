/**
 * The .gitignore files of the folders between the workspace root and a searched subfolder, for
 * `rg --ignore-file`. rg runs with --no-ignore-parent so it never reads rules from above the
 * workspace; these inside ones are rewritten ("rebased") so that read from the root they mean
 * what they meant in their own folder. Toolgate-specific: this rewrites lines, rg does the matching.
 */
import fs from 'node:fs'
import path from 'node:path'

const MAX_IGNORE_BYTES = 1024 * 1024
const GLOB_META = /[*?[\]{}\\!]/g

/** Text of a folder's .gitignore, or null. A linked .gitignore is not read (it could lead outside). */
export function readGitignoreText(dirAbs: string): string | null {
  const file = path.join(dirAbs, '.gitignore')
  try {
    const st = fs.lstatSync(file, { throwIfNoEntry: false })
    if (!st?.isFile() || st.size > MAX_IGNORE_BYTES) return null
    return fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** Folders above `start` (posix, relative to the root), from the root down; none for the root. */
export function foldersAbove(start: string): string[] {
  if (start === '.') return []
  const segs = start.split('/')
  return segs.map((_, i) => (i === 0 ? '.' : segs.slice(0, i).join('/')))
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

/** The parent folders' rules, rebased, as one ignore file's text; null when there are none. */
export function parentIgnoreRules(root: string, rel: string): string | null {
  const parts: string[] = []
  for (const base of foldersAbove(rel)) {
    const text = readGitignoreText(base === '.' ? root : path.join(root, base))
    if (text !== null) parts.push(rebaseGitignore(text, base))
  }
  const rules = parts.filter((p) => p !== '').join('\n')
  return rules === '' ? null : `${rules}\n`
}
