/**
 * The JavaScript engine's search of one file. Line mode streams the file in 1 MB chunks: one
 * whole-chunk regex scan finds candidate lines (cheap when nothing matches), each is confirmed on
 * its own line, so matches never span lines, as in rg. Multiline mode reads the whole file (up to
 * 64 MB). A NUL byte in the first chunk marks the file binary (skipped); one later stops the search
 * there, keeping what was found before, as rg does with its buffers. File calls are synchronous
 * (see walk.ts); the caller's `breathe` runs between chunks so a large file never blocks for long.
 */
import fs from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { CHUNK, shared } from './open-file.js'
import { ContextEmitter, Lines, type Emit } from './lines.js'
import type { CompiledRegex } from './rg-regex.js'

export const MAX_WHOLE_BYTES = 64 << 20

export type Mode = 'content' | 'files_with_matches' | 'count'
export interface SearchSpec {
  re: CompiledRegex; multiline: boolean; mode: Mode; before: number; after: number; emit: Emit; breathe: () => Promise<void>
}
export interface FileOutcome { count: number; stopped?: boolean; skipped?: 'binary' | 'large' }

/** Start offsets of the lines of `text` that match. */
function* matchingLines(text: string, re: CompiledRegex): Generator<number> {
  const g = re.global
  let pos = 0
  while (pos < text.length) {
    g.lastIndex = pos
    const m = g.exec(text)
    if (!m) return
    const start = text.lastIndexOf('\n', m.index - 1) + 1
    let end = text.indexOf('\n', m.index)
    if (end === -1) end = text.length
    if (re.line.test(text.slice(start, end))) yield start
    pos = end + 1
  }
}

export async function searchFile(fd: number, size: number, spec: SearchSpec): Promise<FileOutcome> {
  try {
    return spec.multiline ? await searchWhole(fd, size, spec) : await searchChunks(fd, spec)
  } finally {
    fs.closeSync(fd)
  }
}

async function searchChunks(fd: number, spec: SearchSpec): Promise<FileOutcome> {
  const decoder = new StringDecoder('utf8')
  const emitter = spec.mode === 'content' ? new ContextEmitter(spec.before, spec.after, spec.emit) : null
  let carry = ''
  let lineNo = 1
  let count = 0
  for (let first = true; ; first = false) {
    const n = fs.readSync(fd, shared, 0, CHUNK, null)
    const chunk = shared.subarray(0, n)
    if (chunk.includes(0)) {
      if (first) return { count: 0, skipped: 'binary' }
      break // binary from here on: keep what was found before, as rg does
    }
    let text: string
    if (n === 0) {
      text = carry + decoder.end()
      if (text !== '') text += '\n'
    } else {
      const s = carry + decoder.write(chunk)
      const cut = s.lastIndexOf('\n')
      carry = cut === -1 ? s : s.slice(cut + 1)
      text = cut === -1 ? '' : s.slice(0, cut + 1)
      if (carry.length > MAX_WHOLE_BYTES) return { count, skipped: 'large' }
    }
    if (text !== '') {
      if (spec.mode === 'files_with_matches') {
        if (!matchingLines(text, spec.re).next().done) return { count: 1 }
      } else if (emitter === null) {
        for (const _ of matchingLines(text, spec.re)) count++
      } else {
        const lines = new Lines(text, lineNo)
        for (const start of matchingLines(text, spec.re)) {
          const at = lines.lineAt(start)
          if (!emitter.range(lines, at, at)) return { count: emitter.lines, stopped: true }
        }
        if (!emitter.endBlock(lines)) return { count: emitter.lines, stopped: true }
        lineNo += lines.count
      }
    }
    if (n === 0) break
    await spec.breathe()
  }
  return { count: emitter ? emitter.lines : count }
}

async function searchWhole(fd: number, size: number, spec: SearchSpec): Promise<FileOutcome> {
  if (size > MAX_WHOLE_BYTES) return { count: 0, skipped: 'large' }
  let bytes = Buffer.allocUnsafe(size + 1)
  let len = 0
  for (let n = 1; n > 0; len += n) {
    if (len === bytes.length) bytes = Buffer.concat([bytes, Buffer.allocUnsafe(bytes.length)])
    n = fs.readSync(fd, bytes, len, bytes.length - len, null)
  }
  const data = bytes.subarray(0, len)
  if (data.includes(0)) return { count: 0, skipped: 'binary' }
  const lines = new Lines(data.toString('utf8'), 1)
  const emitter = spec.mode === 'content' ? new ContextEmitter(spec.before, spec.after, spec.emit) : null
  const text = lines.text
  const g = spec.re.global
  g.lastIndex = 0
  let count = 0
  let pending: [number, number] | null = null
  for (let m = g.exec(text); m !== null; m = g.exec(text)) {
    // an empty match after the last '\n' is not on any line
    if (m.index === text.length && (text === '' || text.endsWith('\n'))) break
    if (m[0].length === 0) g.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1)
    if (spec.mode === 'files_with_matches') return { count: 1 }
    count++
    if (!emitter) continue
    const a = lines.lineAt(m.index)
    const b = m[0].length > 0 ? lines.lineAt(m.index + m[0].length - 1) : a
    // rg hands adjacent or overlapping match lines to its printer as one block
    if (pending && a <= pending[1] + 1) pending[1] = Math.max(pending[1], b)
    else {
      if (pending && !emitter.range(lines, pending[0], pending[1])) return { count: emitter.lines, stopped: true }
      pending = [a, b]
    }
  }
  if (!emitter) return { count }
  if (pending && !emitter.range(lines, pending[0], pending[1])) return { count: emitter.lines, stopped: true }
  if (!emitter.endBlock(lines)) return { count: emitter.lines, stopped: true }
  return { count: emitter.lines }
}
